/** The API's limit for one uploaded picture (apps/api/src/http/uploads.ts, MAX_UPLOAD_BYTES). */
export const UPLOAD_LIMIT_BYTES = 8 * 1024 * 1024
/** The longest side kept in the browser: the API makes 1920 px banners and 1200 px product photos at most. */
export const UPLOAD_MAX_SIDE = 2000
export const UPLOAD_QUALITY = 0.85

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp']

/** The browser's picture tools, passed in so tests can stand in for them. */
export interface ImageTools {
  /** Width and height of the picture, and a drawable for `encode`; null when the browser cannot read it. */
  decode: (file: File) => Promise<{ width: number; height: number; source: CanvasImageSource; close?: () => void } | null>
  /** The picture drawn at width × height, as `type` at `quality`; null when the browser cannot. */
  encode: (source: CanvasImageSource, width: number, height: number, type: string, quality: number) => Promise<Blob | null>
}

export const browserImageTools: ImageTools = {
  decode: async (file) => {
    if (typeof createImageBitmap !== 'function') return null
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
      return { width: bitmap.width, height: bitmap.height, source: bitmap, close: () => bitmap.close() }
    } catch {
      return null
    }
  },
  encode: (source, width, height, type, quality) =>
    new Promise((resolve) => {
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const context = canvas.getContext('2d')
      if (!context || typeof canvas.toBlob !== 'function') {
        resolve(null)
        return
      }
      context.drawImage(source, 0, 0, width, height)
      canvas.toBlob((blob) => resolve(blob), type, quality)
    }),
}

export type PreparedUpload = { file: File } | { error: 'notImage' | 'tooLarge' }

/**
 * A picture made ready to send: a large phone photo (12 MB, 4000 px) is drawn again at most 2000 px wide
 * or high, JPEG stays JPEG, WebP stays WebP, PNG becomes WebP (transparency kept), quality 0.85. A small
 * picture is sent as it is. What is still over the 8 MB limit is refused here, with a message, instead of
 * failing on the server.
 */
export async function prepareUpload(file: File, tools: ImageTools = browserImageTools): Promise<PreparedUpload> {
  if (!ACCEPTED.includes(file.type)) return { error: 'notImage' }
  const decoded = await tools.decode(file)
  if (!decoded) return file.size <= UPLOAD_LIMIT_BYTES ? { file } : { error: 'tooLarge' }
  try {
    const longest = Math.max(decoded.width, decoded.height)
    if (longest <= UPLOAD_MAX_SIDE && file.size <= UPLOAD_LIMIT_BYTES / 4) return { file }
    const scale = Math.min(1, UPLOAD_MAX_SIDE / longest)
    const width = Math.max(1, Math.round(decoded.width * scale))
    const height = Math.max(1, Math.round(decoded.height * scale))
    const type = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/webp'
    const blob = await tools.encode(decoded.source, width, height, type, UPLOAD_QUALITY)
    // The browser could not redraw it, or the redrawn picture is not smaller: keep the original.
    const best = blob && blob.size < file.size ? new File([blob], renamed(file.name, type), { type }) : file
    return best.size <= UPLOAD_LIMIT_BYTES ? { file: best } : { error: 'tooLarge' }
  } finally {
    decoded.close?.()
  }
}

function renamed(name: string, type: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'photo'
  return `${base}.${type === 'image/jpeg' ? 'jpg' : 'webp'}`
}
