import assert from 'node:assert/strict'
import net from 'node:net'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { orders } from '../db/schema.ts'
import { loggerOptions } from '../http/logger.ts'
import { randomPhone, type Shop, startShop } from '../test/shop-fixture.ts'
import { TEST_TARGETS } from '../test/test-app.ts'

/**
 * docs/reliability-test-plan.md B5 (tests 40-43): public tracking shows a parcel slip and nothing more, answers the same
 * 404 and the same 429 whatever the number, and no personal data reaches the logs. Also B2 test 19
 * (mail server down), which shares the logging app.
 */
for (const target of TEST_TARGETS) {
  describe(`B5 tracking privacy and logs on ${target}`, () => {
    let shop: Shop
    let commune: number
    before(async () => {
      shop = await startShop(target)
      commune = (await shop.http('GET', '/api/v1/location/states/16/cities')).body.data.cities[0]._id
    })
    after(async () => shop.close())

    const place = async (phone: string, extra: Record<string, unknown> = {}, app?: FastifyInstance) => {
      const payload = {
        orderItems: [{ productId: shop.catalogue.scarf.id, quantity: 1 }],
        customerInfo: { firstName: 'Yasmine', lastName: 'Khelifa', phone, email: 'yasmine.khelifa@example.dz' },
        shippingAddress: { wilayaId: 16, communeId: commune, type: 'domicil', address: '27 boulevard Zighout Youcef' },
        ...extra,
      }
      const res = app
        ? await app.inject({ method: 'POST', url: '/api/v1/order/guest', payload, headers: { 'content-type': 'application/json' } }).then((r) => ({ status: r.statusCode, body: r.json() as any }))
        : await shop.http('POST', '/api/v1/order/guest', { body: payload })
      assert.equal(res.status, 201, JSON.stringify(res.body))
      return res.body.data.order._id as string
    }

    test('40. a phone with three orders (one 200 days old) lists two parcel slips: no e-mail, masked address, first name and initial, no-store', async () => {
      const phone = randomPhone()
      const ids = [await place(phone), await place(phone), await place(phone)]
      await shop.database.db.update(orders).set({ createdAt: sql`now() - interval '200 days'` }).where(eq(orders.id, ids[0] as string))
      const res = await shop.http('POST', '/api/v1/tracking', { body: { phoneNumber: phone } })
      assert.equal(res.status, 200)
      assert.equal(res.headers['cache-control'], 'no-store')
      const list = res.body.data.orders as Record<string, any>[]
      assert.deepEqual(list.map((o) => o._id).sort(), [ids[1], ids[2]].sort())
      const text = JSON.stringify(res.body)
      assert.ok(!text.includes('yasmine.khelifa'), 'no e-mail')
      assert.ok(!text.includes('Khelifa'), 'no last name')
      assert.ok(!text.includes('boulevard Zighout'), 'address masked')
      assert.ok(!text.includes(phone.slice(2)), 'the phone is not echoed')
      for (const order of list) {
        assert.equal(order.customerName, 'Yasmine K.')
        assert.ok(!('email' in order) && !('phone' in order) && !('customerInfo' in order) && !('notes' in order))
        assert.match(order.shippingAddress.address, /^27 b?•+$/)
      }
    })

    test('41. details: wrong phone, wrong id and unknown id give identical 404s; ids are random UUIDs', async () => {
      const phone = randomPhone()
      const id = await place(phone)
      const other = await place(randomPhone())
      const ok = await shop.http('POST', `/api/v1/tracking/${id}`, { body: { phoneNumber: phone } })
      assert.equal(ok.status, 200)
      assert.equal(ok.headers['cache-control'], 'no-store')
      const misses = [
        await shop.http('POST', `/api/v1/tracking/${id}`, { body: { phoneNumber: randomPhone() } }),
        await shop.http('POST', `/api/v1/tracking/${other}`, { body: { phoneNumber: phone } }),
        await shop.http('POST', `/api/v1/tracking/${crypto.randomUUID()}`, { body: { phoneNumber: phone } }),
        await shop.http('GET', `/api/v1/tracking/${crypto.randomUUID()}?phoneNumber=${phone}`),
      ]
      for (const miss of misses) {
        assert.equal(miss.status, 404)
        assert.deepEqual(miss.body, misses[0]?.body)
      }
      assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'random (v4) UUID, not a sequence')
    })

    test('42. enumeration: 30 phones from one address, one phone from 30 addresses → 429 after the caps, identical for found and unknown numbers', async () => {
      const limited = await startShop(target, { RATE_LIMIT_TRACKING: '20/600', TRUST_PROXY: 'false' })
      try {
        const known = randomPhone()
        const statuses: number[] = []
        const bodies: string[] = []
        for (let n = 0; n < 30; n++) {
          const phone = n % 2 ? known : randomPhone()
          const res = await limited.app.inject({ method: 'POST', url: '/api/v1/tracking', payload: { phoneNumber: phone }, remoteAddress: '192.0.2.10' })
          statuses.push(res.statusCode)
          if (res.statusCode === 429) bodies.push(res.body)
        }
        assert.deepEqual(statuses.slice(0, 20), Array(20).fill(200))
        assert.deepEqual(statuses.slice(20), Array(10).fill(429), 'per address')
        assert.equal(new Set(bodies).size, 1, '429 bodies identical for found and unknown numbers')
        const perPhone: number[] = []
        for (let n = 0; n < 30; n++) {
          const res = await limited.app.inject({ method: 'POST', url: '/api/v1/tracking', payload: { phoneNumber: known.replace(/^05/, '06') }, remoteAddress: `198.51.100.${n + 1}` })
          perPhone.push(res.statusCode)
        }
        assert.deepEqual(perPhone.slice(20), Array(10).fill(429), 'per phone')
        const spoofed = await limited.app.inject({ method: 'POST', url: '/api/v1/tracking', payload: { phoneNumber: randomPhone() }, remoteAddress: '192.0.2.10', headers: { 'x-forwarded-for': '203.0.113.99' } })
        assert.equal(spoofed.statusCode, 429, 'X-Forwarded-For is not trusted without TRUST_PROXY')
      } finally {
        await limited.close()
      }
    })

    describe('43 and 19: logs carry no personal data; a dead mail server loses nothing', () => {
      let logged = ''
      let app: FastifyInstance
      let closedPort: number
      before(async () => {
        // a port that refuses connections: SMTP is "down"
        const probe = net.createServer()
        await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
        closedPort = (probe.address() as net.AddressInfo).port
        await new Promise<void>((resolve) => probe.close(() => resolve()))
        const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: shop.config.dataDir, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(closedPort), RATE_LIMIT_TRACKING: '1000/60', RATE_LIMIT_ORDER: '1000/60', RATE_LIMIT_ORDER_ADDRESS: '1000/60', RATE_LIMIT_PASSWORD_RESET: '1000/60', RATE_LIMIT_SIGNUP: '1000/60' })
        app = await buildApp({ config, database: shop.database, logger: loggerOptions('info', { write: (line: string) => void (logged += line) }) })
      })
      after(async () => app.close())

      test('19. SMTP refuses: the order is 201, forgot-password gives its usual reply, no 5xx', async () => {
        await place(randomPhone(), {}, app)
        const signup = await app.inject({ method: 'POST', url: '/api/v1/auth/client/signup', payload: { firstName: 'Nour', lastName: 'Saidi', email: 'nour.saidi@example.dz', password: 'a-long-password-1' } })
        assert.equal(signup.statusCode, 201)
        const forgot = await app.inject({ method: 'POST', url: '/api/v1/auth/client/forgot-password', payload: { email: 'nour.saidi@example.dz' } })
        const unknown = await app.inject({ method: 'POST', url: '/api/v1/auth/client/forgot-password', payload: { email: 'nobody@example.dz' } })
        assert.equal(forgot.statusCode, 200)
        assert.equal(forgot.body, unknown.body)
        // the failure was logged (masked), so the owner can see mail is down
        for (let n = 0; n < 100 && !logged.includes('e-mail could not be sent'); n++) await new Promise((r) => setTimeout(r, 50))
        assert.match(logged, /e-mail could not be sent/)
      })

      test('43. access and error logs hold no name, phone, e-mail or street address', async () => {
        const phone = randomPhone()
        const id = await place(phone, {}, app)
        await app.inject({ method: 'GET', url: `/api/v1/tracking/${id}?phoneNumber=${phone}` })
        await app.inject({ method: 'POST', url: `/api/v1/tracking/${id}`, payload: { phoneNumber: phone } })
        await app.inject({ method: 'POST', url: '/api/v1/tracking', payload: { phoneNumber: phone } })
        await app.inject({ method: 'POST', url: '/api/v1/auth/client/login', payload: { email: 'nour.saidi@example.dz', password: 'wrong-password' } })
        for (let n = 0; n < 100 && (logged.match(/e-mail could not be sent/g) ?? []).length < 2; n++) await new Promise((r) => setTimeout(r, 50))
        assert.ok(logged.includes(`/api/v1/tracking/${id}?phoneNumber=0*********`), 'the access log has the request, phone masked')
        for (const secret of [phone, phone.slice(1), 'Yasmine', 'Khelifa', 'yasmine.khelifa', 'Zighout', 'nour.saidi', 'Saidi', 'a-long-password-1', 'wrong-password']) {
          assert.ok(!logged.includes(secret), `"${secret}" found in the logs`)
        }
      })
    })
  })
}
