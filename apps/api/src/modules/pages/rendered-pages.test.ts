import assert from 'node:assert/strict'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { after, before, describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../app.ts'
import { type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'

// How the API serves server-rendered storefront pages, with a small stand-in for the built renderer
// (apps/web/dist-server/entry-server.js): it reads the product through the transport the API gives it and
// counts its renders, so the tests see when a page was rendered and when it came from the cache.
const RENDERER = `
export const RENDERED_STATE_ID = 'rendered-state'
let renders = 0
export async function renderPage({ url, locale, api }) {
  renders += 1
  const product = /^\\/product\\/([^/?]+)/.exec(url)
  if (!product) return { status: 200, html: '<p>' + locale + ' ' + renders + '</p>', state: '{}' }
  const reply = await api('/api/v1/product/' + product[1], { method: 'GET', headers: { 'Accept-Language': locale } })
  const body = await reply.json()
  if (reply.status !== 200) return { status: reply.status, html: '<h1>' + body.code + '</h1>', state: '{}' }
  return { status: 200, html: '<h1>' + body.data.product.name + '</h1><i>' + renders + '</i><u>' + url + '</u>', state: '{"price":' + body.data.product.price + '}', page: 'product' }
}
`

async function renderedStorefront(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'rendered-web-'))
  const dist = path.join(root, 'dist')
  await mkdir(path.join(dist, '.vite'), { recursive: true })
  await mkdir(path.join(root, 'dist-server'))
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><head><title>Khatwa</title>\n' +
      '<link rel="preload" as="font" type="font/woff2" href="/assets/arabic.woff2" crossorigin>\n' +
      '<link rel="preload" as="font" type="font/woff2" href="/assets/latin.woff2" crossorigin>\n' +
      '</head><body><div id="root"></div></body></html>',
  )
  await writeFile(path.join(dist, '.vite', 'fonts.json'), JSON.stringify({ arabic: '/assets/arabic.woff2', latin: '/assets/latin.woff2' }))
  await writeFile(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index.js', isEntry: true }, 'src/app/routes/product.tsx': { file: 'assets/product.js' } }),
  )
  await writeFile(path.join(root, 'dist-server', 'entry-server.js'), RENDERER)
  return dist
}

for (const target of TEST_TARGETS) {
  describe(`server-rendered storefront pages on ${target}`, () => {
    let shop: Shop
    let app: FastifyInstance
    before(async () => {
      // the public cache is off under NODE_ENV=test: the pages are served as in production
      shop = await startShop(target, { NODE_ENV: 'production' })
      app = await buildApp({ config: shop.config, database: shop.database, webDist: await renderedStorefront() })
    })
    after(async () => {
      await app?.close()
      await shop?.close()
    })

    const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })

    test('a product page is rendered in the language of ?lang=, else the lang cookie, else Arabic', async () => {
      const { derby } = shop.catalogue
      const ar = await get(`/product/${derby.id}`, { 'accept-language': 'fr' })
      assert.equal(ar.statusCode, 200)
      assert.match(ar.body, /<html lang="ar" dir="rtl" data-rendered>/)
      assert.match(ar.body, /<div id="root"><h1>حِذاءٌ جلدي أنيـق<\/h1>/, 'the Arabic name, read through the API in process')
      assert.match(ar.body, /<script id="rendered-state" type="application\/json">\{"price":8900\}<\/script>/)
      assert.match(ar.body, /<meta name="page-modules" content="\/assets\/product\.js"><\/head>/, "the page's chunk is named for the entry to preload")
      const fr = await get(`/product/${derby.id}`, { cookie: 'lang=fr' })
      assert.match(fr.body, /<html lang="fr" dir="ltr" data-rendered>/)
      assert.doesNotMatch(fr.body, /حِذاءٌ/)
      const en = await get(`/product/${derby.id}?lang=en`, { cookie: 'lang=fr' })
      assert.match(en.body, /<html lang="en" dir="ltr" data-rendered>/)
      for (const reply of [ar, fr, en]) {
        assert.equal(reply.headers.vary, 'Cookie, Accept-Encoding')
        assert.match(String(reply.headers['cache-control']), /^public, max-age=0, s-maxage=2\b/)
        assert.match(String(reply.headers['content-type']), /^text\/html/)
      }
      assert.equal(fr.headers['content-language'], 'fr')
      // the fonts the language needs: an Arabic page draws Arabic and Latin (digits), a French one Latin only
      assert.match(ar.body, /href="\/assets\/arabic\.woff2"/)
      assert.match(ar.body, /href="\/assets\/latin\.woff2"/)
      assert.doesNotMatch(fr.body, /arabic\.woff2/)
      assert.match(fr.body, /<link rel="preload" as="font" type="font\/woff2" href="\/assets\/latin\.woff2" crossorigin>/)
    })

    test('a page is rendered once for a burst of visitors (per address and language), then again after a staff change', async () => {
      const url = `/product/${shop.catalogue.scarf.id}`
      const first = await get(url)
      assert.equal(first.headers['x-cache'], 'miss')
      const count = /<i>(\d+)<\/i>/.exec(first.body)?.[1]
      const again = await Promise.all([get(url), get(url), get(url)])
      for (const reply of again) {
        assert.equal(reply.headers['x-cache'], 'hit')
        assert.equal(reply.body, first.body, 'the same page, not rendered again')
        assert.equal(reply.headers.etag, first.headers.etag)
        assert.equal(reply.headers.vary, 'Cookie, Accept-Encoding', 'the kept page goes out with its headers')
      }
      const french = await get(url, { cookie: 'lang=fr' })
      assert.equal(french.headers['x-cache'], 'miss', 'another language is another page')
      app.publicCache.bump()
      const after = await get(url)
      assert.equal(after.headers['x-cache'], 'miss')
      assert.notEqual(/<i>(\d+)<\/i>/.exec(after.body)?.[1], count, 'rendered again after the change')
    })

    test("the visitors of one ad, each with a click id of their own, share one page, rendered without any click id", async () => {
      const page = `/product/${shop.catalogue.runner.id}`
      const first = await get(`${page}?fbclid=IwAR0first&utm_source=facebook&utm_campaign=aid`)
      assert.equal(first.statusCode, 200)
      assert.equal(first.headers['x-cache'], 'miss')
      assert.match(first.body, new RegExp(`<u>${page}</u>`), 'rendered for the address without the ad parameters')
      assert.doesNotMatch(first.body, /IwAR0first|utm_/)
      for (const next of [`${page}?fbclid=IwAR0second`, `${page}?ttclid=E.C.P.third&utm_medium=paid`, page]) {
        const reply = await get(next)
        assert.equal(reply.headers['x-cache'], 'hit', next)
        assert.equal(reply.body, first.body, `${next}: the same page`)
      }
      // a parameter the page reads is another page: ?lang=fr with a click id is the French page, kept apart
      const french = await get(`${page}?lang=fr&fbclid=IwAR0fourth`)
      assert.equal(french.headers['x-cache'], 'miss')
      assert.match(french.body, new RegExp(`<u>${page}\\?lang=fr</u>`))
      assert.equal((await get(`${page}?fbclid=IwAR0fifth&lang=fr`)).headers['x-cache'], 'hit')
    })

    test('pages go out compressed as the browser accepts (brotli, else gzip), from the page cache too', async () => {
      const url = `/product/${shop.catalogue.derby.id}?lang=en`
      const plain = await get(url)
      assert.equal(plain.headers['content-encoding'], undefined)
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br', 'br', brotliDecompressSync],
        ['gzip', 'gzip', gunzipSync],
      ] as const) {
        for (const round of ['miss', 'hit']) {
          const reply = await get(url, { 'accept-encoding': accept })
          assert.equal(reply.headers['content-encoding'], encoding, `${accept} (${round})`)
          assert.equal(decode(reply.rawPayload).toString('utf8'), plain.body, `${accept} (${round}): the same page`)
          assert.ok(reply.rawPayload.length < plain.body.length / 2, 'smaller')
        }
      }
    })

    test('a browser or a CDN holding the page gets 304 Not Modified for its ETag', async () => {
      const url = `/product/${shop.catalogue.derby.id}?lang=fr`
      const page = await get(url)
      const etag = String(page.headers.etag)
      assert.match(etag, /^W\/"/)
      const cached = await get(url, { 'if-none-match': etag })
      assert.equal(cached.statusCode, 304)
      assert.equal(cached.body, '')
      const other = await get(url, { 'if-none-match': 'W/"something-else"' })
      assert.equal(other.statusCode, 200)
    })

    test('an unknown product and an unknown address answer 404, are not kept, and are not cacheable', async () => {
      for (const url of ['/product/00000000-0000-4000-8000-000000000000', '/no-such-page']) {
        const first = await get(url)
        assert.equal(first.statusCode, 404, url)
        assert.equal(first.headers['cache-control'], 'no-cache', url)
        const second = await get(url)
        assert.equal(second.statusCode, 404)
        assert.notEqual(second.headers['x-cache'], 'hit', `${url}: a 404 is not kept`)
      }
      const missing = await get('/product/00000000-0000-4000-8000-000000000000')
      assert.match(missing.body, /<h1>PRODUCT_NOT_FOUND<\/h1>/, 'the renderer saw the API refusal')
    })
  })
}
