import assert from 'node:assert/strict'
import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import { type Shop, startShop } from './test/shop-fixture.ts'
import { TEST_TARGETS } from './test/test-app.ts'

/** A built storefront of the same shape as apps/web/dist (whether or not the real one is built). */
async function smallWebDist(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'))
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html>\n<html lang="ar" dir="rtl">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Khatwa</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  )
  await writeFile(path.join(dir, 'robots-extra.txt'), 'file\n')
  return dir
}

for (const target of TEST_TARGETS) {
  describe(`storefront page statuses on ${target}`, () => {
    let shop: Shop
    let app: FastifyInstance
    before(async () => {
      shop = await startShop(target)
      app = await buildApp({ config: shop.config, database: shop.database, webDist: await smallWebDist() })
    })
    after(async () => {
      await app.close()
      await shop.close()
    })

    const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })

    test('every storefront page answers 200 with the app', async () => {
      const pages = [
        '/',
        '/collection',
        '/collection?search=chaussures',
        '/cart',
        '/place-order',
        '/thank-you',
        '/orders',
        '/profile',
        '/login',
        '/auth/login',
        '/auth/register',
        '/verify',
        '/tracking',
        '/about',
        '/contact',
        '/terms',
        '/cart/',
        '/Collection',
        '/category/shoes',
        `/category/${shop.catalogue.categories.clothing.id}`,
        '/product/runner',
        `/product/${shop.catalogue.derby.id}`,
        // a confirmation link whose signature has no '-' or '_' ends like a file name: it is still a page
        '/confirm/8c73606b4cba4b92aa424086d868b350.tpegf4.Cc750GangQp2h16I7Bnk4D',
      ]
      for (const url of pages) {
        const res = await get(url)
        assert.equal(res.statusCode, 200, url)
        assert.match(res.headers['content-type']?.toString() ?? '', /text\/html/, url)
        assert.match(res.body, /<div id="root">/, url)
      }
    })

    test('an unknown page answers 404 with the app, which shows its own "not found" page', async () => {
      for (const url of ['/no-such-page', '/no-such-page/', '/cart/extra', '/auth', '/auth/other', '/product', '/category', '/product/runner/more', '/terms-and-more']) {
        const res = await get(url)
        assert.equal(res.statusCode, 404, url)
        assert.match(res.headers['content-type']?.toString() ?? '', /text\/html/, url)
        assert.match(res.body, /<div id="root">/, url)
        assert.equal(res.headers['cache-control'], 'no-cache', url)
      }
    })

    test('an unknown product or category (id or slug) answers 404 with the app', async () => {
      for (const url of ['/product/no-such-shoe', '/product/00000000-0000-0000-0000-000000000000', '/product/hidden', '/category/no-such-category', '/category/00000000-0000-0000-0000-000000000000']) {
        const res = await get(url)
        assert.equal(res.statusCode, 404, url)
        assert.match(res.body, /<div id="root">/, url)
      }
    })

    test('API, media and file paths keep their JSON 404; files of the build are served', async () => {
      const api = await get('/api/v1/no-such-thing')
      assert.equal(api.statusCode, 404)
      assert.equal(api.json().code, 'ROUTE_NOT_FOUND')
      assert.equal((await get('/missing.js')).statusCode, 404)
      assert.equal((await get('/robots-extra.txt')).statusCode, 200)
    })
  })
}
