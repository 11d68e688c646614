import type { ResponsiveImage } from '@shop/shared'

/** Public URL of one width of a stored image (`${path}-${width}.webp` under /media). */
export function mediaUrl(path: string, width: number): string {
  return `/media/${path}-${width}.webp`
}


/** `src` is the width closest to `preferred`; `srcSet` lists every stored width. */
export function responsiveImage(
  path: string,
  widths: readonly number[],
  size: { width: number; height: number },
  preferred: number,
): ResponsiveImage {
  const sorted = [...widths].sort((a, b) => a - b)
  const chosen = sorted.find((w) => w >= preferred) ?? sorted[sorted.length - 1] ?? preferred
  return {
    src: mediaUrl(path, chosen),
    srcSet: sorted.map((w) => `${mediaUrl(path, w)} ${w}w`).join(', '),
    width: size.width,
    height: size.height,
  }
}
