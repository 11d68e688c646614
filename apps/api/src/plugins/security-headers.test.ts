import assert from 'node:assert/strict'
import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.ts'
import { adPixels } from '../db/schema.ts'
import { createStaff } from '../modules/staff/staff.service.ts'
import { type Shop, startShop } from '../test/shop-fixture.ts'
import { TEST_TARGETS } from '../test/test-app.ts'

/** A built app of the same shape as apps/web/dist and apps/admin/dist (whether or not the real ones are built). */
async function smallDist(title: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'csp-dist-'))
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html>\n<html lang="ar" dir="rtl">\n  <head>\n    <meta charset="UTF-8" />\n    <title>${title}</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`,
  )
  return dir
}

/** The CSP's directives by name: "script-src" -> ["'self'", ...]. */
function csp(header: unknown): Map<string, string[]> {
  assert.equal(typeof header, 'string', 'a Content-Security-Policy header is sent')
  const directives = new Map<string, string[]>()
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) directives.set(name, values)
  }
  return directives
}

const PIXEL_HOSTS = ['connect.facebook.net', 'www.facebook.com', 'analytics.tiktok.com']

function pixelHostsIn(header: unknown): string[] {
  return PIXEL_HOSTS.filter((host) => String(header).includes(host))
}

/** What every reply carries, page or JSON. */
function assertBasicHeaders(headers: Record<string, unknown>, what: string) {
  assert.equal(headers['x-content-type-options'], 'nosniff', `${what}: nosniff`)
  assert.equal(headers['x-frame-options'], 'DENY', `${what}: X-Frame-Options`)
  assert.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin', `${what}: Referrer-Policy`)
  assert.deepEqual(csp(headers['content-security-policy']).get('frame-ancestors'), ["'none'"], `${what}: frame-ancestors`)
}

for (const target of TEST_TARGETS) {
  describe(`security headers on ${target}`, () => {
    let shop: Shop
    let app: FastifyInstance
    let webDist: string
    let adminDist: string
    before(async () => {
      shop = await startShop(target)
      webDist = await smallDist('Khatwa')
      adminDist = await smallDist('Back office')
      app = await buildApp({ config: shop.config, database: shop.database, webDist, adminDist })
    })
    after(async () => {
      await app.close()
      await shop.close()
    })

    const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })

    test('the storefront page: own-origin CSP, no pixel host, nosniff, no framing, referrer policy, no HSTS on http', async () => {
      for (const url of ['/', `/product/${shop.catalogue.derby.id}`, '/cart']) {
        const res = await get(url)
        assert.equal(res.statusCode, 200, url)
        assert.match(String(res.headers['content-type']), /^text\/html/)
        assertBasicHeaders(res.headers, url)
        const policy = csp(res.headers['content-security-policy'])
        assert.deepEqual(policy.get('default-src'), ["'self'"])
        assert.deepEqual(policy.get('script-src'), ["'self'"], `${url}: scripts only from the shop (no inline script, no pixel)`)
        assert.deepEqual(policy.get('style-src'), ["'self'"], `${url}: no inline style element or sheet from elsewhere`)
        assert.deepEqual(policy.get('style-src-attr'), ["'unsafe-inline'"], `${url}: style attributes of the rendered page`)
        assert.deepEqual(policy.get('object-src'), ["'none'"])
        assert.deepEqual(policy.get('base-uri'), ["'self'"])
        for (const [directive, sources] of policy) {
          if (directive !== 'style-src-attr') assert.ok(!sources.includes("'unsafe-inline'"), `${url}: ${directive} allows no inline code`)
        }
        assert.deepEqual(pixelHostsIn(res.headers['content-security-policy']), [], `${url}: no pixel configured, no pixel host`)
        assert.equal(res.headers['strict-transport-security'], undefined, 'no HSTS while the shop is on http')
      }
    })

    test('the back office: the same page policy and never framed', async () => {
      for (const url of ['/admin/', '/admin', '/admin/orders']) {
        const res = await get(url)
        assert.equal(res.statusCode, 200, url)
        assert.match(String(res.body), /Back office/, `${url} is the back office's page`)
        assertBasicHeaders(res.headers, url)
        const policy = csp(res.headers['content-security-policy'])
        assert.deepEqual(policy.get('script-src'), ["'self'"])
        assert.deepEqual(policy.get('frame-ancestors'), ["'none'"])
      }
    })

    test('HEAD (curl -I) gets the same status and headers as GET on the storefront and the back office', async () => {
      for (const url of ['/', '/admin/', '/admin/login', '/cart']) {
        const head = await app.inject({ method: 'HEAD', url })
        const full = await app.inject({ method: 'GET', url })
        assert.equal(head.statusCode, 200, `HEAD ${url}`)
        assert.equal(head.body, '', `HEAD ${url} has no body`)
        assert.equal(head.headers['content-security-policy'], full.headers['content-security-policy'], url)
        assert.equal(head.headers['x-frame-options'], 'DENY', url)
      }
    })

    test('API JSON replies: nosniff, no framing and a policy that allows nothing', async () => {
      for (const url of ['/api/v1/product', '/api/v1/settings', '/api/v1/no-such-route']) {
        const res = await app.inject({ method: 'GET', url })
        assert.match(String(res.headers['content-type']), /json/, url)
        assertBasicHeaders(res.headers, url)
        assert.deepEqual(csp(res.headers['content-security-policy']).get('default-src'), ["'none'"], url)
      }
    })

    test('the pixel hosts are allowed only while a pixel of their platform is active, and never in the back office', async () => {
      const [facebook] = await shop.database.db.insert(adPixels).values({ platform: 'facebook', pixelId: '123456789012345' }).returning()
      try {
        let page = csp((await get('/')).headers['content-security-policy'])
        assert.ok(page.get('script-src')?.includes('https://connect.facebook.net'), 'Facebook script allowed')
        assert.ok(page.get('connect-src')?.includes('https://www.facebook.com'), 'Facebook events allowed')
        assert.ok(page.get('img-src')?.includes('https://www.facebook.com'), 'Facebook image beacon allowed')
        assert.ok(!String((await get('/')).headers['content-security-policy']).includes('tiktok'), 'no TikTok pixel, no TikTok host')
        assert.deepEqual(pixelHostsIn((await get('/admin/')).headers['content-security-policy']), [], 'the back office loads no pixel')
        assert.deepEqual(pixelHostsIn((await app.inject({ method: 'GET', url: '/api/v1/product' })).headers['content-security-policy']), [])

        await shop.database.db.insert(adPixels).values({ platform: 'tiktok', pixelId: 'CABCDEFGHIJ123' })
        page = csp((await get(`/product/${shop.catalogue.derby.id}`)).headers['content-security-policy'])
        assert.ok(page.get('script-src')?.includes('https://analytics.tiktok.com'), 'TikTok script allowed')
        assert.ok(page.get('connect-src')?.includes('https://analytics.tiktok.com'), 'TikTok events allowed')
        assert.ok(page.get('script-src')?.includes('https://connect.facebook.net'))

        // switched off in the back office: its hosts go
        await shop.database.db.update(adPixels).set({ isActive: false }).where(eq(adPixels.platform, 'facebook'))
        const header = (await get('/')).headers['content-security-policy']
        assert.ok(!String(header).includes('facebook'), 'an inactive Facebook pixel allows no Facebook host')
        assert.ok(String(header).includes('analytics.tiktok.com'))
      } finally {
        await shop.database.db.delete(adPixels)
      }
      assert.ok(facebook)
      assert.deepEqual(pixelHostsIn((await get('/')).headers['content-security-policy']), [])
    })
  })

  describe(`security headers with a kept pixel list and an https address on ${target}`, () => {
    let shop: Shop
    let app: FastifyInstance
    let ownerCookie: string
    before(async () => {
      // not NODE_ENV=test: the list of active pixels is kept between pages, as in production
      shop = await startShop(target, { NODE_ENV: 'development', PUBLIC_URL: 'https://shop.example.dz' })
      app = await buildApp({ config: shop.config, database: shop.database, webDist: await smallDist('Khatwa'), adminDist: await smallDist('Back office') })
      await createStaff(shop.database.db, { email: 'owner@test.dz', name: 'Owner', password: 'a-long-test-password', role: 'owner' })
      const login = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', payload: { email: 'owner@test.dz', password: 'a-long-test-password' } })
      assert.equal(login.statusCode, 200)
      ownerCookie = login.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
    })
    after(async () => {
      await app.close()
      await shop.close()
    })

    test('HSTS and upgrade-insecure-requests on https', async () => {
      const res = await app.inject({ method: 'GET', url: '/' })
      assert.equal(res.headers['strict-transport-security'], 'max-age=15552000')
      assert.ok(csp(res.headers['content-security-policy']).has('upgrade-insecure-requests'))
      const api = await app.inject({ method: 'GET', url: '/api/v1/product' })
      assert.equal(api.headers['strict-transport-security'], 'max-age=15552000')
    })

    test('a pixel added by the owner is allowed on the very next page', async () => {
      assert.deepEqual(pixelHostsIn((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']), [])
      const added = await app.inject({
        method: 'POST',
        url: '/api/v1/admin/pixels',
        headers: { cookie: ownerCookie, host: 'shop.example.dz', origin: 'https://shop.example.dz' },
        payload: { platform: 'tiktok', pixelId: 'CABCDEFGHIJ123' },
      })
      assert.equal(added.statusCode, 201, added.body)
      const header = (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']
      assert.deepEqual(pixelHostsIn(header), ['analytics.tiktok.com'])
    })
  })
}
