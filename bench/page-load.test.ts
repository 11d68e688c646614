import assert from 'node:assert/strict'
import { test } from 'node:test'
import { medianScore } from './lighthouse.ts'
import { imageStem, isImageOf, type LoadTimings, median, medianTimings, pickFrames, type RawEntries, settled, tickLabels, timingsFrom } from './page-load.ts'

const origin = 'http://127.0.0.1:3700'
const raw = (over: Partial<RawEntries> = {}): RawEntries => ({
  paint: [
    { name: 'first-paint', startTime: 900 },
    { name: 'first-contentful-paint', startTime: 1200 },
  ],
  lcp: [],
  resources: [],
  documentMs: 300,
  ...over,
})

test('an image stem is its path without the width suffix; every width of it matches, other images do not', () => {
  assert.equal(imageStem(`${origin}/media/products/tshirt-coton-bio-2-1200.webp`), '/media/products/tshirt-coton-bio-2')
  assert.equal(imageStem('/media/banners/femme-960.webp?v=1'), '/media/banners/femme')
  assert.equal(imageStem(''), null)
  assert.equal(imageStem(null), null)
  const stem = '/media/products/tshirt-coton-bio-2'
  assert.ok(isImageOf(`${origin}/media/products/tshirt-coton-bio-2-300.webp`, stem))
  assert.ok(isImageOf('/media/products/tshirt-coton-bio-2-1200.avif', stem))
  // the first photo of the same product (…-bio-1) and a photo numbered 20 are other images
  assert.ok(!isImageOf('/media/products/tshirt-coton-bio-1-600.webp', stem))
  assert.ok(!isImageOf('/media/products/tshirt-coton-bio-20-600.webp', stem))
  assert.ok(!isImageOf('/media/products/tshirt-coton-bio-2-extra-600.webp', stem))
})

test('the main image is the one the largest paint ended on, not the one the API lists first', () => {
  const t = timingsFrom(
    raw({
      lcp: [
        { startTime: 1200, size: 5000, url: '', element: 'h1' },
        { startTime: 3184, size: 160000, url: `${origin}/media/products/p-2-1200.webp`, element: 'img' },
      ],
      resources: [
        // the first photo, preloaded by the HTML but not the one shown
        { name: `${origin}/media/products/p-1-600.webp`, startTime: 310, responseEnd: 1741, transferSize: 30_000 },
        { name: `${origin}/media/products/p-2-1200.webp`, startTime: 2500, responseEnd: 3075, transferSize: 60_000 },
        { name: `${origin}/assets/index.js`, startTime: 310, responseEnd: 1600, transferSize: 10_240 },
      ],
    }),
    '/media/products/p-1',
  )
  assert.equal(t.fcpMs, 1200)
  assert.equal(t.lcpMs, 3184)
  assert.equal(t.lcpElement, 'img')
  assert.equal(t.imageStem, '/media/products/p-2')
  assert.equal(t.imageLoadedMs, 3075)
  assert.equal(t.imageLcpMs, 3184)
  assert.equal(t.imageVisibleMs, 3184)
  assert.equal(t.imageVisibleFrom, 'lcp')
  assert.equal(t.documentMs, 300)
  assert.equal(Math.round(t.transferKb), 98)
})

test('when the largest paint is text, the named image counts from the arrival of its bytes; none seen is empty', () => {
  const text = { startTime: 1300, size: 90000, url: '', element: 'p' }
  const t = timingsFrom(
    raw({
      lcp: [text],
      resources: [
        { name: `${origin}/media/products/p-1-1200.webp`, startTime: 900, responseEnd: 1900, transferSize: 1 },
        { name: `${origin}/media/products/p-1-600.webp`, startTime: 400, responseEnd: 1500, transferSize: 1 },
      ],
    }),
    '/media/products/p-1',
  )
  assert.deepEqual([t.imageStem, t.imageLoadedMs, t.imageLcpMs, t.imageVisibleMs, t.imageVisibleFrom], ['/media/products/p-1', 1500, null, 1500, 'resource'])
  const none = timingsFrom(raw({ paint: [], lcp: [] }), null)
  assert.deepEqual([none.fcpMs, none.lcpMs, none.imageVisibleMs, none.imageVisibleFrom], [null, null, null, null])
})

test('a load has settled once loaded, painted, and quiet (no new largest paint, no response) for 1.5 s', () => {
  const r = raw({ lcp: [{ startTime: 3000, size: 1, url: '', element: 'img' }], resources: [{ name: 'x', startTime: 0, responseEnd: 3100, transferSize: 0 }] })
  assert.equal(settled(r, 4600, true), true)
  assert.equal(settled(r, 4599, true), false, 'a response 1.499 s ago')
  assert.equal(settled(r, 9000, false), false, 'load event not fired')
  assert.equal(settled({ ...r, paint: [] }, 9000, true), false, 'nothing painted')
  assert.equal(settled({ ...r, lcp: [] }, 9000, true), false, 'no largest paint yet')
})

const timings = (over: Partial<LoadTimings>): LoadTimings => ({
  fcpMs: 1000,
  lcpMs: 2000,
  lcpElement: 'img',
  lcpUrl: null,
  imageStem: '/media/p',
  imageLoadedMs: 1800,
  imageLcpMs: 2000,
  imageVisibleMs: 2000,
  imageVisibleFrom: 'lcp',
  documentMs: 200,
  transferKb: 100,
  ...over,
})

test('medians: each figure on its own, the lower middle of an even count, loads that did not settle left out', () => {
  assert.equal(median([3, 1, 2]), 2)
  assert.equal(median([4, 1, 3, 2]), 2)
  assert.equal(median([null, 5]), 5)
  assert.equal(median([]), null)
  const m = medianTimings([
    timings({ fcpMs: 2500, lcpMs: 3300 }),
    timings({ fcpMs: 2400, lcpMs: 3600, lcpElement: 'h1' }),
    timings({ fcpMs: 2900, lcpMs: 3100 }),
    timings({ fcpMs: null, lcpMs: null, error: 'not settled after 30 s' }),
  ])
  assert.deepEqual([m.fcpMs, m.lcpMs, m.lcpElement], [2500, 3300, 'img'])
  const failed = medianTimings([timings({ fcpMs: 900, error: 'not settled' })])
  assert.equal(failed.fcpMs, null, 'a load that did not settle does not pass the budget on its own')
})

test('Lighthouse: each figure the median of its runs; failed runs count for none and are named', () => {
  const run = (score: number | null, lcpMs: number | null, error?: string) => ({ score, lcpMs, tbtMs: 100, cls: 0.01, jsKb: 170, totalKb: 400, ...(error ? { error } : {}) })
  const row = medianScore('product', '/product/x', [run(78, 3960), run(80, 3800), run(null, null, 'NO_FCP')])
  assert.deepEqual([row.score, row.lcpMs, row.tbtMs, row.runs?.length], [78, 3800, 100, 3])
  assert.match(row.error ?? '', /1 of 3 runs: NO_FCP/)
  assert.equal(medianScore('home', '/', [run(77, 3900), run(79, 3700), run(81, 3600)]).score, 79)
})

test('filmstrip ticks show the last frame at or before each tick; blank before the first frame', () => {
  // frames at 900 ms (background), 2700 ms (skeleton), 3300 ms (photo); ticks every 1 s to 4 s
  assert.deepEqual(pickFrames([900, 2700, 3300], 1000, 4000), [null, 0, 0, 1, 2])
  assert.deepEqual(pickFrames([], 250, 500), [null, null, null])
  // out of order frames: the latest at or before the tick
  assert.deepEqual(pickFrames([500, 100], 250, 500), [null, 1, 0])
  assert.equal(pickFrames([0], 250, 6000).length, 25)
})

test('filmstrip labels: the time, and FCP and the image under the first tick that shows them', () => {
  const labels = tickLabels(5, 250, [
    { name: 'FCP', ms: 300 },
    { name: 'image', ms: 500 },
    { name: 'never', ms: null },
  ])
  assert.deepEqual(labels, [
    { time: '0.00 s', events: [] },
    { time: '0.25 s', events: [] },
    { time: '0.50 s', events: ['FCP', 'image'] },
    { time: '0.75 s', events: [] },
    { time: '1.00 s', events: [] },
  ])
})
