import { afterEach, describe, expect, test } from 'vitest'
import { afterMainPhoto, MAX_PHOTO_WAIT_MS, preloadPageModules } from './after-main-photo.ts'

/** Frames and timers the test runs by hand: what ran, in order. */
function manualTimers() {
  const frames: (() => void)[] = []
  const timeouts: { at: number; run: () => void }[] = []
  let now = 0
  return {
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms = 0) => timeouts.push({ at: now + ms, run }),
    /** The browser paints a frame: its animation callbacks run. */
    paint() {
      for (const run of frames.splice(0)) run()
    },
    /** Time passes: the timers due run. */
    advance(ms: number) {
      now += ms
      for (const timer of timeouts.filter((t) => t.at <= now)) {
        timeouts.splice(timeouts.indexOf(timer), 1)
        timer.run()
      }
    },
  } as unknown as Window & { paint(): void; advance(ms: number): void }
}

/** Whether the promise has settled by now (after the pending microtasks). */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false
  void promise.then(() => (done = true))
  await new Promise((resolve) => setTimeout(resolve, 0))
  return done
}

function renderedPage(photo?: { complete: boolean }) {
  document.documentElement.setAttribute('data-rendered', '')
  const main = document.createElement('main')
  for (const [priority, src] of [['low', '/media/other.webp'], ['high', '/media/main.webp']] as const) {
    const img = document.createElement('img')
    img.setAttribute('fetchpriority', priority)
    img.src = src
    main.append(img)
  }
  document.body.replaceChildren(main)
  const img = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]') as HTMLImageElement
  if (photo) Object.defineProperty(img, 'complete', { value: photo.complete, configurable: true })
  else img.remove()
  return img
}

afterEach(() => {
  document.documentElement.removeAttribute('data-rendered')
  document.body.replaceChildren()
  document.head.replaceChildren()
})

describe('the storefront scripts start after the main photo is painted', () => {
  test('a page the server did not render (the development server) starts at once', async () => {
    const timers = manualTimers()
    expect(await settled(afterMainPhoto(document, timers))).toBe(true)
  })

  test('a photo still arriving holds the scripts until it has loaded and a frame has painted it', async () => {
    const timers = manualTimers()
    const photo = renderedPage({ complete: false })
    const started = afterMainPhoto(document, timers)
    timers.paint()
    timers.advance(1_000)
    expect(await settled(started), 'frames before the photo do not start the scripts').toBe(false)
    photo.dispatchEvent(new Event('load'))
    expect(await settled(started), 'not in the frame that paints it').toBe(false)
    timers.paint()
    expect(await settled(started), 'the task after that frame has not run yet').toBe(false)
    timers.advance(0)
    expect(await settled(started)).toBe(true)
  })

  test('a photo that fails to load does not hold the scripts', async () => {
    const timers = manualTimers()
    const photo = renderedPage({ complete: false })
    const started = afterMainPhoto(document, timers)
    photo.dispatchEvent(new Event('error'))
    timers.paint()
    timers.advance(0)
    expect(await settled(started)).toBe(true)
  })

  test('a photo already there, or a page without one, starts after the next frame', async () => {
    for (const photo of [{ complete: true }, undefined]) {
      const timers = manualTimers()
      renderedPage(photo)
      const started = afterMainPhoto(document, timers)
      timers.advance(0)
      expect(await settled(started)).toBe(false)
      timers.paint()
      timers.advance(0)
      expect(await settled(started)).toBe(true)
    }
  })

  test(`a photo slower than ${MAX_PHOTO_WAIT_MS} ms holds the scripts no longer`, async () => {
    const timers = manualTimers()
    renderedPage({ complete: false })
    const started = afterMainPhoto(document, timers)
    timers.advance(MAX_PHOTO_WAIT_MS - 1)
    expect(await settled(started)).toBe(false)
    timers.advance(1)
    expect(await settled(started)).toBe(true)
  })
})

describe("the page's own modules", () => {
  test('are preloaded as modules from the paths the server named, and nothing else', () => {
    const meta = document.createElement('meta')
    meta.name = 'page-modules'
    meta.content = '/assets/product-1.js /assets/form-2.js https://cdn.example/x.js'
    document.head.append(meta)
    preloadPageModules(document)
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')]
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/assets/product-1.js', '/assets/form-2.js'])
  })

  test('a page without the list preloads nothing', () => {
    preloadPageModules(document)
    expect(document.head.querySelectorAll('link').length).toBe(0)
  })
})
