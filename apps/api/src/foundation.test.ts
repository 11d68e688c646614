import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { count, eq, sql } from 'drizzle-orm'
import { bootstrap, FIRST_OWNER_EMAIL } from './bootstrap.ts'
import { ConfigError, loadConfig } from './config.ts'
import { communes, coupons, deliveryPrices, products, staff, variants, wilayas } from './db/schema.ts'
import { createStaff } from './modules/staff/staff.service.ts'
import { PRODUCTS } from './seed/catalogue.ts'
import { startTestApp, TEST_TARGETS } from './test/test-app.ts'

const silent = { info: () => {} }
const apiDir = fileURLToPath(new URL('..', import.meta.url))

for (const target of TEST_TARGETS) {
  describe(`foundation on ${target}`, () => {
    let ctx: Awaited<ReturnType<typeof startTestApp>>
    let output = ''

    before(async () => {
      ctx = await startTestApp(target)
      const write = process.stdout.write.bind(process.stdout)
      process.stdout.write = ((chunk: string) => {
        output += chunk
        return true
      }) as typeof process.stdout.write
      try {
        await bootstrap(ctx.database, ctx.config, silent)
      } finally {
        process.stdout.write = write
      }
    })
    after(async () => ctx.close())

    test('migrations create the schema and the reference data loads: 69 wilayas, 1541 communes, a price grid', async () => {
      const db = ctx.database.db
      const [w] = await db.select({ n: count() }).from(wilayas)
      const [c] = await db.select({ n: count() }).from(communes)
      const [d] = await db.select({ n: count() }).from(deliveryPrices)
      assert.equal(w?.n, 69)
      assert.equal(c?.n, 1541)
      assert.equal(d?.n, 138)
      const noStopdesk = await db
        .select()
        .from(deliveryPrices)
        .where(sql`${deliveryPrices.type} = 'stopdesk' and ${deliveryPrices.price} is null`)
      assert.ok(noStopdesk.length > 0, 'some wilayas have no stop desk')
    })

    test('the demo shop is loaded on first start, with images on disk and sold-out and low-stock variants', async () => {
      const db = ctx.database.db
      const [p] = await db.select({ n: count() }).from(products)
      assert.equal(p?.n, PRODUCTS.length)
      const [soldOut] = await db.select({ n: count() }).from(variants).where(eq(variants.stock, 0))
      const [low] = await db.select({ n: count() }).from(variants).where(sql`${variants.stock} between 1 and 5`)
      assert.ok((soldOut?.n ?? 0) > 0)
      assert.ok((low?.n ?? 0) > 0)
      const [coupon] = await db.select({ n: count() }).from(coupons)
      assert.equal(coupon?.n, 2)
      const home = await ctx.app.inject({ url: '/api/v1/product/homepage/categories?productsPerCategory=4' })
      const first = home.json().data.categories[0].products[0]
      assert.equal(home.json().data.categories.length, 3)
      const file = path.join(ctx.config.mediaDir, first.image.src.replace('/media/', ''))
      assert.ok(existsSync(file), `${file} exists`)
      const media = await ctx.app.inject({ url: first.image.src })
      assert.equal(media.statusCode, 200)
      assert.equal(media.headers['content-type'], 'image/webp')
    })

    test('a second start changes nothing: no second demo shop, no second owner', async () => {
      await bootstrap(ctx.database, ctx.config, silent)
      const [p] = await ctx.database.db.select({ n: count() }).from(products)
      const [s] = await ctx.database.db.select({ n: count() }).from(staff)
      assert.equal(p?.n, PRODUCTS.length)
      assert.equal(s?.n, 1)
    })

    test('the database refuses negative stock and inconsistent order totals', async () => {
      await assert.rejects(ctx.database.db.update(variants).set({ stock: -1 }), (error: { cause?: { constraint?: string } }) => {
        return error.cause?.constraint === 'variants_stock_non_negative'
      })
    })

    test('GET /api/v1/location/states lists the 58 wilayas, in the asked language', async () => {
      const ar = await ctx.app.inject({ url: '/api/v1/location/states' })
      assert.equal(ar.statusCode, 200)
      const body = ar.json()
      assert.equal(body.status, 'success')
      assert.equal(body.data.states.length, 58)
      assert.equal(body.data.states[15].name, 'الجزائر')
      const fr = await ctx.app.inject({ url: '/api/v1/location/states', headers: { 'accept-language': 'fr-FR,fr;q=0.9' } })
      assert.equal(fr.json().data.states[15].name, 'Alger')
    })

    test('GET /api/v1/location/states/{id}/cities lists that wilaya’s communes; unknown → 404 envelope', async () => {
      const reply = await ctx.app.inject({ url: '/api/v1/location/states/16/cities', headers: { 'accept-language': 'fr' } })
      const names = reply.json().data.cities.map((c: { name: string }) => c.name)
      assert.ok(names.includes('Bab El Oued'))
      assert.ok(names.length > 50)
      const missing = await ctx.app.inject({ url: '/api/v1/location/states/60/cities', headers: { 'accept-language': 'en' } })
      assert.equal(missing.statusCode, 404)
      assert.deepEqual(missing.json(), { status: 'fail', code: 'NOT_FOUND', message: 'Resource not found.' })
      const bad = await ctx.app.inject({ url: '/api/v1/location/states/abc/cities' })
      assert.equal(bad.statusCode, 400)
      assert.equal(bad.json().code, 'VALIDATION_FAILED')
    })

    test('unknown API routes answer a 404 JSON envelope; health and readiness answer', async () => {
      const unknown = await ctx.app.inject({ url: '/api/v1/nothing-here', headers: { 'accept-language': 'fr' } })
      assert.equal(unknown.statusCode, 404)
      assert.equal(unknown.json().code, 'ROUTE_NOT_FOUND')
      assert.equal((await ctx.app.inject({ url: '/healthz' })).statusCode, 200)
      const ready = await ctx.app.inject({ url: '/readyz' })
      assert.deepEqual(ready.json(), { status: 'ready', database: target })
      ctx.app.isShuttingDown = true
      try {
        assert.equal((await ctx.app.inject({ url: '/readyz' })).statusCode, 503)
        assert.equal((await ctx.app.inject({ url: '/api/v1/location/states' })).statusCode, 503)
      } finally {
        ctx.app.isShuttingDown = false
      }
    })

    test('the first owner is printed once and can sign in to the back office', async () => {
      const password = /password: (\S+)/.exec(output)?.[1]
      assert.ok(password, 'password printed on first start')
      const wrong = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/login',
        payload: { email: FIRST_OWNER_EMAIL, password: 'not-the-password' },
      })
      assert.equal(wrong.statusCode, 401)
      assert.equal(wrong.json().code, 'INVALID_CREDENTIALS')
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/login',
        payload: { email: FIRST_OWNER_EMAIL.toUpperCase(), password },
      })
      assert.equal(login.statusCode, 200)
      assert.equal(login.json().data.staff.role, 'owner')
      const cookie = login.cookies.find((c) => c.name === 'shop_staff')
      assert.ok(cookie?.httpOnly)
      const me = await ctx.app.inject({ url: '/api/v1/admin/auth/me', cookies: { shop_staff: cookie.value } })
      assert.equal(me.json().data.staff.email, FIRST_OWNER_EMAIL)
      const dashboard = await ctx.app.inject({ url: '/api/v1/admin/dashboard', cookies: { shop_staff: cookie.value } })
      assert.equal(dashboard.statusCode, 200)
      assert.ok(dashboard.json().data.lowStock.length > 0)
      const days = dashboard.json().data.last30Days
      assert.equal(days.length, 30, 'thirty days, empty ones included')
      assert.ok(days.every((d: { orders: number; revenue: number }) => d.orders === 0 && d.revenue === 0))
      const crossSite = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/logout',
        cookies: { shop_staff: cookie.value },
        headers: { origin: 'https://evil.example' },
      })
      assert.equal(crossSite.statusCode, 403)
      await ctx.app.inject({ method: 'POST', url: '/api/v1/admin/auth/logout', cookies: { shop_staff: cookie.value } })
      const after = await ctx.app.inject({ url: '/api/v1/admin/auth/me', cookies: { shop_staff: cookie.value } })
      assert.equal(after.statusCode, 401)
      assert.equal((await ctx.app.inject({ url: '/api/v1/admin/dashboard' })).statusCode, 401)
    })

    test('staff accounts are unique by e-mail whatever the case', async () => {
      await createStaff(ctx.database.db, { email: 'Sara@Khatwa.dz', password: 'a-long-password', name: 'Sara', role: 'manager' })
      await assert.rejects(
        createStaff(ctx.database.db, { email: 'sara@khatwa.dz', password: 'a-long-password', name: 'S', role: 'manager' }),
      )
    })
  })
}

describe('configuration', () => {
  test('a bad PORT fails with one line naming the variable', () => {
    assert.throws(() => loadConfig({ PORT: 'eighty' }), (error: Error) => {
      return error instanceof ConfigError && /^Invalid PORT \("eighty"\)/.test(error.message) && !error.message.includes('\n')
    })
    assert.throws(() => loadConfig({ PORT: '70000' }), ConfigError)
    assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://x' }), /Invalid DATABASE_URL/)
  })

  test('the server exits at once with a one-line message on a bad PORT or an unreachable database', () => {
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: apiDir,
        env: { ...process.env, ...env },
        encoding: 'utf8',
        timeout: 30_000,
      })
    const badPort = run({ PORT: 'abc' })
    assert.equal(badPort.status, 1)
    assert.match(badPort.stderr.trim(), /^error: Invalid PORT \("abc"\): .+$/)
    const unreachable = run({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' })
    assert.equal(unreachable.status, 1)
    assert.match(unreachable.stderr.trim(), /^error: Cannot reach the database at 127\.0\.0\.1:1\/none: ECONNREFUSED.*$/)
  })
})
