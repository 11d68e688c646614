/**
 * When the storefront's scripts may start on a page the server rendered: once the page's main photo (its
 * `<img fetchpriority="high">`: the product's first photo, the first banner, the first cards) has arrived and
 * been painted, or at once when the page has none. The HTML is the page (its links and forms work without
 * scripts): the scripts only make it answer to taps, so they neither share the slow link with the photo nor
 * keep the phone's processor busy while the photo waits to be drawn.
 */

/** The longest the scripts wait for a photo that is slow to arrive (a page must answer to taps soon). */
export const MAX_PHOTO_WAIT_MS = 2_500

type Timers = Pick<Window, 'requestAnimationFrame' | 'setTimeout'>

export function afterMainPhoto(doc: Document, timers: Timers = window): Promise<void> {
  // the development server's empty page, or a tab in the background (nothing is painted there)
  if (!doc.documentElement.hasAttribute('data-rendered') || doc.visibilityState === 'hidden') return Promise.resolve()
  return new Promise((resolve) => {
    let waiting = true
    // the frame that paints the photo, then a task after that frame
    const afterNextPaint = () => {
      if (!waiting) return
      waiting = false
      timers.requestAnimationFrame(() => timers.setTimeout(resolve, 0))
    }
    const photo = doc.querySelector<HTMLImageElement>('img[fetchpriority="high"]')
    if (!photo || photo.complete) return afterNextPaint()
    photo.addEventListener('load', afterNextPaint, { once: true })
    photo.addEventListener('error', afterNextPaint, { once: true })
    timers.setTimeout(() => {
      if (!waiting) return
      waiting = false
      resolve()
    }, MAX_PHOTO_WAIT_MS)
  })
}

/**
 * The page's own script files, named by the server in `<meta name="page-modules">` (its chunk and what it
 * imports), asked for together with the app so the page's chunk does not wait for the app to have run.
 */
export function preloadPageModules(doc: Document): void {
  const list = doc.querySelector<HTMLMetaElement>('meta[name="page-modules"]')?.content.split(' ') ?? []
  for (const href of list) {
    if (!href.startsWith('/')) continue
    const link = doc.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    doc.head.append(link)
  }
}
