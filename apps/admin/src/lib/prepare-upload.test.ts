import { describe, expect, test, vi } from 'vitest'
import { type ImageTools, prepareUpload, UPLOAD_LIMIT_BYTES } from './prepare-upload.ts'

const MB = 1024 * 1024
const fileOf = (size: number, type: string, name = 'photo.jpg') => new File([new Uint8Array(size)], name, { type })

function tools(width: number, height: number, encodedSize: number | null) {
  const encode = vi.fn<ImageTools['encode']>(async () => (encodedSize === null ? null : new Blob([new Uint8Array(encodedSize)])))
  const close = vi.fn()
  const decode = vi.fn<ImageTools['decode']>(async () => ({ width, height, source: {} as CanvasImageSource, close }))
  return { decode, encode, close }
}

describe('pictures are made ready in the browser before upload', () => {
  test('a 12 MB 4000×3000 phone photo is shrunk to 2000×1500 JPEG at quality 0.85 and fits under 8 MB', async () => {
    const t = tools(4000, 3000, Math.round(1.4 * MB))
    const result = await prepareUpload(fileOf(12 * MB, 'image/jpeg', 'IMG_2044.JPG'), t)
    expect(t.encode).toHaveBeenCalledWith(expect.anything(), 2000, 1500, 'image/jpeg', 0.85)
    expect('file' in result && result.file.size).toBe(Math.round(1.4 * MB))
    expect('file' in result && result.file.type).toBe('image/jpeg')
    expect('file' in result && result.file.name).toBe('IMG_2044.jpg')
    expect(t.close).toHaveBeenCalled()
  })

  test('a portrait WebP keeps WebP; a PNG becomes WebP', async () => {
    const webp = tools(3000, 6000, 500_000)
    await prepareUpload(fileOf(9 * MB, 'image/webp', 'a.webp'), webp)
    expect(webp.encode).toHaveBeenCalledWith(expect.anything(), 1000, 2000, 'image/webp', 0.85)
    const png = tools(2400, 1200, 300_000)
    const result = await prepareUpload(fileOf(5 * MB, 'image/png', 'logo.png'), png)
    expect('file' in result && result.file.type).toBe('image/webp')
  })

  test('a small picture is sent as it is', async () => {
    const t = tools(1200, 800, 1)
    const original = fileOf(300_000, 'image/jpeg')
    expect(await prepareUpload(original, t)).toEqual({ file: original })
    expect(t.encode).not.toHaveBeenCalled()
  })

  test('over the limit and impossible to shrink: a clear refusal instead of a failed upload', async () => {
    expect(await prepareUpload(fileOf(UPLOAD_LIMIT_BYTES + 1, 'image/jpeg'), { decode: async () => null, encode: async () => null })).toEqual({ error: 'tooLarge' })
    expect(await prepareUpload(fileOf(12 * MB, 'image/jpeg'), tools(4000, 3000, 9 * MB))).toEqual({ error: 'tooLarge' })
    expect(await prepareUpload(fileOf(1000, 'application/pdf', 'a.pdf'))).toEqual({ error: 'notImage' })
  })
})
