import { randomBytes } from 'node:crypto'
import { mkdir, unlink } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyRequest } from 'fastify'
import type {} from '@fastify/multipart'
import type { Metadata, Sharp } from 'sharp'
import { AppError } from './app-error.ts'
import { nulRefusal } from '../plugins/no-nul.ts'
import { loadSharp } from './sharp.ts'

/** Uploads are refused above this size (413). */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024
export const PRODUCT_WIDTHS = [300, 600, 1200] as const
export const BANNER_WIDTHS = [960, 1920] as const
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp'])
// about 7000 x 7000: a bigger picture is a decompression bomb or a mistake
const MAX_INPUT_PIXELS = 50_000_000
const WEBP_QUALITY = 80

export interface UploadedForm {
  file: Buffer | null
  fields: Record<string, string>
}

/** Reads a multipart form: the part named "file" and the text fields. Too large → 413 PAYLOAD_TOO_LARGE. */
export async function readMultipart(request: FastifyRequest): Promise<UploadedForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE')
  const form: UploadedForm = { file: null, fields: {} }
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 30 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer()
        if (part.fieldname === 'file') form.file = buffer
      } else if (typeof part.value === 'string') {
        // form fields are read here, after the app's NUL check on the parsed body: the same rule applies
        if (part.value.includes('\u0000') || part.fieldname.includes('\u0000')) throw nulRefusal(part.fieldname.replaceAll('\u0000', '') || 'body')
        form.fields[part.fieldname] = part.value
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('PAYLOAD_TOO_LARGE', { cause: error })
    }
    throw new AppError('VALIDATION_FAILED', { cause: error })
  }
  return form
}

/** The file of a form, or 400 with a field error when none was sent. */
export function requireFile(form: UploadedForm): Buffer {
  if (!form.file || form.file.length === 0) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'file', message: 'validation:required' }] })
  }
  return form.file
}

/** The image's size as displayed (EXIF orientation applied), or 422 INVALID_IMAGE when it is not a JPEG, PNG or WebP. */
async function inspect(buffer: Buffer): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp()
  let meta: Metadata
  try {
    meta = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
  } catch (error) {
    throw new AppError('INVALID_IMAGE', { cause: error })
  }
  // the content decides, never the file name or the declared type
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw new AppError('INVALID_IMAGE')
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError('INVALID_IMAGE')
  const turned = (meta.orientation ?? 1) >= 5
  return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height }
}

export interface StoredImage {
  /** Under /media, without the `-${width}.webp` suffix. */
  path: string
  widths: number[]
  /** Size of the largest stored width. */
  width: number
  height: number
}

function newBase(folder: string, prefix: string): string {
  return `${folder}/${prefix}-${randomBytes(6).toString('hex')}`
}

async function writeWebp(pipeline: Sharp, file: string): Promise<{ width: number; height: number }> {
  const info = await pipeline.webp({ quality: WEBP_QUALITY }).toFile(file)
  return { width: info.width, height: info.height }
}

/**
 * A product photo as WebP at 300/600/1200 px wide (never enlarged: a small photo gets its own width
 * as the largest). rotate() applies the EXIF orientation; sharp writes no metadata, so EXIF (GPS...) is dropped.
 */
export async function storeProductImage(buffer: Buffer, mediaDir: string, productId: string): Promise<StoredImage> {
  const sharp = await loadSharp()
  const size = await inspect(buffer)
  const largestWidth = Math.min(size.width, 1200)
  const widths: number[] = [...PRODUCT_WIDTHS.filter((w) => w < largestWidth), largestWidth]
  const base = newBase('products', productId.slice(0, 8))
  await mkdir(path.join(mediaDir, 'products'), { recursive: true })
  let largest = { width: size.width, height: size.height }
  try {
    for (const w of widths) {
      const pipeline = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width: w, withoutEnlargement: true })
      largest = await writeWebp(pipeline, path.join(mediaDir, `${base}-${w}.webp`))
    }
  } catch (error) {
    await removeImageFiles(mediaDir, base, widths)
    throw new AppError('INVALID_IMAGE', { cause: error })
  }
  return { path: base, widths, ...largest }
}

/** A banner as WebP 960x540 and 1920x1080, cropped to 16:9 around the centre (the storefront reserves that box). */
export async function storeBannerImage(buffer: Buffer, mediaDir: string): Promise<StoredImage> {
  const sharp = await loadSharp()
  await inspect(buffer)
  const base = newBase('banners', 'banner')
  await mkdir(path.join(mediaDir, 'banners'), { recursive: true })
  const widths = [...BANNER_WIDTHS] as number[]
  try {
    for (const w of widths) {
      const pipeline = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width: w, height: Math.round((w * 9) / 16), fit: 'cover' })
      await writeWebp(pipeline, path.join(mediaDir, `${base}-${w}.webp`))
    }
  } catch (error) {
    await removeImageFiles(mediaDir, base, widths)
    throw new AppError('INVALID_IMAGE', { cause: error })
  }
  return { path: base, widths, width: 1920, height: 1080 }
}

/** The shop logo: one WebP that fits in 512x512; returns its file path under /media. */
export async function storeLogo(buffer: Buffer, mediaDir: string): Promise<string> {
  const sharp = await loadSharp()
  await inspect(buffer)
  const name = `logo-${randomBytes(6).toString('hex')}.webp`
  await mkdir(mediaDir, { recursive: true })
  try {
    const pipeline = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width: 512, height: 512, fit: 'inside', withoutEnlargement: true })
    await writeWebp(pipeline, path.join(mediaDir, name))
  } catch (error) {
    throw new AppError('INVALID_IMAGE', { cause: error })
  }
  return name
}

/** Deletes the files of a stored image; a missing file is not an error. */
export async function removeImageFiles(mediaDir: string, base: string, widths: readonly number[]): Promise<void> {
  await Promise.all(widths.map((w) => unlink(path.join(mediaDir, `${base}-${w}.webp`)).catch(() => {})))
}
