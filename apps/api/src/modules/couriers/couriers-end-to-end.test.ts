import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, count, eq, inArray } from 'drizzle-orm'
import { orders, orderStatusHistory, shipmentEvents, shipments, variants } from '../../db/schema.ts'
import { type AdminShop, insertOrder, startAdminShop } from '../../test/admin-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { type FakeCouriers, startFakeCouriers } from './fakes/fake-couriers.ts'

// The whole courier path through the store, with the real adapters speaking to the local fake couriers:
// accounts and their communes synced, parcels created (one and a batch, and a batch the courier refuses), the
// label, then the courier's news by webhook (Yalidine, ZR Express) and by polling (Ecotrack) until the order is
// delivered or returned. Nothing leaves 127.0.0.1.

const YALIDINE_SECRET = 'yalidine-webhook-secret'

for (const target of TEST_TARGETS) {
  describe(`couriers end to end (real adapters, fake couriers) on ${target}`, () => {
    let shop: AdminShop
    let fakes: FakeCouriers
    const accounts: Record<'yalidine' | 'ecotrack' | 'zr', string> = { yalidine: '', ecotrack: '', zr: '' }

    const owner = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => shop.http(method, `/api/v1/admin${url}`, { cookie: shop.ownerCookie, body })
    const orderOf = async (id: string) => (await shop.database.db.select().from(orders).where(eq(orders.id, id)))[0]
    const confirmedOrder = async () => {
      const variant = shop.catalogue.scarf.variants[0]
      assert.ok(variant)
      return insertOrder(shop.database.db, [{ variantId: variant.id, quantity: 1 }], { status: 'confirmed' })
    }
    const shipmentOf = async (orderId: string) => (await shop.database.db.select().from(shipments).where(eq(shipments.orderId, orderId)))[0]
    const courierMoves = async (orderId: string) =>
      (
        await shop.database.db
          .select({ to: orderStatusHistory.toStatus })
          .from(orderStatusHistory)
          .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.actor, 'courier'), eq(orderStatusHistory.kind, 'status')))
          .orderBy(orderStatusHistory.id)
      ).map((row) => row.to)
    const webhook = (accountId: string, request: { headers: Record<string, string>; rawBody: Buffer }) =>
      shop.app.inject({ method: 'POST', url: `/api/v1/couriers/${accountId}/webhook`, headers: { ...request.headers, 'content-type': 'application/json' }, payload: request.rawBody })
    const eventCount = async () => (await shop.database.db.select({ n: count() }).from(shipmentEvents))[0]?.n ?? 0

    before(async () => {
      fakes = await startFakeCouriers()
      shop = await startAdminShop(target)
      const add = async (key: keyof typeof accounts, body: Record<string, unknown>) => {
        const res = await owner('POST', '/couriers', { senderWilayaCode: 16, ...body })
        assert.equal(res.status, 201, JSON.stringify(res.body))
        accounts[key] = res.body.data.account._id
        const sync = await owner('POST', `/couriers/${accounts[key]}/places/sync`)
        assert.equal(sync.status, 200, JSON.stringify(sync.body))
        assert.ok(sync.body.data.sync.matched > 1000, `${key}: most communes matched (${sync.body.data.sync.matched} of ${sync.body.data.sync.total})`)
      }
      await add('yalidine', { name: 'Yalidine', engine: 'yalidine', baseUrl: fakes.yalidine.baseUrl, credentials: fakes.yalidine.credentials, webhookSecret: YALIDINE_SECRET, isDefault: true })
      await add('ecotrack', { name: 'DHD', engine: 'ecotrack', baseUrl: fakes.ecotrack.baseUrl, credentials: fakes.ecotrack.credentials })
      await add('zr', { name: 'ZR Express', engine: 'zr', baseUrl: fakes.zr.baseUrl, credentials: fakes.zr.credentials, webhookSecret: fakes.zr.webhookSecret })
    })
    after(async () => {
      await shop.close()
      await fakes.close()
    })

    test('Yalidine: two orders in one batch, a label, then the signed webhook walks the order to delivered; a replay, a late event and a bad signature change nothing', async () => {
      const first = await confirmedOrder()
      const second = await confirmedOrder()
      const creates = () => fakes.yalidine.requests.filter((r) => r.method === 'POST' && r.path.includes('/parcels')).length
      const before = creates()
      const shipped = await owner('POST', '/shipments', { orderIds: [first.id, second.id] })
      assert.equal(shipped.status, 200, JSON.stringify(shipped.body))
      assert.equal(shipped.body.data.okCount, 2, JSON.stringify(shipped.body.data.results))
      assert.equal(creates() - before, 1, 'both parcels in one request')
      const parcel = await shipmentOf(first.id)
      assert.ok(parcel)
      assert.ok(fakes.yalidine.parcels.has(parcel.tracking), 'the parcel exists at the courier')
      assert.equal((await orderOf(first.id))?.deliveryTrackingId, parcel.tracking)

      const label = await shop.app.inject({ method: 'GET', url: `/api/v1/admin/shipments/${parcel.id}/label`, headers: { cookie: shop.ownerCookie } })
      assert.equal(label.statusCode, 200)
      assert.equal(label.headers['content-type'], 'application/pdf')
      assert.equal(label.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-')

      const news = fakes.yalidine.signedWebhook(YALIDINE_SECRET, [
        { tracking: parcel.tracking, status: 'Expédié', eventId: 'evt-1', occurredAt: '2026-11-20T09:00:00Z' },
        { tracking: parcel.tracking, status: 'Sorti en livraison', eventId: 'evt-2', occurredAt: '2026-11-21T08:00:00Z' },
        { tracking: parcel.tracking, status: 'Livré', eventId: 'evt-3', occurredAt: '2026-11-21T15:00:00Z' },
      ])
      assert.equal((await webhook(accounts.yalidine, news)).statusCode, 200)
      const delivered = await orderOf(first.id)
      assert.equal(delivered?.status, 'delivered')
      assert.equal(delivered?.paymentStatus, 'paid', 'cash on delivery is paid when delivered')
      assert.deepEqual(await courierMoves(first.id), ['shipped', 'out_for_delivery', 'delivered'])

      const events = await eventCount()
      assert.equal((await webhook(accounts.yalidine, news)).statusCode, 200, 'a replayed webhook is answered')
      const late = fakes.yalidine.signedWebhook(YALIDINE_SECRET, [{ tracking: parcel.tracking, status: 'Centre', eventId: 'evt-0', occurredAt: '2026-11-19T12:00:00Z' }])
      assert.equal((await webhook(accounts.yalidine, late)).statusCode, 200)
      assert.equal(await eventCount(), events + 1, 'the replay adds nothing; the late event is kept in the timeline')
      assert.equal((await orderOf(first.id))?.status, 'delivered', 'a late event moves nothing')
      assert.equal((await shipmentOf(first.id))?.status, 'delivered')

      const forged = fakes.yalidine.signedWebhook(YALIDINE_SECRET, [{ tracking: (await shipmentOf(second.id))?.tracking ?? '', status: 'Livré', eventId: 'evt-9' }], { tamper: true })
      assert.equal((await webhook(accounts.yalidine, forged)).statusCode, 401)
      assert.equal(await eventCount(), events + 1, 'nothing written for a bad signature')
      assert.equal((await orderOf(second.id))?.status, 'processing')
    })

    test('Yalidine refuses the whole batch for one bad parcel: each order says why and nothing is written', async () => {
      const good = await confirmedOrder()
      const bad = await confirmedOrder()
      // more than Yalidine's declared price ceiling (150,000 DA)
      await shop.database.db.update(orders).set({ subtotal: 200_000, total: 200_000 + bad.deliveryFee }).where(eq(orders.id, bad.id))
      const shipped = await owner('POST', '/shipments', { orderIds: [good.id, bad.id], accountId: accounts.yalidine })
      assert.equal(shipped.status, 200, JSON.stringify(shipped.body))
      assert.equal(shipped.body.data.okCount, 0)
      const results = shipped.body.data.results as { orderId: string; ok: boolean; reason: { message: string } | null }[]
      assert.ok(results.every((r) => !r.ok && r.reason && r.reason.message.length > 0), JSON.stringify(results))
      assert.equal((await shop.database.db.select().from(shipments).where(inArray(shipments.orderId, [good.id, bad.id]))).length, 0)
      assert.equal((await orderOf(good.id))?.status, 'confirmed')
    })

    test('Ecotrack has no webhook: the store asks for news, and a returned parcel puts the stock back once', async () => {
      const order = await confirmedOrder()
      const variant = shop.catalogue.scarf.variants[0]
      assert.ok(variant)
      const stockOf = async () => (await shop.database.db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variant.id)))[0]?.stock
      const shipped = await owner('POST', `/orders/${order.id}/ship`, { accountId: accounts.ecotrack })
      assert.equal(shipped.status, 200, JSON.stringify(shipped.body))
      const parcel = await shipmentOf(order.id)
      assert.ok(parcel)
      assert.ok(fakes.ecotrack.orders.get(parcel.tracking)?.validated, 'the parcel was validated (sent) at the courier')
      const stock = await stockOf()
      fakes.ecotrack.advance(parcel.tracking, 'picked')
      fakes.ecotrack.advance(parcel.tracking, 'attempt_delivery', 'Client ne répond pas')
      fakes.ecotrack.advance(parcel.tracking, 'return_in_transit')
      fakes.ecotrack.advance(parcel.tracking, 'Return_received')
      const refresh = await owner('POST', '/shipments/refresh')
      assert.equal(refresh.status, 200, JSON.stringify(refresh.body))
      assert.equal(refresh.body.data.failed, 0)
      assert.equal((await orderOf(order.id))?.status, 'returned')
      assert.deepEqual(await courierMoves(order.id), ['shipped', 'returned'])
      assert.equal(await stockOf(), (stock ?? 0) + 1, 'the returned unit is back in stock')
      await owner('POST', '/shipments/refresh')
      assert.equal(await stockOf(), (stock ?? 0) + 1, 'and only once')
    })

    test('ZR Express: the parcel by its territory, the news by a Svix-signed webhook, a stale signature refused', async () => {
      const order = await confirmedOrder()
      const shipped = await owner('POST', `/orders/${order.id}/ship`, { accountId: accounts.zr })
      assert.equal(shipped.status, 200, JSON.stringify(shipped.body))
      const parcel = await shipmentOf(order.id)
      assert.ok(parcel?.externalId, "ZR's own parcel id is kept")
      const old = fakes.zr.signedWebhook(fakes.zr.webhookSecret, { trackingNumber: parcel.tracking, state: 'delivered' }, { timestamp: Math.floor(Date.now() / 1000) - 3600 })
      assert.equal((await webhook(accounts.zr, old)).statusCode, 401, 'a captured request replayed an hour later is refused')
      assert.equal((await orderOf(order.id))?.status, 'processing')
      const delivered = fakes.zr.signedWebhook(fakes.zr.webhookSecret, { trackingNumber: parcel.tracking, state: 'delivered', occurredAt: new Date().toISOString() })
      assert.equal((await webhook(accounts.zr, delivered)).statusCode, 200)
      assert.equal((await orderOf(order.id))?.status, 'delivered')
      assert.deepEqual(await courierMoves(order.id), ['shipped', 'delivered'])
    })
  })
}
