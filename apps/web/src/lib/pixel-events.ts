import type { PixelEvent, PixelParams } from './pixels.ts'

export { purchaseEventId } from './pixels.ts'
export type { PixelEvent, PixelParams } from './pixels.ts'

type BrowserPixels = typeof import('./browser-pixels.ts')

let pixels: Promise<BrowserPixels> | undefined

/**
 * The ad pixels' code (lib/browser-pixels.ts) is its own chunk, fetched with the first event: it is not part of
 * what a page needs before it answers to taps. Events keep their order (each waits for the same import).
 */
function withPixels(use: (module: BrowserPixels) => void): void {
  pixels ??= import('./browser-pixels.ts')
  pixels.then(use, () => {
    // the chunk could not be fetched (a dropped connection): the next event tries again; a pixel never breaks a page
    pixels = undefined
  })
}

/** Sends an ad-pixel event (values in dinars). Never throws and never waits. */
export function track(event: PixelEvent, params?: PixelParams): void {
  withPixels((module) => module.track(event, params))
}

/** Starts the shop's pixels (once the page is idle: browser-pixels.ts). */
export function startPixels(): void {
  withPixels((module) => module.startPixels())
}
