import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { clients, couponRedemptions, coupons, orders, shopSettings, variants } from '../../db/schema.ts'
import { createSession } from '../../plugins/session.ts'
import { randomPhone, type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { createStaff } from '../staff/staff.service.ts'

// The shop's anti-hoarding rules (units per line and per order, open orders per phone), the order rate
// limits for guests and clients keyed by address + phone, and coupons usable more than once per customer.

type Line = { productId: string; quantity: number; size?: string; color?: string }

for (const target of TEST_TARGETS) {
  describe(`order limits on ${target}`, () => {
    let shop: Shop
    let commune: number
    let ownerCookie: string
    before(async () => {
      shop = await startShop(target)
      commune = (await shop.http('GET', '/api/v1/location/states/16/cities')).body.data.cities[0]._id
      await createStaff(shop.database.db, { email: 'owner@test.dz', name: 'Owner', password: 'a-long-test-password', role: 'owner' })
      ownerCookie = (await shop.http('POST', '/api/v1/admin/auth/login', { body: { email: 'owner@test.dz', password: 'a-long-test-password' } })).cookie
    })
    after(async () => shop.close())

    const scarf = (quantity: number): Line => ({ productId: shop.catalogue.scarf.id, quantity })
    const body = (items: Line[], phone = randomPhone(), extra: Record<string, unknown> = {}) => ({
      orderItems: items,
      customerInfo: { firstName: 'Amine', lastName: 'Benali', phone },
      shippingAddress: { wilayaId: 16, communeId: commune, type: 'domicil', address: '12 rue Didouche Mourad' },
      ...extra,
    })
    const order = (payload: unknown, language = 'fr') => shop.http('POST', '/api/v1/order/guest', { body: payload, headers: { 'accept-language': language } })
    const stock = async (variantId: string) => (await shop.database.db.select({ s: variants.stock }).from(variants).where(eq(variants.id, variantId)))[0]?.s
    const setLimits = (values: Partial<typeof shopSettings.$inferInsert>) => shop.database.db.update(shopSettings).set(values).where(eq(shopSettings.id, 1))

    test('defaults: 10 units of one item, 20 units per order, 3 open orders per phone; the storefront reads them', async () => {
      const res = await shop.http('GET', '/api/v1/settings')
      assert.deepEqual(res.body.data.settings.orderLimits, { maxLineQuantity: 10, maxOrderQuantity: 20, maxOpenOrdersPerPhone: 3 })
    })

    test('more units of one item than the per-line limit: 422 ORDER_LINE_LIMIT naming the limit, nothing taken', async () => {
      const variantId = shop.catalogue.scarf.variants[0]?.id as string
      const before = await stock(variantId)
      const refused = await order(body([scarf(11)]))
      assert.equal(refused.status, 422)
      assert.equal(refused.body.code, 'ORDER_LINE_LIMIT')
      assert.equal(refused.body.data.limit, 10)
      assert.match(refused.body.message, /\b10\b/)
      assert.match(refused.body.message, /Écharpe en laine/)
      // the same item in two lines is one line of 11
      const split = await order(body([scarf(6), scarf(5)]))
      assert.equal(split.body.code, 'ORDER_LINE_LIMIT')
      const arabic = await order(body([scarf(11)]), 'ar')
      assert.match(arabic.body.message, /10/)
      assert.equal(await stock(variantId), before, 'a refused order takes no stock')
      const ok = await order(body([scarf(10)]))
      assert.equal(ok.status, 201)
      assert.equal(await stock(variantId), (before as number) - 10)
    })

    test('the cart holds no more of one item than the per-line limit: adds stop there, a larger quantity is refused with the same message', async () => {
      const first = await shop.http('POST', '/api/v1/cart/guest/add', { body: scarf(8) })
      const headers = { 'x-session-id': first.body.data.sessionId as string }
      const topped = await shop.http('POST', '/api/v1/cart/guest/add', { headers, body: scarf(5) })
      assert.equal(topped.status, 200)
      assert.equal(topped.body.data.cart.cartCount, 10, 'the add takes the line up to the limit, not beyond')
      const refused = await shop.http('POST', '/api/v1/cart/guest/add', { headers, body: scarf(1) })
      assert.equal(refused.status, 422)
      assert.equal(refused.body.code, 'ORDER_LINE_LIMIT')
      assert.equal(refused.body.data.limit, 10)
      const itemId = topped.body.data.cart.items[0]._id as string
      const raised = await shop.http('PATCH', `/api/v1/cart/guest/item/${itemId}`, { headers, body: { quantity: 11 } })
      assert.equal(raised.body.code, 'ORDER_LINE_LIMIT')
      const lowered = await shop.http('PATCH', `/api/v1/cart/guest/item/${itemId}`, { headers, body: { quantity: 9 } })
      assert.equal(lowered.status, 200)
    })

    test('more units in all than the per-order limit: 422 ORDER_QUANTITY_LIMIT; the owner can change the limits', async () => {
      const lines: Line[] = [
        scarf(10),
        { productId: shop.catalogue.runner.id, quantity: 7, size: '41', color: 'black' },
        { productId: shop.catalogue.derby.id, quantity: 4, size: '42', color: 'brown' },
      ]
      const refused = await order(body(lines), 'en')
      assert.equal(refused.status, 422)
      assert.equal(refused.body.code, 'ORDER_QUANTITY_LIMIT')
      assert.equal(refused.body.message, 'At most 20 units per order.')
      assert.equal(await stock(shop.catalogue.runner.variants[0]?.id as string), 7)

      const patch = await shop.http('PATCH', '/api/v1/admin/settings', { cookie: ownerCookie, body: { maxLineQuantity: 12, maxOrderQuantity: 30, maxOpenOrdersPerPhone: 5 } })
      assert.equal(patch.status, 200)
      assert.equal(patch.body.data.settings.maxOrderQuantity, 30)
      const read = await shop.http('GET', '/api/v1/admin/settings', { cookie: ownerCookie })
      assert.deepEqual([read.body.data.settings.maxLineQuantity, read.body.data.settings.maxOrderQuantity, read.body.data.settings.maxOpenOrdersPerPhone], [12, 30, 5])
      const below = await shop.http('PATCH', '/api/v1/admin/settings', { cookie: ownerCookie, body: { maxOrderQuantity: 11 }, headers: { 'accept-language': 'en' } })
      assert.equal(below.status, 400)
      assert.equal(below.body.errors[0].field, 'maxOrderQuantity')
      assert.match(below.body.errors[0].message, /12/)
      for (const bad of [{ maxLineQuantity: 0 }, { maxOpenOrdersPerPhone: 101 }, { maxOrderQuantity: 2.5 }, { maxLineQuantity: '5' }]) {
        const res = await shop.http('PATCH', '/api/v1/admin/settings', { cookie: ownerCookie, body: bad })
        assert.equal(res.status, 400, JSON.stringify(bad))
      }
      const anonymous = await shop.http('PATCH', '/api/v1/admin/settings', { body: { maxLineQuantity: 100 } })
      assert.equal(anonymous.status, 401)
      const unchanged = await shop.http('GET', '/api/v1/settings')
      assert.deepEqual(unchanged.body.data.settings.orderLimits, { maxLineQuantity: 12, maxOrderQuantity: 30, maxOpenOrdersPerPhone: 5 })
      const placed = await order(body(lines))
      assert.equal(placed.status, 201, 'accepted under the new limits')
      await setLimits({ maxLineQuantity: 10, maxOrderQuantity: 20, maxOpenOrdersPerPhone: 3 })
    })

    test('a phone with 3 unconfirmed orders gets 422 OPEN_ORDERS_LIMIT until one is confirmed', async () => {
      const phone = randomPhone()
      for (let n = 0; n < 3; n++) assert.equal((await order(body([scarf(1)], phone))).status, 201)
      const refused = await order(body([scarf(1)], phone), 'ar')
      assert.equal(refused.status, 422)
      assert.equal(refused.body.code, 'OPEN_ORDERS_LIMIT')
      assert.match(refused.body.message, /3/)
      assert.equal((await order(body([scarf(1)]))).status, 201, 'another phone is not concerned')
      const [first] = await shop.database.db.select({ id: orders.id }).from(orders).where(eq(orders.phone, phone)).limit(1)
      await shop.database.db.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, first?.id as string))
      assert.equal((await order(body([scarf(1)], phone))).status, 201, 'a confirmed order no longer counts')
    })

    test('six orders at once from one phone: exactly 3 open orders are placed', async () => {
      const phone = randomPhone()
      const replies = await Promise.all(Array.from({ length: 6 }, () => order(body([scarf(1)], phone))))
      assert.deepEqual(replies.map((r) => r.status).sort(), [201, 201, 201, 422, 422, 422])
      const [count] = await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.phone, phone))
      assert.equal(count?.n, 3)
    })

    describe('coupons usable more than once per customer', () => {
      before(async () => {
        await setLimits({ maxOpenOrdersPerPhone: 20 })
        await shop.database.db.insert(coupons).values([
          { code: 'TWICE', type: 'fixed', value: 100, perCustomerLimit: 2 },
          { code: 'THRICE', type: 'fixed', value: 100, perCustomerLimit: 3 },
          { code: 'RACE', type: 'fixed', value: 100, perCustomerLimit: 2 },
        ])
      })
      after(async () => setLimits({ maxOpenOrdersPerPhone: 3 }))

      const validate = (code: string, phone: string) =>
        shop.http('POST', '/api/v1/coupons/client/validate', { body: { code, orderAmount: 3000, phone } })

      for (const [code, limit] of [['TWICE', 2], ['THRICE', 3]] as const) {
        test(`per-customer limit ${limit}: ${limit} orders of one phone use it, validation tells the truth, the next is refused`, async () => {
          const phone = randomPhone()
          for (let n = 0; n < limit; n++) {
            assert.equal((await validate(code, phone)).status, 200, `validation before use ${n + 1}`)
            const placed = await order(body([scarf(1)], phone, { couponCode: code }))
            assert.equal(placed.status, 201, `use ${n + 1}: ${JSON.stringify(placed.body)}`)
            assert.equal(placed.body.data.order.discountAmount, 100)
          }
          const check = await validate(code, phone)
          assert.equal(check.status, 422)
          assert.equal(check.body.code, 'COUPON_ALREADY_USED')
          const over = await order(body([scarf(1)], phone, { couponCode: code }))
          assert.equal(over.status, 422)
          assert.equal(over.body.code, 'COUPON_ALREADY_USED')
          assert.equal((await validate(code, randomPhone())).status, 200, 'another phone still can')
          // cancelling one order gives its use back
          const [mine] = await shop.database.db.select({ id: orders.id, version: orders.version }).from(orders).where(eq(orders.phone, phone)).limit(1)
          const cancel = await shop.http('POST', `/api/v1/admin/orders/${mine?.id}/status`, { cookie: ownerCookie, body: { status: 'cancelled', version: mine?.version } })
          assert.equal(cancel.status, 200)
          assert.equal((await validate(code, phone)).status, 200)
          assert.equal((await order(body([scarf(1)], phone, { couponCode: code }))).status, 201)
        })
      }

      test('per-customer limit 2 counts by account too: a client changing phone numbers gets 2 uses', async () => {
        const [client] = await shop.database.db.insert(clients).values({ firstName: 'Amel', lastName: 'K', email: `amel-${Date.now()}@test.dz`, passwordHash: 'x' }).returning()
        const session = await createSession(shop.database.db, { kind: 'client', clientId: client?.id as string, persistent: false })
        const statuses = []
        for (let n = 0; n < 3; n++) {
          const res = await shop.http('POST', '/api/v1/order/client', { cookie: `shop_session=${session.token}`, body: body([scarf(1)], randomPhone(), { couponCode: 'TWICE' }) })
          statuses.push(res.body.code ?? res.status)
        }
        assert.deepEqual(statuses, [201, 201, 'COUPON_ALREADY_USED'])
      })

      test('limit 2, five orders at once from one phone: exactly 2 use the coupon', async () => {
        const phone = randomPhone()
        const replies = await Promise.all(Array.from({ length: 5 }, () => order(body([scarf(1)], phone, { couponCode: 'RACE' }))))
        const placed = replies.filter((r) => r.status === 201)
        assert.equal(placed.length, 2, JSON.stringify(replies.map((r) => r.body.code ?? r.status)))
        assert.ok(replies.filter((r) => r.status !== 201).every((r) => r.status === 422 && r.body.code === 'COUPON_ALREADY_USED'))
        const [coupon] = await shop.database.db.select().from(coupons).where(eq(coupons.code, 'RACE'))
        assert.equal(coupon?.usedCount, 2)
        const live = await shop.database.db
          .select({ id: couponRedemptions.id })
          .from(couponRedemptions)
          .where(and(eq(couponRedemptions.couponId, coupon?.id as string), isNull(couponRedemptions.releasedAt)))
        assert.equal(live.length, 2)
      })
    })
  })

  describe(`order rate limits on ${target}`, () => {
    let shop: Shop
    let commune: number
    before(async () => {
      // 2 orders per hour per address + phone (and per account), 4 per address whatever the phone
      shop = await startShop(target, { RATE_LIMIT_ORDER: '2/3600', RATE_LIMIT_ORDER_ADDRESS: '4/3600' })
      commune = (await shop.http('GET', '/api/v1/location/states/16/cities')).body.data.cities[0]._id
    })
    after(async () => shop.close())

    const body = (phone: string) => ({
      orderItems: [{ productId: shop.catalogue.scarf.id, quantity: 1 }],
      customerInfo: { firstName: 'Amine', lastName: 'Benali', phone },
      shippingAddress: { wilayaId: 16, communeId: commune, type: 'domicil', address: '12 rue Didouche Mourad' },
    })
    /** An order from a given client address (the socket's, as a carrier NAT shows many shoppers). */
    const orderFrom = async (address: string, phone: string, options: { path?: string; cookie?: string; key?: string } = {}) => {
      const res = await shop.app.inject({
        method: 'POST',
        url: options.path ?? '/api/v1/order/guest',
        remoteAddress: address,
        headers: {
          'content-type': 'application/json',
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.key ? { 'idempotency-key': options.key } : {}),
        },
        payload: JSON.stringify(body(phone)),
      })
      return { status: res.statusCode, body: res.json() as { code?: string; data?: { replayed?: boolean } }, retryAfter: res.headers['retry-after'] }
    }

    test('one carrier address: a phone over its limit gets 429, another phone behind the same address gets through; the address has a looser cap', async () => {
      const nat = '10.64.0.1'
      const [a, b, c] = [randomPhone(), randomPhone(), randomPhone()]
      assert.equal((await orderFrom(nat, a)).status, 201)
      assert.equal((await orderFrom(nat, a)).status, 201)
      const limited = await orderFrom(nat, a)
      assert.equal(limited.status, 429)
      assert.equal(limited.body.code, 'TOO_MANY_REQUESTS')
      assert.ok(Number(limited.retryAfter) > 0)
      assert.equal((await orderFrom(nat, b)).status, 201, 'another shopper behind the same address')
      assert.equal((await orderFrom(nat, b)).status, 201)
      assert.equal((await orderFrom(nat, c)).status, 429, 'the address as a whole: 4 orders an hour here')
      assert.equal((await orderFrom('10.64.0.2', a)).status, 201, 'the same phone from elsewhere has its own window')
    })

    test('signed-in clients are limited too, per account whatever the phone', async () => {
      const [client] = await shop.database.db.insert(clients).values({ firstName: 'Amel', lastName: 'K', email: 'amel@test.dz', passwordHash: 'x' }).returning()
      const session = await createSession(shop.database.db, { kind: 'client', clientId: client?.id as string, persistent: false })
      const cookie = `shop_session=${session.token}`
      const statuses = []
      for (let n = 0; n < 3; n++) statuses.push((await orderFrom(`10.65.0.${n + 1}`, randomPhone(), { path: '/api/v1/order/client', cookie })).status)
      assert.deepEqual(statuses, [201, 201, 429])
    })

    test('idempotent replays of a placed order are not counted', async () => {
      const phone = randomPhone()
      const first = await orderFrom('10.66.0.1', phone, { key: 'replay-key-0001' })
      assert.equal(first.status, 201)
      for (let n = 0; n < 3; n++) {
        const replay = await orderFrom('10.66.0.1', phone, { key: 'replay-key-0001' })
        assert.equal(replay.status, 200)
        assert.equal(replay.body.data?.replayed, true)
      }
      assert.equal((await orderFrom('10.66.0.1', phone, { key: 'replay-key-0002' })).status, 201, 'the second order is the second counted')
      assert.equal((await orderFrom('10.66.0.1', phone, { key: 'replay-key-0003' })).status, 429)
    })
  })
}
