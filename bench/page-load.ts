/**
 * A page load as a shopper's phone sees it: Chromium (playwright-core, the system browser) with Slow 4G
 * (150 ms round trip, 1.6 Mbps down, 750 kbps up), the CPU slowed 4x, no cache and a phone's screen, timed
 * by the browser itself: first contentful paint (PerformanceObserver 'paint'), largest contentful paint
 * ('largest-contentful-paint') and the page's main image (its resource timing, and the LCP entry that
 * names it when it is the largest element). Each page is loaded cold three times; the report takes the
 * median of each figure. `filmstrip()` records the same load as a strip of screenshots (CDP screencast).
 *
 * The pure parts (image matching, the figures from the browser's entries, medians, frame picking, the strip's
 * layout) are exported for page-load.test.ts.
 */
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { type Browser, type BrowserContext, chromium, type CDPSession, type Page } from 'playwright-core'
import sharp from 'sharp'
import { CHROME_PATH, CHROMIUM_FLAGS } from './chromium.ts'

/** Chromium's "Slow 4G" preset (DevTools) with the 4x CPU slowdown of a mid-range Android phone. */
export const SLOW_4G = {
  latencyMs: 150,
  /** 1.6 Mbps */
  downloadBytesPerSecond: 200_000,
  /** 750 kbps */
  uploadBytesPerSecond: 93_750,
  cpuSlowdown: 4,
} as const

/** A mid-range Android phone (Lighthouse's moto g power screen). */
export const PHONE = {
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
} as const

export const PAGE_LOAD_BUDGETS = { fcpMs: 1500, imageVisibleMs: 2000 } as const

/** Cold loads per page; the report takes the median of each figure. */
export const PAGE_LOAD_RUNS = 3

/** What the page recorded (the observers installed before any of its scripts run). */
export interface RawEntries {
  paint: { name: string; startTime: number }[]
  lcp: { startTime: number; size: number; url: string; element: string | null }[]
  resources: { name: string; startTime: number; responseEnd: number; transferSize: number }[]
  /** The HTML document's responseEnd. */
  documentMs: number | null
}

/** One load's figures, in milliseconds from the navigation's start. */
export interface LoadTimings {
  fcpMs: number | null
  lcpMs: number | null
  /** The LCP element (tag name) and, for an image, its URL. */
  lcpElement: string | null
  lcpUrl: string | null
  /** The main image (every width of it shares this path). */
  imageStem: string | null
  /** The main image's bytes arrived (resource timing responseEnd of the first of its files to arrive). */
  imageLoadedMs: number | null
  /** The main image was painted as the largest element so far (its LCP entry), when it was. */
  imageLcpMs: number | null
  /** Visible: its LCP entry when there is one, else the arrival of its bytes (a lower bound). */
  imageVisibleMs: number | null
  imageVisibleFrom: 'lcp' | 'resource' | null
  documentMs: number | null
  /** Bytes transferred for every resource the page loaded (the document excluded). */
  transferKb: number
  /** The load did not settle (nothing painted, or still loading) in time: what was missing. */
  error?: string
}

export interface PageLoadResult {
  name: string
  url: string
  /** The main image when the largest paint is not an image (every width of it shares this path). */
  imageStem: string | null
  runs: LoadTimings[]
  median: Omit<LoadTimings, 'imageVisibleFrom' | 'lcpElement' | 'lcpUrl' | 'imageStem'> & { lcpElement: string | null; imageVisibleFrom: string | null; imageStem: string | null }
  error?: string
}

/** The path every width of an image shares: `/media/products/x-1-600.webp` -> `/media/products/x-1`. */
export function imageStem(src: string | null | undefined): string | null {
  if (!src) return null
  const pathname = src.replace(/^https?:\/\/[^/]+/, '').split('?')[0] as string
  return pathname.replace(/-\d+\.[a-z0-9]+$/i, '')
}

/** Whether a URL is one of the widths of the image with this stem. */
export function isImageOf(url: string, stem: string): boolean {
  const pathname = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] as string
  return pathname === stem || (pathname.startsWith(`${stem}-`) && /^-\d+\.[a-z0-9]+$/i.test(pathname.slice(stem.length)))
}

/**
 * One load's figures from what the browser recorded. The main image is the one the largest contentful
 * paint ended on when that is an image (what the shopper sees first: the product's photo, the home page's
 * banner), else the one `fallbackStem` names (the product's first image by the API).
 */
export function timingsFrom(raw: RawEntries, fallbackStem: string | null): LoadTimings {
  const fcp = raw.paint.find((p) => p.name === 'first-contentful-paint')
  const last = raw.lcp[raw.lcp.length - 1]
  const stem = imageStem(last?.url) ?? fallbackStem
  const images = stem ? raw.resources.filter((r) => isImageOf(r.name, stem)) : []
  const imageLoadedMs = images.length ? Math.min(...images.map((r) => r.responseEnd)) : null
  const imageLcp = stem ? raw.lcp.find((e) => e.url && isImageOf(e.url, stem)) : undefined
  const imageLcpMs = imageLcp ? imageLcp.startTime : null
  return {
    fcpMs: fcp ? fcp.startTime : null,
    lcpMs: last ? last.startTime : null,
    lcpElement: last ? last.element : null,
    lcpUrl: last?.url || null,
    imageStem: stem,
    imageLoadedMs,
    imageLcpMs,
    imageVisibleMs: imageLcpMs ?? imageLoadedMs,
    imageVisibleFrom: imageLcpMs !== null ? 'lcp' : imageLoadedMs !== null ? 'resource' : null,
    documentMs: raw.documentMs,
    transferKb: raw.resources.reduce((sum, r) => sum + (r.transferSize || 0), 0) / 1024,
  }
}

/**
 * Whether the load has settled: the load event fired, something was painted, and neither a new largest
 * paint nor a network response came for `quietMs` (the main image arrives late in a single-page app).
 */
export function settled(raw: RawEntries, now: number, loaded: boolean, quietMs = 1500): boolean {
  const fcp = raw.paint.some((p) => p.name === 'first-contentful-paint')
  const lastLcp = raw.lcp[raw.lcp.length - 1]?.startTime ?? null
  const lastResponse = Math.max(raw.documentMs ?? 0, ...raw.resources.map((r) => r.responseEnd))
  return loaded && fcp && lastLcp !== null && now - lastLcp >= quietMs && now - lastResponse >= quietMs
}

/** The median of the figures there are (null when none); the lower middle one for an even count. */
export function median(values: readonly (number | null)[]): number | null {
  const v = values.filter((x): x is number => x !== null && Number.isFinite(x)).sort((a, b) => a - b)
  if (!v.length) return null
  return v[Math.floor((v.length - 1) / 2)] as number
}

/** The most frequent value (the first seen on a tie), for the LCP element and where "visible" came from. */
function mode(values: readonly (string | null)[]): string | null {
  const counts = new Map<string, number>()
  for (const v of values) if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1)
  let best: string | null = null
  for (const [v, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = v
  return best
}

/**
 * Each figure's median over the loads that settled (each figure on its own: they may come from different
 * loads); a load that did not settle counts for none.
 */
export function medianTimings(all: readonly LoadTimings[]): PageLoadResult['median'] {
  const runs = all.filter((r) => !r.error)
  const m = (key: 'fcpMs' | 'lcpMs' | 'imageLoadedMs' | 'imageLcpMs' | 'imageVisibleMs' | 'documentMs' | 'transferKb') => median(runs.map((r) => r[key]))
  return {
    fcpMs: m('fcpMs'),
    lcpMs: m('lcpMs'),
    imageLoadedMs: m('imageLoadedMs'),
    imageLcpMs: m('imageLcpMs'),
    imageVisibleMs: m('imageVisibleMs'),
    documentMs: m('documentMs'),
    transferKb: m('transferKb') ?? 0,
    lcpElement: mode(runs.map((r) => r.lcpElement)),
    imageStem: mode(runs.map((r) => r.imageStem)),
    imageVisibleFrom: mode(runs.map((r) => r.imageVisibleFrom)),
  }
}

/** Installed before the page's own scripts: keeps every paint and LCP entry (buffered: the early ones too). */
const OBSERVERS = `(() => {
  const keep = (window.__pageLoad = { paint: [], lcp: [] });
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) keep.paint.push({ name: e.name, startTime: e.startTime }) }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) keep.lcp.push({ startTime: e.startTime, size: e.size, url: e.url || '', element: e.element ? e.element.tagName.toLowerCase() : null });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch (error) { keep.error = String(error) }
})()`

const READ = `(() => {
  const keep = window.__pageLoad || { paint: [], lcp: [] };
  const nav = performance.getEntriesByType('navigation')[0];
  return {
    paint: keep.paint, lcp: keep.lcp,
    resources: performance.getEntriesByType('resource').map((r) => ({ name: r.name, startTime: r.startTime, responseEnd: r.responseEnd, transferSize: r.transferSize })),
    documentMs: nav ? nav.responseEnd : null,
    observed: Boolean(window.__pageLoad),
    now: performance.now(),
    timeOrigin: performance.timeOrigin,
  };
})()`

type Read = RawEntries & { now: number; timeOrigin: number; observed: boolean }

/** A fresh phone context (its own empty cache) with Slow 4G, 4x CPU and the cache disabled on its page. */
async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: PHONE.viewport, deviceScaleFactor: PHONE.deviceScaleFactor, isMobile: true, hasTouch: true, userAgent: PHONE.userAgent })
  await context.addInitScript(OBSERVERS)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_4G.latencyMs,
    downloadThroughput: SLOW_4G.downloadBytesPerSecond,
    uploadThroughput: SLOW_4G.uploadBytesPerSecond,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdown })
  return { context, page, cdp }
}

/**
 * Reads what the page recorded every 250 ms until the load has settled and `minMs` have passed; after
 * `maxMs`, what there is, with what was missing as `unsettled`.
 */
async function settle(page: Page, minMs = 0, maxMs = 30_000): Promise<Read & { unsettled?: string }> {
  for (;;) {
    const read = (await page.evaluate(READ)) as Read
    const state = String(await page.evaluate('document.readyState'))
    if (settled(read, read.now, state === 'complete') && read.now >= minMs) return read
    if (read.now >= maxMs) {
      const unsettled = `not settled after ${maxMs / 1000} s: ${page.url()} readyState ${state}, ${read.paint.length} paint, ${read.lcp.length} LCP, ${read.resources.length} resources, observers ${read.observed ? 'on' : 'missing'}`
      return { ...read, unsettled }
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const launch = () => chromium.launch({ executablePath: CHROME_PATH, headless: true, args: CHROMIUM_FLAGS })

/** One cold load of `url` in a fresh phone context. */
async function loadOnce(browser: Browser, url: string, stem: string | null): Promise<LoadTimings> {
  const { context, page } = await phonePage(browser)
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 })
    const read = await settle(page)
    return { ...timingsFrom(read, stem), ...(read.unsettled ? { error: read.unsettled } : {}) }
  } finally {
    await context.close()
  }
}

/** Each page loaded cold `runs` times (one browser, a fresh context each time), with the medians. */
export async function pageLoads(
  pages: { name: string; url: string; imageStem: string | null }[],
  log: (line: string) => void,
  runs = PAGE_LOAD_RUNS,
): Promise<PageLoadResult[]> {
  const browser = await launch()
  const out: PageLoadResult[] = []
  try {
    for (const p of pages) {
      const timings: LoadTimings[] = []
      try {
        for (let i = 0; i < runs; i++) {
          const t = await loadOnce(browser, p.url, p.imageStem)
          timings.push(t)
          log(`page load ${p.name} ${i + 1}/${runs}: FCP ${ms(t.fcpMs)}, LCP ${ms(t.lcpMs)} (${t.lcpElement ?? '-'}), image loaded ${ms(t.imageLoadedMs)}, image LCP ${ms(t.imageLcpMs)}${t.error ? `: ${t.error}` : ''}`)
        }
        out.push({ ...p, runs: timings, median: medianTimings(timings) })
      } catch (error) {
        out.push({ ...p, runs: timings, median: medianTimings(timings), error: String(error) })
      }
    }
  } finally {
    await browser.close()
  }
  return out
}

const ms = (v: number | null) => (v === null ? '-' : `${Math.round(v)} ms`)

/** A screencast frame, its time in milliseconds from the navigation's start. */
export interface Frame {
  t: number
  data: Buffer
}

/**
 * For each tick (0, step, 2 step, ... up to `untilMs`), the index of the last frame shown at or before it
 * (null before the first frame: the screen was still blank).
 */
export function pickFrames(times: readonly number[], stepMs: number, untilMs: number): (number | null)[] {
  const out: (number | null)[] = []
  for (let tick = 0; tick <= untilMs + 1e-9; tick += stepMs) {
    let pick: number | null = null
    for (const [i, t] of times.entries()) if (t <= tick && (pick === null || t >= (times[pick] as number))) pick = i
    out.push(pick)
  }
  return out
}

/** What is written under each tick: its time, and the events (FCP, image) that first show in it. */
export function tickLabels(ticks: number, stepMs: number, events: { name: string; ms: number | null }[]): { time: string; events: string[] }[] {
  const labels: { time: string; events: string[] }[] = []
  for (let i = 0; i < ticks; i++) {
    const at = i * stepMs
    labels.push({ time: `${(at / 1000).toFixed(2)} s`, events: events.filter((e) => e.ms !== null && e.ms <= at && e.ms > at - stepMs).map((e) => e.name) })
  }
  return labels
}

export interface FilmstripResult {
  file: string
  frames: number
  ticks: number
  timings: LoadTimings
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * One Slow-4G load of `url` recorded by CDP screencast, composed into one PNG: a frame every `stepMs` from
 * 0 to `untilMs` side by side, the time under each, FCP and the image marked where they first show.
 */
export async function filmstrip(
  url: string,
  stem: string | null,
  file: string,
  { stepMs = 250, untilMs = 6000, frameWidth = 150, title = '' }: { stepMs?: number; untilMs?: number; frameWidth?: number; title?: string } = {},
): Promise<FilmstripResult> {
  const browser = await launch()
  try {
    const { context, page, cdp } = await phonePage(browser)
    const raw: { timestamp: number; data: string }[] = []
    cdp.on('Page.screencastFrame', (frame: { data: string; sessionId: number; metadata: { timestamp?: number } }) => {
      raw.push({ timestamp: (frame.metadata.timestamp ?? Date.now() / 1000) * 1000, data: frame.data })
      void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => {})
    })
    await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 80, maxWidth: PHONE.viewport.width, maxHeight: PHONE.viewport.height })
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 })
    const read = await settle(page, untilMs + 500)
    await cdp.send('Page.stopScreencast')
    await context.close()
    const timings = timingsFrom(read, stem)
    const frames: Frame[] = raw.map((f) => ({ t: f.timestamp - read.timeOrigin, data: Buffer.from(f.data, 'base64') }))
    const picks = pickFrames(frames.map((f) => f.t), stepMs, untilMs)
    const labels = tickLabels(picks.length, stepMs, [
      { name: 'FCP', ms: timings.fcpMs },
      { name: 'image', ms: timings.imageVisibleMs },
    ])
    const frameHeight = Math.round((frameWidth * PHONE.viewport.height) / PHONE.viewport.width)
    const gap = 6
    const top = title ? 28 : 0
    const labelHeight = 34
    const width = picks.length * (frameWidth + gap) + gap
    const height = top + gap + frameHeight + labelHeight
    const tiles = await Promise.all(
      picks.map(async (i, n) => {
        const input = i === null ? null : (frames[i] as Frame).data
        const tile = input
          ? await sharp(input).resize(frameWidth, frameHeight, { fit: 'contain', background: '#ffffff' }).png().toBuffer()
          : await sharp({ create: { width: frameWidth, height: frameHeight, channels: 3, background: '#ffffff' } }).png().toBuffer()
        return { input: tile, left: gap + n * (frameWidth + gap), top: top + gap }
      }),
    )
    const outlines = picks.map((_, n) => `<rect x="${gap + n * (frameWidth + gap) - 0.5}" y="${top + gap - 0.5}" width="${frameWidth + 1}" height="${frameHeight + 1}" fill="none" stroke="#bbbbbb"/>`)
    const texts = labels.map((label, n) => {
      const x = gap + n * (frameWidth + gap) + frameWidth / 2
      const y = top + gap + frameHeight + 15
      const event = label.events.join(' + ')
      return `<text x="${x}" y="${y}" text-anchor="middle" font-size="13" fill="#222">${escapeXml(label.time)}</text>${event ? `<text x="${x}" y="${y + 15}" text-anchor="middle" font-size="12" font-weight="bold" fill="#b3261e">${escapeXml(event)}</text>` : ''}`
    })
    const heading = title ? `<text x="${gap}" y="19" font-size="15" fill="#222">${escapeXml(title)}</text>` : ''
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans, sans-serif">${heading}${outlines.join('')}${texts.join('')}</svg>`
    await mkdir(path.dirname(file), { recursive: true })
    await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
      .composite([...tiles, { input: Buffer.from(svg), left: 0, top: 0 }])
      .png({ palette: true, compressionLevel: 9 })
      .toFile(file)
    return { file, frames: frames.length, ticks: picks.length, timings }
  } finally {
    await browser.close()
  }
}
