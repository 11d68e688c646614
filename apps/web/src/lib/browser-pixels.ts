import { type facebookPixelsReply, type tiktokPixelsReply } from '@shop/shared'
import { api } from './api.ts'
import { createPixels, type PixelEvent, type PixelIds, type PixelParams } from './pixels.ts'

export { purchaseEventId } from './pixels.ts'
export type { PixelEvent, PixelParams } from './pixels.ts'

async function fetchIds(): Promise<PixelIds> {
  // Each platform is optional: one list failing does not stop the other.
  const [facebook, tiktok] = await Promise.allSettled([
    api<typeof facebookPixelsReply>('/facebook-pixels/active'),
    api<typeof tiktokPixelsReply>('/tiktok-pixels/storefront/codes'),
  ])
  const facebookPixels = facebook.status === 'fulfilled' ? facebook.value.pixels : []
  const tiktokPixels = tiktok.status === 'fulfilled' ? tiktok.value.pixels : []
  return {
    facebook: facebookPixels.map((p) => p.pixelId),
    tiktok: tiktokPixels.map((p) => p.pixel_id),
    serverEvents: { facebook: facebookPixels.some((p) => p.serverEvents), tiktok: tiktokPixels.some((p) => p.serverEvents) },
  }
}

function injectScript(src: string): void {
  const script = document.createElement('script')
  script.async = true
  script.src = src
  document.head.appendChild(script)
}

/** After the load event, then when the main thread is idle (at most 3 s later): never in the way of the first paint. */
function whenIdle(callback: () => void): void {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => callback(), { timeout: 3000 })
    else setTimeout(callback, 1000)
  }
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

// the server renders pages with this module loaded: it has no window, and never sends events (effects do)
const pixels = createPixels({ fetchIds, injectScript, whenIdle, win: typeof window === 'undefined' ? ({} as Window) : window })

/** Sends an ad-pixel event (values in dinars). Never throws and never waits. */
export function track(event: PixelEvent, params?: PixelParams): void {
  try {
    pixels.track(event, params)
  } catch {
    // A pixel problem must never break a purchase.
  }
}

export function startPixels(): void {
  pixels.start()
}
