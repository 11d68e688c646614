import type sharpModule from 'sharp'

export type SharpFactory = typeof sharpModule

let loading: Promise<SharpFactory> | undefined

/**
 * sharp (libvips, about 13 MB resident and 100 ms to load) on the first image job rather than at start:
 * uploads, the demo shop's pictures and the banners' focal points need it, most requests never do.
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then((m) => m.default)
  return loading
}
