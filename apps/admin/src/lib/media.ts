/**
 * An image of an order line as the API stores it: a path under /media without its width suffix
 * ('products/abc'), whose files are '<path>-<width>.webp'; a full URL is used as it is.
 */
export function mediaSrc(image: string, width = 300): string {
  if (/^(https?:)?\//.test(image)) return image
  return `/media/${image}-${width}.webp`
}
