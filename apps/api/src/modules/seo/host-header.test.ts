import assert from 'node:assert/strict'
import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { banners, productImages } from '../../db/schema.ts'
import { type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { storefrontHtml } from './storefront-html.ts'

const INDEX =
  '<!doctype html>\n<html lang="ar" dir="rtl">\n  <head>\n    <meta charset="UTF-8" />\n    <title>default</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n'

/** Host headers a sender may forge: none of them may show up in a link the shop writes. */
const FORGED = [
  { host: 'evil.example' },
  { host: 'evil.example:3000' },
  { host: 'localhost@evil.example' },
  { host: 'localhost:3000@evil.example' },
  { host: 'localhost', 'x-forwarded-host': 'evil.example' },
]

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]

for (const target of TEST_TARGETS) {
  describe(`page links never take a forged Host header on ${target}`, () => {
    let shop: Shop
    let listed: Shop
    let pages: string[]

    /** The storefront's pages through storefrontHtml (the catch-all in app.ts calls it the same way with the built file). */
    async function addPageRoute(s: Shop) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'seo-host-'))
      const indexPath = path.join(dir, 'index.html')
      await writeFile(indexPath, INDEX)
      s.app.get('/host-test/*', async (request, reply) => {
        const rest = (request.params as { '*': string })['*']
        const page = await storefrontHtml(s.app, request, rest === 'home' ? '/' : `/${rest}`, { indexPath })
        if (!page) return reply.code(204).send()
        return reply.code(page.statusCode).type('text/html; charset=utf-8').send(page.html)
      })
    }

    before(async () => {
      // no PUBLIC_URL: the shop has no configured address
      shop = await startShop(target)
      listed = await startShop(target, { ALLOWED_HOSTS: 'shop.example.dz, www.shop.example.dz' })
      await addPageRoute(shop)
      await addPageRoute(listed)
      for (const s of [shop, listed]) {
        await s.database.db.insert(productImages).values({ productId: s.catalogue.derby.id, path: 'products/derby', widths: [600, 1200], width: 1200, height: 1200 })
        await s.database.db.insert(banners).values({ titleFr: 'first', imagePath: 'banners/first', imageWidths: [960, 1920], position: 1 })
      }
      pages = ['/host-test/home', `/host-test/product/${shop.catalogue.derby.id}`, '/host-test/category/shoes', '/host-test/product/nope', '/robots.txt', '/sitemap.xml']
    })
    after(async () => {
      await shop.close()
      await listed.close()
    })

    test('a request with Host: evil.example never gets evil.example in the page, robots.txt or sitemap', async () => {
      for (const headers of FORGED) {
        for (const url of pages) {
          const res = await shop.app.inject({ url, headers })
          assert.ok([200, 404].includes(res.statusCode), `${url}: ${res.statusCode}`)
          assert.ok(!res.body.includes('evil.example'), `${url} with ${JSON.stringify(headers)}:\n${res.body.slice(0, 2000)}`)
        }
      }
      // the links are relative instead: still the shop's own pages
      const res = await shop.app.inject({ url: `/host-test/product/${shop.catalogue.derby.id}`, headers: { host: 'evil.example' } })
      assert.equal(attr(res.body, /<link rel="canonical" href="([^"]*)"/), `/product/${shop.catalogue.derby.id}`)
      assert.equal(attr(res.body, /<meta property="og:url" content="([^"]*)"/), `/product/${shop.catalogue.derby.id}`)
      assert.equal(attr(res.body, /<meta property="og:image" content="([^"]*)"/), '/media/products/derby-1200.webp')
    })

    test('localhost and the hosts the shop lists keep absolute links', async () => {
      const local = await shop.app.inject({ url: `/host-test/product/${shop.catalogue.derby.id}`, headers: { host: 'localhost:3000' } })
      assert.equal(attr(local.body, /<link rel="canonical" href="([^"]*)"/), `http://localhost:3000/product/${shop.catalogue.derby.id}`)
      const home = await listed.app.inject({ url: '/host-test/home', headers: { host: 'www.shop.example.dz' } })
      assert.equal(attr(home.body, /<link rel="canonical" href="([^"]*)"/), 'http://www.shop.example.dz/')
      assert.equal(attr(home.body, /<meta property="og:image" content="([^"]*)"/), 'http://www.shop.example.dz/media/banners/first-1920.webp')
      const robots = await listed.app.inject({ url: '/robots.txt', headers: { host: 'shop.example.dz' } })
      assert.ok(robots.body.split('\n').includes('Sitemap: http://shop.example.dz/sitemap.xml'))
      // a listed shop still refuses hosts it does not list
      const evil = await listed.app.inject({ url: '/host-test/home', headers: { host: 'evil.example' } })
      assert.ok(!evil.body.includes('evil.example'))
    })
  })
}
