import { PDFDocument } from 'pdf-lib'

/** One PDF of every label, pages in the order given (a courier's label may have several pages). */
export async function mergePdfs(files: Uint8Array[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create()
  for (const file of files) {
    const source = await PDFDocument.load(file)
    const pages = await merged.copyPages(source, source.getPageIndices())
    for (const page of pages) merged.addPage(page)
  }
  return merged.save()
}
