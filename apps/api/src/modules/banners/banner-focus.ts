import path from 'node:path'
import { loadSharp } from '../../http/sharp.ts'

/** Where the subject of a banner picture sits, in percent of its width and height from the top-left corner. */
export interface FocalPoint {
  x: number
  y: number
}

export const CENTRE: FocalPoint = { x: 50, y: 50 }

// A stored picture never changes (a new upload gets a new path): each is looked at once per process.
const found = new Map<string, Promise<FocalPoint>>()
const MAX_REMEMBERED = 500

/**
 * The subject of a banner picture (the shoe on a plinth, a model), found by sharp's attention strategy
 * (the busiest, most saturated region), so the storefront can keep it in view when a phone crops the
 * 16:9 picture, and lay its text on the other side. The centre when the file cannot be read.
 */
export function bannerFocalPoint(mediaDir: string, imagePath: string, widths: readonly number[]): Promise<FocalPoint> {
  const known = found.get(imagePath)
  if (known) return known
  const smallest = [...widths].sort((a, b) => a - b)[0]
  if (smallest === undefined) return Promise.resolve(CENTRE)
  const file = path.join(mediaDir, `${imagePath}-${smallest}.webp`)
  const lookup = attentionPoint(file).catch(() => CENTRE)
  if (found.size >= MAX_REMEMBERED) found.clear()
  found.set(imagePath, lookup)
  return lookup
}

async function attentionPoint(file: string): Promise<FocalPoint> {
  const sharp = await loadSharp()
  const { width, height } = await sharp(file).metadata()
  if (!width || !height) return CENTRE
  // A square crop as tall as the picture: no scaling, so the reported point is in the picture's own pixels.
  const side = Math.min(width, height)
  const { info } = await sharp(file)
    .resize({ width: side, height: side, fit: 'cover', position: sharp.strategy.attention })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const { attentionX, attentionY } = info as { attentionX?: number; attentionY?: number }
  if (attentionX === undefined || attentionY === undefined) return CENTRE
  const percent = (value: number, of: number) => Math.min(100, Math.max(0, Math.round((value / of) * 100)))
  return { x: percent(attentionX, width), y: percent(attentionY, height) }
}
