import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { type Locale, type ProductDetail, productsInStock, shopper, storeApi } from './shop.ts'

// The storefront's pages come rendered from the server: what a shopper on a slow phone sees before any
// script has run (the product's name, price and photo), with JavaScript turned off, and the hydration that
// follows, in Arabic, French and English, without a React warning or any console error.

let store: RunningStore
let browser: Browser
let product: ProductDetail
let categoryId: string

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
  ;[product] = (await productsInStock(store.url, 1)) as [ProductDetail]
  const { categories } = await storeApi<{ categories: { _id: string }[] }>(store.url, '/category')
  categoryId = (categories[0] as { _id: string })._id
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

/** A product's name and price in a language, as the API gives them. */
async function productIn(locale: Locale): Promise<{ name: string; price: number }> {
  const { product: detail } = await storeApi<{ product: { name: string; price: number } }>(store.url, `/product/${product._id}`, {
    headers: { 'Accept-Language': locale },
  })
  return detail
}

/** The price as the storefront writes it ("1 600 DA", "1 600 د.ج"), spaces of any kind matched. */
function priceText(price: number, locale: Locale): RegExp {
  const digits = String(price).replace(/\B(?=(\d{3})+(?!\d))/g, '[\\s\\u202f\\u00a0]')
  return new RegExp(`${digits}[\\s\\u202f\\u00a0]*${locale === 'ar' ? 'د\\.ج' : 'DA'}`)
}

/** The part of the page React renders into (#root), from the HTML as the server sent it. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">')
  assert.ok(start >= 0, 'the page has its #root')
  const end = html.indexOf('<script id="rendered-state"', start)
  return html.slice(start, end > 0 ? end : undefined)
}

describe('server-rendered storefront', { concurrency: false }, () => {
  test('the product page HTML carries the name, the price and the photo before any script runs (ar, fr by cookie, en by ?lang)', async () => {
    const cases: { locale: Locale; init: RequestInit; query: string; dir: string }[] = [
      { locale: 'ar', init: {}, query: '', dir: 'rtl' },
      { locale: 'fr', init: { headers: { Cookie: 'lang=fr' } }, query: '', dir: 'ltr' },
      { locale: 'en', init: { headers: { Cookie: 'lang=fr' } }, query: '?lang=en', dir: 'ltr' },
    ]
    for (const { locale, init, query, dir } of cases) {
      const reply = await fetch(`${store.url}/product/${product._id}${query}`, init)
      assert.equal(reply.status, 200)
      const html = await reply.text()
      assert.match(html, new RegExp(`<html lang="${locale}" dir="${dir}" data-rendered>`), `${locale}: language and direction`)
      const root = rootOf(html)
      const { name, price } = await productIn(locale)
      const escaped = name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
      assert.ok(root.includes(`>${escaped}</h1>`), `${locale}: the name "${name}" as the page's heading`)
      assert.match(root, priceText(price, locale), `${locale}: the price`)
      const img = /<img\b[^>]*fetchPriority="high"[^>]*>/i.exec(root)?.[0] ?? /<img\b[^>]*fetchpriority="high"[^>]*>/i.exec(root)?.[0]
      assert.ok(img, `${locale}: the first photo is asked for with high priority`)
      assert.match(img, /srcSet="[^"]*\d+w/i, 'with a srcset')
      assert.match(img, /width="\d+"/, 'with its width')
      assert.match(img, /height="\d+"/, 'with its height')
    }
  })

  test('with JavaScript turned off the product page shows its name, price and loaded photo', async () => {
    for (const locale of ['ar', 'fr'] as const) {
      const context = await browser.newContext({ baseURL: store.url, javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
      await context.addCookies([{ name: 'lang', value: locale, url: store.url }])
      try {
        const page = await context.newPage()
        await page.goto(`/product/${product._id}`, { waitUntil: 'load' })
        const { name, price } = await productIn(locale)
        await page.getByRole('heading', { level: 1, name }).waitFor()
        assert.match((await page.locator('main').textContent()) ?? '', priceText(price, locale))
        const loaded = await page.locator('main img[fetchpriority="high"]').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
        assert.ok(loaded, `${locale}: the photo is loaded without any script`)
        assert.equal(await page.evaluate(() => document.documentElement.dir), locale === 'ar' ? 'rtl' : 'ltr')
      } finally {
        await context.close()
      }
    }
  })

  test('every public page hydrates without a warning or an error in Arabic, French and English, and does not fetch its first view again', async () => {
    const pages = ['/', '/collection', `/category/${categoryId}`, `/product/${product._id}`, '/cart', '/place-order', '/thank-you', '/tracking', '/about', '/contact', '/terms', '/orders', '/profile', '/no-such-page']
    for (const locale of ['ar', 'fr', 'en'] as const) {
      const { context, page, errors } = await shopper(browser, store.url, { locale })
      const warnings: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text())
      })
      const refetched: string[] = []
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname
        if (path === `/api/v1/product/${product._id}` || path === '/api/v1/settings' || path === '/api/v1/category') refetched.push(path)
      })
      try {
        for (const path of pages) {
          const reply = await page.goto(path, { waitUntil: 'networkidle' })
          assert.equal(reply?.status(), path === '/no-such-page' ? 404 : 200, `${locale} ${path}`)
          assert.equal(await page.evaluate(() => document.documentElement.lang), locale, `${locale} ${path}: rendered and hydrated in the shopper's language`)
          // the unknown page's own 404 is the only "failed resource" line a shopper's console shows
          const real = errors.splice(0).filter((text) => !(path === '/no-such-page' && /status of 404/.test(text)))
          assert.deepEqual(real, [], `${locale} ${path}: console errors`)
          assert.deepEqual(warnings.splice(0), [], `${locale} ${path}: console warnings`)
        }
        assert.deepEqual(refetched, [], `${locale}: the data sent with the page is not fetched again`)
      } finally {
        await context.close()
      }
    }
  })

  test("the app's scripts are fetched once the page's photo has arrived, or after 2.5 s at most, and the page is then hydrated", async () => {
    for (const photoArrives of [true, false]) {
      const { context, page } = await shopper(browser, store.url, { locale: 'ar' })
      const requested = new Map<string, number>()
      const arrived = new Map<string, number>()
      const started = Date.now()
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname
        if (path.endsWith('.js') && !requested.has(path)) requested.set(path, Date.now() - started)
      })
      // a slow link: the photos take a second and a half, or never come
      await page.route('**/media/products/**', async (route) => {
        if (!photoArrives) return
        await new Promise((resolve) => setTimeout(resolve, 1_500))
        const reply = await route.fetch()
        await route.fulfill({ response: reply })
        arrived.set(new URL(route.request().url()).pathname, Date.now() - started)
      })
      try {
        const reply = await page.goto(`/product/${product._id}`, { waitUntil: 'commit' })
        const html = (await reply?.text()) ?? ''
        // hydrated: RootLayout marks the page once it answers to taps
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 })
        // the app (app/start.tsx) and the page's own modules, named by the server for the entry to preload
        const app = [...requested.keys()].find((path) => /\/assets\/start-[\w-]+\.js$/.test(path))
        const pageModules = /<meta name="page-modules" content="([^"]+)">/.exec(html)?.[1]?.split(' ') ?? []
        assert.ok(app, 'the app was fetched')
        assert.ok(pageModules.length > 0, "the page names its modules")
        const appAndPage = [app, ...pageModules].map((path) => ({ path, at: requested.get(path) }))
        if (photoArrives) {
          const main = new URL(await page.locator('main img[fetchpriority="high"]').first().evaluate((img: HTMLImageElement) => img.currentSrc)).pathname
          const photo = arrived.get(main)
          assert.ok(photo !== undefined, `the main photo ${main} arrived`)
          for (const { path, at } of appAndPage) assert.ok(at !== undefined && at >= photo, `${path} (${at} ms) was asked for after the photo arrived (${photo} ms)`)
        } else {
          for (const { path, at } of appAndPage) assert.ok(at !== undefined && at >= 2_000, `without its photo the page still asks for ${path}, after the wait (${at} ms)`)
        }
      } finally {
        await context.close()
      }
    }
  })

  test('what a shopper types into the quick-order form before the scripts arrive is kept once the page is hydrated', async () => {
    const context = await browser.newContext({ baseURL: store.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    await context.addCookies([{ name: 'lang', value: 'ar', url: store.url }])
    try {
      const page = await context.newPage()
      // a slow link: the app arrives three seconds after it is asked for
      await page.route('**/assets/start-*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 3_000))
        await route.continue()
      })
      await page.goto(`/product/${product._id}`, { waitUntil: 'domcontentloaded' })
      const form = page.locator('form').filter({ has: page.locator('input[name="phone"]') })
      await form.locator('input[name="firstName"]').fill('أمين')
      // an Arabic keyboard's digits: the hydrated form writes them as 0-9, which shows that its state took them
      await form.locator('input[name="phone"]').fill('٠٦٦١٢٣٤٥٦٧')
      assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated')), false, 'typed before hydration')
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 })
      await form.locator('input[name="phone"]').waitFor()
      await page.waitForFunction(() => (document.querySelector('input[name="phone"]') as HTMLInputElement | null)?.value === '0661234567')
      // the form renders again as the shopper goes on: what was typed stays
      await form.locator('input[name="lastName"]').fill('بن علي')
      assert.equal(await form.locator('input[name="firstName"]').inputValue(), 'أمين')
      assert.equal(await form.locator('input[name="phone"]').inputValue(), '0661234567')
      assert.equal(await form.locator('input[name="lastName"]').inputValue(), 'بن علي')
    } finally {
      await context.close()
    }
  })

  test('shoppers from one ad, each with a click id of their own, get the one kept page; it hydrates cleanly and keeps each one their click id', async () => {
    const landing = (clickId: string) => `/product/${product._id}?fbclid=${clickId}&utm_source=facebook&utm_campaign=soldes`
    const { name } = await productIn('ar')
    for (const clickId of ['IwAR0first_visitor', 'IwAR0second-visitor']) {
      // another visitor of the ad a moment before: the page is rendered (or kept) for them
      const before = await fetch(`${store.url}${landing('IwAR0somebody_else')}`)
      const kept = await before.text()
      assert.ok(!/fbclid|IwAR0|utm_/.test(kept), 'no click id or campaign tag in the page sent')
      const { context, page, errors } = await shopper(browser, store.url, { locale: 'ar' })
      const warnings: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text())
      })
      try {
        const reply = await page.goto(landing(clickId), { waitUntil: 'networkidle' })
        assert.equal(reply?.status(), 200)
        assert.equal(reply?.headers()['x-cache'], 'hit', `${clickId}: the page kept for the other visitor`)
        assert.equal(await reply?.text(), kept, `${clickId}: the same page`)
        await page.getByRole('heading', { level: 1, name }).waitFor()
        assert.deepEqual(errors, [], `${clickId}: console errors`)
        assert.deepEqual(warnings, [], `${clickId}: console warnings`)
        // the storefront's scripts keep this shopper's own click id for the order (lib/click-ids.ts)
        const cookies = await context.cookies(store.url)
        assert.equal(cookies.find((cookie) => cookie.name === 'click_fbclid')?.value, clickId)
      } finally {
        await context.close()
      }
    }
  })

  test('a page whose HTML does not match what the browser renders is reported (the check above can fail)', async () => {
    const { context, page, errors } = await shopper(browser, store.url, { locale: 'fr' })
    try {
      const { name } = await productIn('fr')
      await page.route(`**/product/${product._id}`, async (route) => {
        const reply = await route.fetch()
        const html = (await reply.text()).replace(`>${name}</h1>`, '>Another name</h1>')
        await route.fulfill({ response: reply, body: html })
      })
      await page.goto(`/product/${product._id}`, { waitUntil: 'networkidle' })
      await page.getByRole('heading', { level: 1, name }).waitFor()
      assert.ok(errors.some((text) => /418|hydrat/i.test(text)), `a hydration error is reported: ${errors.join(' | ')}`)
    } finally {
      await context.close()
    }
  })
})

