import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { CallOutcome } from '@shop/shared'
import { count, eq } from 'drizzle-orm'
import { auditLog, couponRedemptions, coupons, orderItems, orders, orderStatusHistory, shopSettings, variants } from '../../db/schema.ts'
import { checkInvariants } from '../../reliability/invariants.ts'
import { type AdminShop, insertOrder, startAdminShop } from '../../test/admin-fixture.ts'
import { randomPhone } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'

for (const target of TEST_TARGETS) {
  describe(`customer card, risk, blacklist and merge on ${target}`, () => {
    let shop: AdminShop
    let commune: number
    const db = () => shop.database.db
    const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, cookie = shop.staffCookie) =>
      shop.http(method, `/api/v1/admin${url}`, { cookie, body })
    const stockOf = async (id: string) => (await db().select().from(variants).where(eq(variants.id, id)))[0]?.stock
    const couponUses = async (code: string) => (await db().select().from(coupons).where(eq(coupons.code, code)))[0]?.usedCount
    const call = (orderId: string, outcome: CallOutcome) =>
      db().insert(orderStatusHistory).values({ orderId, fromStatus: 'pending', toStatus: 'pending', callOutcome: outcome, kind: 'status' })
    const exportCsv = async () => (await shop.app.inject({ method: 'GET', url: '/api/v1/admin/orders/export.csv', headers: { cookie: shop.staffCookie } })).body
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000)

    before(async () => {
      shop = await startAdminShop(target)
      const cities = await shop.http('GET', '/api/v1/location/states/16/cities')
      commune = cities.body.data.cities[0]._id
    })
    after(async () => shop.close())

    test('the card of a phone with three returns and a fake order: counts, success rate, reasons, very high risk', async () => {
      const phone = randomPhone()
      const scarf = shop.catalogue.scarf.variants[0]!.id
      await insertOrder(db(), [{ variantId: scarf, quantity: 1 }], { phone, status: 'delivered', createdAt: hoursAgo(24 * 60) })
      await insertOrder(db(), [{ variantId: scarf, quantity: 1 }], { phone, status: 'returned', createdAt: hoursAgo(24 * 40) })
      await insertOrder(db(), [{ variantId: scarf, quantity: 1 }], { phone, status: 'returned', createdAt: hoursAgo(24 * 30) })
      await insertOrder(db(), [{ variantId: scarf, quantity: 1 }], { phone, status: 'returned', createdAt: hoursAgo(24 * 25) })
      const fake = await insertOrder(db(), [{ variantId: scarf, quantity: 1 }], { phone, status: 'cancelled', createdAt: hoursAgo(24 * 20) })
      await call(fake.id, 'no_answer')
      await call(fake.id, 'fake')
      const silent = await insertOrder(db(), [{ variantId: scarf, quantity: 1 }], { phone, status: 'cancelled', createdAt: hoursAgo(24 * 10) })
      await call(silent.id, 'no_answer')
      await call(silent.id, 'busy')
      const current = await insertOrder(db(), [{ variantId: scarf, quantity: 2 }], { phone })

      const res = await admin('GET', `/customers/${encodeURIComponent(`+213 ${phone.slice(1)}`)}?orderId=${current.id}`)
      assert.equal(res.status, 200, JSON.stringify(res.body))
      const card = res.body.data.customer
      assert.equal(card.phone, phone)
      assert.equal(card.orders.length, 7)
      assert.equal(card.orders[0]._id, current.id, 'newest first')
      assert.deepEqual(card.counts, { orders: 7, delivered: 1, returned: 3, cancelled: 2, fake: 1, noAnswer: 1, wrongNumber: 0 })
      assert.equal(card.successRate, 25)
      assert.deepEqual(card.duplicates, [])
      assert.equal(card.risk.level, 'very_high')
      assert.deepEqual(card.risk.reasons, [
        { code: 'cancelled_as_fake', count: 1, points: 3 },
        { code: 'past_returns', count: 3, points: 6 },
        { code: 'delivered_before', count: 1, points: -2 },
      ])
      assert.equal(card.risk.action, 'hold')
      // an agent sees the card too; an address that is not a mobile is a 404
      assert.equal((await admin('GET', `/customers/${phone}`, undefined, shop.agentCookie)).status, 200)
      assert.equal((await admin('GET', '/customers/12345')).status, 404)
    })

    test('wrong number, many orders in 24 hours and a high amount from a new phone are reasons; deliveries make a phone trusted', async () => {
      const phone = randomPhone()
      const coat = shop.catalogue.coat.variants[0]!.id
      const scarf = shop.catalogue.scarf.variants[0]!.id
      const wrong = await insertOrder(db(), [{ variantId: scarf, quantity: 1 }], { phone, status: 'cancelled', createdAt: hoursAgo(5) })
      await call(wrong.id, 'wrong_number')
      await insertOrder(db(), [{ variantId: scarf, quantity: 1 }], { phone, createdAt: hoursAgo(3) })
      const big = await insertOrder(db(), [{ variantId: coat, quantity: 2 }], { phone })
      const card = (await admin('GET', `/customers/${phone}?orderId=${big.id}`)).body.data.customer
      assert.deepEqual(card.risk.reasons.map((r: { code: string }) => r.code), ['wrong_number', 'many_recent_orders', 'new_phone_high_amount'])
      assert.deepEqual(card.risk.reasons[1], { code: 'many_recent_orders', count: 3, points: 2 })
      assert.deepEqual(card.risk.reasons[2], { code: 'new_phone_high_amount', amount: 24_500, threshold: 15_000, points: 2 })
      // 2 + 2 + 2 points: very high, kept on hold by the default settings
      assert.equal(card.risk.level, 'very_high')
      assert.equal(card.risk.action, 'hold')
      assert.equal(card.counts.wrongNumber, 1)
      // the other pending order of the phone is a possible duplicate
      assert.equal(card.duplicates.length, 1)

      const loyal = randomPhone()
      await insertOrder(db(), [{ variantId: scarf, quantity: 1 }], { phone: loyal, status: 'delivered', createdAt: hoursAgo(24 * 9) })
      const next = await insertOrder(db(), [{ variantId: scarf, quantity: 1 }], { phone: loyal })
      const trusted = (await admin('GET', `/customers/${loyal}?orderId=${next.id}`)).body.data.customer
      assert.equal(trusted.risk.level, 'trusted')
      assert.equal(trusted.risk.action, 'may_skip_call')
      assert.equal(trusted.successRate, 100)
    })

    test('only owner and manager manage the blacklist; each change is in the audit log', async () => {
      const phone = randomPhone()
      const agent = await admin('POST', '/blacklist', { phone, reason: 'x' }, shop.agentCookie)
      assert.equal(agent.status, 403)
      const add = await admin('POST', '/blacklist', { phone: `+213${phone.slice(1)}`, reason: 'Refused three parcels' })
      assert.equal(add.status, 201, JSON.stringify(add.body))
      assert.ok(add.body.data.entries.some((e: { phone: string; staffName: string }) => e.phone === phone && e.staffName === 'Samir'))
      assert.equal((await admin('POST', '/blacklist', { phone: '12345', reason: 'x' })).status, 400)
      const list = await admin('GET', '/blacklist', undefined, shop.ownerCookie)
      assert.equal(list.status, 200)
      const removed = await admin('DELETE', `/blacklist/${phone}`)
      assert.equal(removed.status, 200)
      assert.ok(!removed.body.data.entries.some((e: { phone: string }) => e.phone === phone))
      assert.equal((await admin('DELETE', `/blacklist/${phone}`)).status, 404)
      const lines = await db().select().from(auditLog).where(eq(auditLog.entityId, phone))
      assert.deepEqual(lines.map((l) => `${l.kind}:${l.action}`).sort(), ['blacklist:create', 'blacklist:delete'])
    })

    test('a high-risk order must be confirmed by a call when the owner says so: a status move or a bulk confirm is refused with its reason', async () => {
      const scarf = shop.catalogue.scarf.variants[0]!.id
      // one parcel refused at the door: a high risk (past_returns, 2 points)
      const phone = randomPhone()
      await insertOrder(db(), [{ variantId: scarf, quantity: 1 }], { phone, status: 'returned', createdAt: hoursAgo(24 * 20) })
      const risky = await insertOrder(db(), [{ variantId: scarf, quantity: 1 }], { phone })
      const plain = await insertOrder(db(), [{ variantId: scarf, quantity: 1 }])
      const card = await admin('GET', `/customers/${phone}?orderId=${risky.id}`)
      assert.deepEqual([card.body.data.customer.risk.level, card.body.data.customer.risk.action], ['high', 'must_call'])
      const historyCount = async (id: string) => (await db().select({ n: count() }).from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)))[0]?.n
      const versionOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!.version
      const statusOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!.status

      const before = await historyCount(risky.id)
      const moved = await admin('POST', `/orders/${risky.id}/status`, { status: 'confirmed', version: await versionOf(risky.id) }, shop.ownerCookie)
      assert.equal(moved.status, 422, JSON.stringify(moved.body))
      assert.equal(moved.body.code, 'CALL_REQUIRED')
      assert.equal(await statusOf(risky.id), 'pending')
      assert.equal(await historyCount(risky.id), before, 'nothing written')

      const bulk = await admin('POST', '/orders/bulk', { action: 'confirm', ids: [risky.id, plain.id] })
      const results = new Map(bulk.body.data.results.map((r: { id: string }) => [r.id, r]))
      assert.equal((results.get(risky.id) as { error: { code: string } }).error.code, 'CALL_REQUIRED')
      assert.equal((results.get(plain.id) as { ok: boolean }).ok, true, 'an order without risk is confirmed in the same bulk action')

      // the call confirms it
      const called = await admin('POST', `/orders/${risky.id}/call`, { outcome: 'confirmed', version: await versionOf(risky.id) }, shop.agentCookie)
      assert.equal(called.status, 200, JSON.stringify(called.body))
      assert.equal(await statusOf(risky.id), 'confirmed')

      // the owner may let high-risk orders be confirmed without a call
      const other = await insertOrder(db(), [{ variantId: scarf, quantity: 1 }], { phone })
      await db().update(shopSettings).set({ riskHighMustCall: false })
      try {
        const free = await admin('POST', `/orders/${other.id}/status`, { status: 'confirmed', version: await versionOf(other.id) }, shop.ownerCookie)
        assert.equal(free.status, 200, JSON.stringify(free.body))
      } finally {
        await db().update(shopSettings).set({ riskHighMustCall: true })
      }
    })

    test('a very high risk is refused cash on delivery but may pay in advance; a blacklisted phone is refused whatever the payment', async () => {
      await db().update(shopSettings).set({ riskVeryHighAction: 'refuse', ccpDetails: 'CCP 0012345678 clé 90' })
      try {
        const phone = randomPhone()
        const scarf = shop.catalogue.scarf.variants[0]!.id
        for (const days of [40, 30, 20]) await insertOrder(db(), [{ variantId: scarf, quantity: 1 }], { phone, status: 'returned', createdAt: hoursAgo(24 * days) })
        const body = (paymentMethod: string, customerPhone = phone) => ({
          orderItems: [{ productId: shop.catalogue.derby.id, quantity: 1, size: '42', color: 'brown' }],
          customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: customerPhone },
          shippingAddress: { wilayaId: '16', communeId: commune, type: 'domicil', address: '12 rue Didouche Mourad' },
          paymentMethod,
        })
        const place = async (payload: unknown) => shop.http('POST', '/api/v1/order/guest', { headers: { 'x-session-id': await shop.guestSession() }, body: payload })
        const cod = await place(body('cash_on_delivery'))
        assert.equal(cod.status, 422, JSON.stringify(cod.body))
        assert.equal(cod.body.code, 'ORDER_NOT_ACCEPTED')
        const ccp = await place(body('ccp'))
        assert.equal(ccp.status, 201, JSON.stringify(ccp.body))

        const listed = randomPhone()
        await admin('POST', '/blacklist', { phone: listed, reason: 'Fake orders' })
        const blacklisted = await place(body('ccp', listed))
        assert.equal(blacklisted.body.code, 'ORDER_NOT_ACCEPTED', JSON.stringify(blacklisted.body))
      } finally {
        await db().update(shopSettings).set({ riskVeryHighAction: 'hold', ccpDetails: null })
      }
    })

    test('a blacklisted phone is refused at checkout with a neutral message and nothing written (guest and client, with a coupon)', async () => {
      await db().update(shopSettings).set({ riskVeryHighAction: 'refuse' })
      const phone = randomPhone()
      await admin('POST', '/blacklist', { phone, reason: 'Fake orders' })
      const variant = shop.catalogue.derby.variants[0]!.id
      const snapshot = async () => ({
        orders: (await db().select({ n: count() }).from(orders))[0]?.n,
        lines: (await db().select({ n: count() }).from(orderItems))[0]?.n,
        stock: await stockOf(variant),
        redemptions: (await db().select({ n: count() }).from(couponRedemptions))[0]?.n,
        uses: await couponUses('TEN'),
      })
      const beforeAll = await snapshot()
      const body = {
        orderItems: [{ productId: shop.catalogue.derby.id, quantity: 1, size: '42', color: 'brown' }],
        customerInfo: { firstName: 'Amine', lastName: 'Benali', phone },
        shippingAddress: { wilayaId: '16', communeId: commune, type: 'domicil', address: '12 rue Didouche Mourad' },
        paymentMethod: 'cash_on_delivery',
        couponCode: 'TEN',
      }
      const guest = await shop.http('POST', '/api/v1/order/guest', { headers: { 'x-session-id': await shop.guestSession(), 'accept-language': 'fr' }, body })
      assert.equal(guest.status, 422, JSON.stringify(guest.body))
      assert.equal(guest.body.code, 'ORDER_NOT_ACCEPTED')
      assert.doesNotMatch(guest.body.message, /risque|liste|noire|blacklist|risk/i)
      assert.match(guest.body.message, /Appelez la boutique/)
      const client = await shop.http('POST', '/api/v1/order/client', { cookie: `shop_session=${shop.clientToken}`, headers: { 'accept-language': 'ar' }, body })
      assert.equal(client.body.code, 'ORDER_NOT_ACCEPTED', JSON.stringify(client.body))
      assert.deepEqual(await snapshot(), beforeAll)

      // set to hold: the order is taken, flagged on hold, and never reaches the courier export
      await db().update(shopSettings).set({ riskVeryHighAction: 'hold' })
      const held = await shop.http('POST', '/api/v1/order/guest', { headers: { 'x-session-id': await shop.guestSession() }, body })
      assert.equal(held.status, 201, JSON.stringify(held.body))
      const id = held.body.data.order._id
      const page = await admin('GET', `/orders/${id}`)
      assert.equal(page.body.data.order.onHold, true)
      await db().update(orders).set({ status: 'confirmed' }).where(eq(orders.id, id))
      const csv = await exportCsv()
      assert.ok(csv.length > 0)
      assert.ok(!csv.includes(held.body.data.order.trackingNumber))
      // a blacklisted phone's order, even not on hold, is left out too
      const other = await insertOrder(db(), [{ variantId: shop.catalogue.scarf.variants[0]!.id, quantity: 1 }], { phone, status: 'confirmed' })
      assert.ok(!(await exportCsv()).includes(other.trackingNumber))
      await admin('DELETE', `/blacklist/${phone}`)
      assert.ok((await exportCsv()).includes(other.trackingNumber), 'off the blacklist, the order is exported again')
    })

    test('a merge moves the lines (same variant adds up), keeps the stock held, releases the merged order’s coupon and re-prices the kept one', async () => {
      const phone = randomPhone()
      const runner41 = shop.catalogue.runner.variants[0]!.id
      const scarf = shop.catalogue.scarf.variants[0]!.id
      const stock41 = await stockOf(runner41)
      const stockScarf = await stockOf(scarf)
      const usesBefore = await couponUses('TEN')
      const kept = await insertOrder(db(), [{ variantId: runner41, quantity: 1 }], { phone, couponCode: 'TEN' })
      const dup = await insertOrder(db(), [{ variantId: runner41, quantity: 1 }, { variantId: scarf, quantity: 2 }], { phone, couponCode: 'TEN' })
      assert.equal(await couponUses('TEN'), (usesBefore ?? 0) + 2)
      assert.equal(await stockOf(runner41), (stock41 ?? 0) - 2)

      const card = (await admin('GET', `/customers/${phone}?orderId=${kept.id}`)).body.data.customer
      assert.deepEqual(card.duplicates.map((d: { _id: string }) => d._id), [dup.id])

      const stale = await admin('POST', `/orders/${kept.id}/merge`, { fromOrderId: dup.id, version: kept.version, fromVersion: 99 })
      assert.equal(stale.status, 409)
      const res = await admin('POST', `/orders/${kept.id}/merge`, { fromOrderId: dup.id, version: kept.version, fromVersion: dup.version }, shop.agentCookie)
      assert.equal(res.status, 200, JSON.stringify(res.body))
      const page = res.body.data
      const lines = page.order.items.map((i: { sku: string; quantity: number }) => `${i.sku}x${i.quantity}`).sort()
      assert.deepEqual(lines, ['RUNNER-41-BLACKx2', 'SCARF-M-REDx2'])
      const subtotal = 4900 * 2 + 1500 * 2
      assert.equal(page.order.subtotal, subtotal)
      assert.equal(page.order.discount, Math.floor(subtotal / 10))
      assert.equal(page.order.totalAmount, subtotal - Math.floor(subtotal / 10) + 500)
      assert.equal(page.history.at(-1).kind, 'merge')

      // the stock is what it was after both orders: the lines still hold it
      assert.equal(await stockOf(runner41), (stock41 ?? 0) - 2)
      assert.equal(await stockOf(scarf), (stockScarf ?? 0) - 2)
      // one coupon use left: the kept order's, at its new amount
      assert.equal(await couponUses('TEN'), (usesBefore ?? 0) + 1)
      const [redemption] = await db().select().from(couponRedemptions).where(eq(couponRedemptions.orderId, kept.id))
      assert.equal(redemption?.discount, Math.floor(subtotal / 10))
      const [gone] = await db().select().from(orders).where(eq(orders.id, dup.id))
      assert.equal(gone?.status, 'cancelled')
      assert.equal(gone?.total, 0)
      const [goneHistory] = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, dup.id))
      assert.equal(goneHistory?.kind, 'merge')
      assert.deepEqual((goneHistory?.details as { lines: { sku: string }[] }).lines.map((l) => l.sku).sort(), ['RUNNER-41-BLACK', 'SCARF-M-RED'])
      assert.equal((await db().select({ n: count() }).from(orderItems).where(eq(orderItems.orderId, dup.id)))[0]?.n, 0)

      // a second merge of the same order is refused (it is cancelled now), and nothing changes
      const again = await admin('POST', `/orders/${kept.id}/merge`, { fromOrderId: dup.id, version: page.order.version, fromVersion: (gone?.version ?? 0) })
      assert.equal(again.status, 422)
      assert.equal(again.body.code, 'MERGE_NOT_ALLOWED')
      // another phone's order cannot be merged in
      const stranger = await insertOrder(db(), [{ variantId: scarf, quantity: 1 }])
      const foreign = await admin('POST', `/orders/${kept.id}/merge`, { fromOrderId: stranger.id, version: page.order.version, fromVersion: stranger.version })
      assert.equal(foreign.body.code, 'MERGE_NOT_ALLOWED')

      // the shop's invariants on lines, amounts and coupon uses (the fixture's orders have no placement history)
      const broken = (await checkInvariants(db())).filter((c) => !c.ok && !c.name.includes('status history'))
      assert.deepEqual(broken, [])
    })
  })
}
