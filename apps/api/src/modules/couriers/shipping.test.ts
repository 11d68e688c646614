import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import type { CourierFailure, ShipmentStatus } from '@shop/shared'
import { and, asc, count, eq, ne } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { communes, courierAccounts, orders, orderStatusHistory, phoneBlacklist, shipmentEvents, shipments, variants } from '../../db/schema.ts'
import { type AdminShop, insertOrder, startAdminShop } from '../../test/admin-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { type CourierAccountRef, type CourierAdapter, type CourierDirectory, CourierError, type CourierEvent, type ParcelRequest } from './courier.ts'
import { yalidineWebhook } from './adapters/yalidine.ts'
import { applyCourierEvents, forwardPath, pollOpenShipments } from './shipping.sync.ts'

const SECRET = 'webhook-secret'
const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex')

async function onePagePdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.addPage().drawText(text)
  return doc.save()
}

/**
 * A courier kept in memory: parcels created, cancelled (refused once picked up), their labels, the events and
 * money it reports; webhooks signed with HMAC-SHA256 of the body in `x-signature`.
 */
function memoryCourier() {
  const parcels = new Map<string, { reference: string; pickedUp: boolean; cancelled: boolean }>()
  const created: ParcelRequest[][] = []
  const state: { reject: CourierError | null; events: CourierEvent[] } = { reject: null, events: [] }
  let next = 1
  const adapter: CourierAdapter = {
    engine: 'yalidine',
    async createParcels(list) {
      created.push(list)
      if (state.reject) throw state.reject
      return list.map((p) => {
        const tracking = `yal-${String(next++).padStart(6, '0')}`
        parcels.set(tracking, { reference: p.reference, pickedUp: false, cancelled: false })
        return { reference: p.reference, tracking, externalId: null, labelUrl: null }
      })
    },
    async cancelParcel({ tracking }) {
      const parcel = parcels.get(tracking)
      if (!parcel) throw new CourierError('rejected', 'Colis introuvable')
      if (parcel.pickedUp) throw new CourierError('rejected', 'Colis déjà ramassé')
      parcel.cancelled = true
    },
    async label({ tracking }) {
      return onePagePdf(tracking)
    },
    async events(list) {
      return state.events.filter((e) => list.some((p) => p.tracking === e.tracking))
    },
    async money(list) {
      return list.map((p) => ({ tracking: p.tracking, deliveryFee: 600, returnFee: 200, payoutStatus: 'ready' as const, payoutId: null }))
    },
    fees: async () => [],
    places: async () => [],
    webhook: {
      challenge: (request) => request.query.crc_token,
      verify: (request, secret) => request.headers['x-signature'] === createHmac('sha256', secret).update(request.rawBody).digest('hex'),
      parse: (request) =>
        (JSON.parse(request.rawBody.toString('utf8')) as { events: (Omit<CourierEvent, 'occurredAt'> & { occurredAt: string })[] }).events.map((e) => ({
          ...e,
          occurredAt: new Date(e.occurredAt),
        })),
    },
  }
  return { adapter, parcels, created, state }
}

let eventNo = 0
function event(tracking: string, status: ShipmentStatus, at: string, extra: { failure?: CourierFailure; reason?: string; centre?: string } = {}): CourierEvent {
  eventNo++
  return {
    tracking,
    eventKey: `${status}@${at}#${eventNo}`,
    status,
    statusRaw: `raw:${status}`,
    reason: extra.reason ?? null,
    failure: extra.failure ?? null,
    centre: extra.centre ?? null,
    occurredAt: new Date(at),
  }
}

for (const target of TEST_TARGETS) {
  describe(`shipping with couriers on ${target}`, () => {
    let shop: AdminShop
    const courier = memoryCourier()
    let account: CourierAccountRef
    /** A commune the courier has no place for. */
    let unmatchedCommune = 0
    const directory: CourierDirectory = {
      accountFor: async (wilaya) => (wilaya === 16 ? account : null),
      account: async (id) => (id === account.id ? account : null),
      adapter: async () => courier.adapter,
      webhookSecret: async () => SECRET,
      place: async (_accountId, communeId) =>
        communeId === unmatchedCommune ? null : { remoteId: String(communeId), remoteName: 'Place', remoteWilaya: '16', remoteParentId: null, stopDeskId: null },
    }
    const admin = (method: 'GET' | 'POST', url: string, body?: unknown, cookie = shop.staffCookie) => shop.http(method, `/api/v1/admin${url}`, { cookie, body })
    const db = () => shop.database.db
    const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!
    const shipmentOf = async (orderId: string) => (await db().select().from(shipments).where(eq(shipments.orderId, orderId)))[0]
    const historyOf = async (orderId: string) =>
      db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id))
    const stockOf = async (id: string) => (await db().select().from(variants).where(eq(variants.id, id)))[0]!.stock
    const confirmedOrder = async (options: Parameters<typeof insertOrder>[2] = {}) =>
      insertOrder(db(), [{ variantId: shop.catalogue.runner.variants[0]!.id, quantity: 1 }], { status: 'confirmed', ...options })
    const shipOne = async (orderId: string) => {
      const res = await admin('POST', `/orders/${orderId}/ship`, {})
      assert.equal(res.status, 200, JSON.stringify(res.body))
      return res.body.data.results[0] as { ok: boolean; tracking: string | null; reason: { code: string; message: string } | null }
    }

    before(async () => {
      shop = await startAdminShop(target, { courierDirectory: directory })
      const [row] = await db()
        .insert(courierAccounts)
        .values({ name: 'Yalidine', engine: 'yalidine', baseUrl: 'http://127.0.0.1:1', credentials: 'sealed', senderWilayaCode: 16, isDefault: true })
        .returning()
      account = { id: row!.id, name: row!.name, engine: 'yalidine', senderWilayaCode: 16 }
      const [other] = await db().select({ id: communes.id }).from(communes).where(and(eq(communes.wilayaCode58, 16), ne(communes.id, 1644))).limit(1)
      unmatchedCommune = other!.id
      // every test ships orders of this pair
      await db().update(variants).set({ stock: 10_000 }).where(eq(variants.id, shop.catalogue.runner.variants[0]!.id))
    })
    after(async () => shop.close())

    test('shipping a confirmed order creates its parcel, sets its tracking id and moves it to processing as staff', async () => {
      const order = await confirmedOrder()
      const result = await shipOne(order.id)
      assert.equal(result.ok, true)
      assert.match(result.tracking ?? '', /^yal-/)
      const request = courier.created.at(-1)![0]!
      assert.equal(request.reference, order.trackingNumber)
      assert.equal(request.codAmount, order.total)
      assert.equal(request.place?.remoteId, '1644')
      assert.equal(request.wilayaNameFr, 'Alger')
      const shipment = await shipmentOf(order.id)
      assert.equal(shipment?.tracking, result.tracking)
      assert.equal(shipment?.status, 'pending')
      assert.equal(shipment?.codAmount, order.total)
      const updated = await orderOf(order.id)
      assert.equal(updated.status, 'processing')
      assert.equal(updated.deliveryTrackingId, result.tracking)
      const history = await historyOf(order.id)
      assert.deepEqual(
        history.map((h) => [h.kind, h.fromStatus, h.toStatus, h.actor, h.note]),
        [
          ['status', 'confirmed', 'processing', 'staff', null],
          ['tracking_id', 'processing', 'processing', 'staff', result.tracking],
        ],
      )
      // an agent may ship too (orders.work)
      const another = await confirmedOrder({ paymentMethod: 'ccp', paymentStatus: 'paid' })
      const byAgent = await admin('POST', `/orders/${another.id}/ship`, {}, shop.agentCookie)
      assert.equal(byAgent.body.data.results[0].ok, true)
      assert.equal((await shipmentOf(another.id))?.codAmount, 0, 'a paid order has nothing to collect')
    })

    test('bulk ship: each refused order says why, the others are shipped in one batch', async () => {
      const good = await confirmedOrder()
      const processing = await confirmedOrder({ status: 'processing' })
      const pending = await confirmedOrder({ status: 'pending' })
      const held = await confirmedOrder()
      await db().update(orders).set({ onHold: true }).where(eq(orders.id, held.id))
      const blacklisted = await confirmedOrder()
      await db().insert(phoneBlacklist).values({ phone: blacklisted.phone, reason: 'fake orders', staffName: 'Owner' })
      const unmatched = await confirmedOrder({ communeId: unmatchedCommune })
      const shipped = await confirmedOrder()
      assert.equal((await shipOne(shipped.id)).ok, true)
      const batches = courier.created.length
      const ids = [good.id, processing.id, pending.id, held.id, blacklisted.id, unmatched.id, shipped.id]
      const res = await shop.http('POST', '/api/v1/admin/shipments', { cookie: shop.staffCookie, body: { orderIds: ids }, headers: { 'accept-language': 'fr' } })
      assert.equal(res.status, 200)
      const byId = new Map(res.body.data.results.map((r: { orderId: string }) => [r.orderId, r]))
      const reason = (id: string) => (byId.get(id) as { reason: { code: string } | null }).reason?.code ?? 'ok'
      assert.deepEqual(ids.map(reason), ['ok', 'ok', 'NOT_READY_TO_SHIP', 'ORDER_ON_HOLD', 'PHONE_BLACKLISTED', 'COMMUNE_NOT_MATCHED', 'ALREADY_SHIPPED'])
      assert.match((byId.get(held.id) as { reason: { message: string } }).reason.message, /en attente/)
      assert.equal(res.body.data.okCount, 2)
      assert.equal(res.body.data.failedCount, 5)
      assert.equal(courier.created.length, batches + 1, 'one request to the courier for the accepted orders')
      assert.equal(courier.created.at(-1)!.length, 2)
      for (const id of [pending.id, held.id, blacklisted.id, unmatched.id]) assert.equal(await shipmentOf(id), undefined)
      assert.equal((await orderOf(processing.id)).status, 'processing')
      assert.equal(res.body.data.results.length, ids.length)
    })

    test('"ship confirmed orders" ships every confirmed order; a wilaya without courier is refused', async () => {
      await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.status, 'confirmed'))
      const a = await confirmedOrder()
      const b = await confirmedOrder()
      const oran = await db().select({ id: communes.id }).from(communes).where(eq(communes.wilayaCode58, 31)).limit(1)
      const far = await confirmedOrder({ communeId: oran[0]!.id })
      const res = await admin('POST', '/shipments', { allConfirmed: true })
      assert.equal(res.status, 200)
      const results = res.body.data.results as { orderId: string; ok: boolean; reason: { code: string } | null }[]
      assert.deepEqual(new Set(results.map((r) => r.orderId)), new Set([a.id, b.id, far.id]))
      assert.equal(results.find((r) => r.orderId === far.id)?.reason?.code, 'NO_COURIER')
      assert.equal(results.filter((r) => r.ok).length, 2)
      assert.equal((await admin('POST', '/shipments', {})).status, 400)
    })

    test('a batch the courier rejects writes nothing and each order gets its reason', async () => {
      const a = await confirmedOrder()
      const b = await confirmedOrder()
      courier.state.reject = new CourierError('rejected', 'Bad request', { parcels: [{ reference: a.trackingNumber, message: 'Téléphone invalide' }] })
      try {
        const res = await admin('POST', '/shipments', { orderIds: [a.id, b.id] })
        const results = res.body.data.results as { orderId: string; ok: boolean; reason: { code: string; message: string } }[]
        assert.deepEqual(results.map((r) => [r.ok, r.reason.code]), [[false, 'COURIER_REJECTED'], [false, 'COURIER_REJECTED']])
        assert.match(results[0]!.reason.message, /Téléphone invalide/)
        assert.match(results[1]!.reason.message, /Bad request/)
      } finally {
        courier.state.reject = null
      }
      for (const order of [a, b]) {
        assert.equal(await shipmentOf(order.id), undefined)
        assert.equal((await orderOf(order.id)).status, 'confirmed')
        assert.equal((await orderOf(order.id)).deliveryTrackingId, null)
        assert.deepEqual(await historyOf(order.id), [])
      }
    })

    test('courier events walk the order processing → shipped → out_for_delivery → delivered as the courier, once each', async () => {
      const order = await confirmedOrder()
      const { tracking } = await shipOne(order.id)
      const t = tracking as string
      const events = [
        event(t, 'picked_up', '2026-03-01T08:00:00Z', { centre: 'Alger centre' }),
        event(t, 'out_for_delivery', '2026-03-02T08:00:00Z'),
        event(t, 'delivered', '2026-03-02T15:00:00Z'),
      ]
      // given out of order, applied in time order
      const applied = await applyCourierEvents(db(), account.id, [events[2]!, events[0]!, events[1]!], 'poll')
      assert.equal(applied.recorded, 3)
      const history = (await historyOf(order.id)).filter((h) => h.actor === 'courier')
      assert.deepEqual(
        history.map((h) => [h.kind, h.fromStatus, h.toStatus, h.staffId]),
        [
          ['status', 'processing', 'shipped', null],
          ['status', 'shipped', 'out_for_delivery', null],
          ['status', 'out_for_delivery', 'delivered', null],
          ['payment', 'delivered', 'delivered', null],
        ],
      )
      const updated = await orderOf(order.id)
      assert.equal(updated.status, 'delivered')
      assert.equal(updated.paymentStatus, 'paid', 'cash on delivery is paid when delivered, as a staff move does')
      const shipment = await shipmentOf(order.id)
      assert.equal(shipment?.status, 'delivered')
      assert.equal(shipment?.statusRaw, 'raw:delivered')
      // the same events again (a webhook retried): nothing recorded, nothing moved
      const again = await applyCourierEvents(db(), account.id, events, 'webhook')
      assert.equal(again.recorded, 0)
      assert.equal((await historyOf(order.id)).length, history.length + 2)
      // an older event arriving late joins the timeline but moves nothing back
      const late = await applyCourierEvents(db(), account.id, [event(t, 'in_transit', '2026-03-01T12:00:00Z')], 'poll')
      assert.equal(late.recorded, 1)
      assert.equal((await shipmentOf(order.id))?.status, 'delivered')
      assert.equal((await orderOf(order.id)).status, 'delivered')
      const [{ n }] = (await db().select({ n: count() }).from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipment!.id))) as [{ n: number }]
      assert.equal(Number(n), 4)
      // events of parcels the shop does not know are left out
      const unknown = await applyCourierEvents(db(), account.id, [event('nope-1', 'delivered', '2026-03-02T15:00:00Z')], 'poll')
      assert.deepEqual(unknown, { recorded: 0, unknown: 1 })
    })

    test('a returned parcel puts the stock back once', async () => {
      const variantId = shop.catalogue.runner.variants[0]!.id
      const order = await confirmedOrder()
      const { tracking } = await shipOne(order.id)
      const t = tracking as string
      await applyCourierEvents(db(), account.id, [event(t, 'picked_up', '2026-04-01T08:00:00Z')], 'poll')
      const stock = await stockOf(variantId)
      await applyCourierEvents(
        db(),
        account.id,
        [event(t, 'failed_delivery', '2026-04-02T08:00:00Z', { failure: 'refused', reason: 'Refusé par le client' }), event(t, 'returned', '2026-04-03T08:00:00Z')],
        'webhook',
      )
      assert.equal((await orderOf(order.id)).status, 'returned')
      assert.equal(await stockOf(variantId), stock + 1)
      assert.equal((await shipmentOf(order.id))?.failure, 'refused')
      await applyCourierEvents(db(), account.id, [event(t, 'returned', '2026-04-04T08:00:00Z')], 'poll')
      assert.equal(await stockOf(variantId), stock + 1, 'a second "returned" does not restock again')
    })

    test('webhook: a bad or missing signature is 401 and writes nothing; a signed one is applied', async () => {
      const order = await confirmedOrder()
      const { tracking } = await shipOne(order.id)
      const body = JSON.stringify({ events: [event(tracking as string, 'picked_up', '2026-05-01T08:00:00Z')] })
      const url = `/api/v1/couriers/${account.id}/webhook`
      const counts = async () => ({
        events: Number(((await db().select({ n: count() }).from(shipmentEvents)) as [{ n: number }])[0].n),
        history: Number(((await db().select({ n: count() }).from(orderStatusHistory)) as [{ n: number }])[0].n),
      })
      const before = await counts()
      const bad = await shop.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json', 'x-signature': sign('other') } })
      assert.equal(bad.statusCode, 401)
      assert.equal(bad.json().code, 'BAD_SIGNATURE')
      const missing = await shop.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json' } })
      assert.equal(missing.statusCode, 401)
      assert.deepEqual(await counts(), before)
      // signed: the raw bytes are checked, a staff cookie from another site changes nothing (no CSRF check here)
      const good = await shop.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { 'content-type': 'application/json', 'x-signature': sign(body), origin: 'https://courier.example', cookie: shop.staffCookie },
      })
      assert.equal(good.statusCode, 200)
      assert.equal((await orderOf(order.id)).status, 'shipped')
      assert.deepEqual(await counts(), { events: before.events + 1, history: before.history + 1 })
      // the subscription check echoes the courier's token; an unknown account is 404
      const crc = await shop.app.inject({ method: 'GET', url: `${url}?crc_token=abc123` })
      assert.equal(crc.statusCode, 200)
      assert.equal(crc.body, 'abc123')
      const unknown = await shop.app.inject({ method: 'POST', url: '/api/v1/couriers/00000000-0000-4000-8000-000000000000/webhook', payload: body, headers: { 'x-signature': sign(body) } })
      assert.equal(unknown.statusCode, 404)
    })

    test("Yalidine's own webhook: the subscription check answers its crc_token, a signed status change is applied", async () => {
      const order = await confirmedOrder()
      const { tracking } = await shipOne(order.id)
      const plain = courier.adapter.webhook
      Object.assign(courier.adapter, { webhook: yalidineWebhook })
      try {
        const url = `/api/v1/couriers/${account.id}/webhook`
        const crc = await shop.app.inject({ method: 'GET', url: `${url}?subscribe=&crc_token=tok-1` })
        assert.equal(crc.statusCode, 200)
        assert.deepEqual(crc.json(), { crc_token: 'tok-1' })
        const body = JSON.stringify({
          type: 'parcel_status_updated',
          events: [{ event_id: 'evt-1', occurred_at: '2026-05-03 10:00:00', data: { tracking, status: 'Echèc livraison', reason: 'Faux numéro', center_name: 'Centre Alger' } }],
        })
        const headers = { 'content-type': 'application/json', 'x-yalidine-signature': sign(body) }
        const tampered = await shop.app.inject({ method: 'POST', url, payload: body.replace('Faux', 'Bon'), headers })
        assert.equal(tampered.statusCode, 401)
        const res = await shop.app.inject({ method: 'POST', url, payload: body, headers })
        assert.equal(res.statusCode, 200)
        const shipment = await shipmentOf(order.id)
        assert.equal(shipment?.status, 'failed_delivery')
        assert.equal(shipment?.failure, 'wrong_number')
        assert.equal(shipment?.lastEventAt?.toISOString(), '2026-05-03T09:00:00.000Z')
      } finally {
        Object.assign(courier.adapter, { webhook: plain })
      }
    })

    test('cancel before pickup clears the tracking id; a parcel already picked up is refused with the courier\'s words', async () => {
      const order = await confirmedOrder()
      const { tracking } = await shipOne(order.id)
      const shipment = (await shipmentOf(order.id))!
      const res = await admin('POST', `/shipments/${shipment.id}/cancel`)
      assert.equal(res.status, 200)
      assert.equal(res.body.data.shipments[0].status, 'cancelled')
      assert.equal(courier.parcels.get(tracking as string)?.cancelled, true)
      const updated = await orderOf(order.id)
      assert.equal(updated.deliveryTrackingId, null)
      assert.equal(updated.status, 'processing')
      // it can be shipped again
      const again = await shipOne(order.id)
      assert.equal(again.ok, true)
      const second = (await db().select().from(shipments).where(and(eq(shipments.orderId, order.id), eq(shipments.status, 'pending'))))[0]!
      courier.parcels.get(again.tracking as string)!.pickedUp = true
      const refused = await shop.http('POST', `/api/v1/admin/shipments/${second.id}/cancel`, { cookie: shop.staffCookie, headers: { 'accept-language': 'fr' } })
      assert.equal(refused.status, 422)
      assert.equal(refused.body.code, 'COURIER_REJECTED')
      assert.match(refused.body.message, /déjà ramassé/)
      assert.equal((await orderOf(order.id)).deliveryTrackingId, again.tracking)
      assert.equal((await admin('POST', '/shipments/00000000-0000-4000-8000-000000000000/cancel')).status, 404)
    })

    test('labels come through the store: one parcel, or several merged into one PDF', async () => {
      const a = await confirmedOrder()
      const b = await confirmedOrder()
      await shipOne(a.id)
      await shipOne(b.id)
      const sa = (await shipmentOf(a.id))!
      const one = await shop.app.inject({ method: 'GET', url: `/api/v1/admin/shipments/${sa.id}/label`, headers: { cookie: shop.staffCookie } })
      assert.equal(one.statusCode, 200)
      assert.equal(one.headers['content-type'], 'application/pdf')
      assert.equal((await PDFDocument.load(one.rawPayload)).getPageCount(), 1)
      // parcels' ids or orders' ids (the list's "print labels")
      const merged = await shop.app.inject({ method: 'GET', url: `/api/v1/admin/shipments/labels?ids=${sa.id},${b.id}`, headers: { cookie: shop.staffCookie } })
      assert.equal(merged.statusCode, 200)
      assert.equal((await PDFDocument.load(merged.rawPayload)).getPageCount(), 2)
      const missing = await shop.app.inject({ method: 'GET', url: `/api/v1/admin/shipments/labels?ids=00000000-0000-4000-8000-000000000000`, headers: { cookie: shop.staffCookie } })
      assert.equal(missing.statusCode, 404)
    })

    test('an exchange parcel is only for a delivered order; its reference is the order\'s tracking number and -E<n>', async () => {
      const order = await confirmedOrder()
      const body = { productToCollect: 'Runner 42', products: 'Runner 43', codAmount: 500, note: 'Échange de taille' }
      assert.equal((await admin('POST', `/orders/${order.id}/exchange`, body)).body.code, 'EXCHANGE_NOT_ALLOWED')
      const { tracking } = await shipOne(order.id)
      await applyCourierEvents(db(), account.id, [event(tracking as string, 'delivered', '2026-06-01T08:00:00Z')], 'poll')
      assert.equal((await admin('POST', `/orders/${order.id}/exchange`, body, shop.agentCookie)).status, 403)
      const res = await admin('POST', `/orders/${order.id}/exchange`, body)
      assert.equal(res.status, 201)
      const request = courier.created.at(-1)![0]!
      assert.equal(request.reference, `${order.trackingNumber}-E1`)
      assert.deepEqual(request.exchange, { productToCollect: 'Runner 42' })
      assert.equal(request.codAmount, 500)
      const exchange = res.body.data.shipments.find((s: { kind: string }) => s.kind === 'exchange')
      assert.equal(exchange.codAmount, 500)
      await admin('POST', `/orders/${order.id}/exchange`, body)
      assert.equal(courier.created.at(-1)![0]!.reference, `${order.trackingNumber}-E2`)
      const last = (await historyOf(order.id)).at(-1)!
      assert.equal(last.kind, 'tracking_id')
      assert.equal((last.details as { exchange: string }).exchange, `${order.trackingNumber}-E2`)
      // the exchange parcel's own delivery leaves the order as it is
      await applyCourierEvents(db(), account.id, [event(exchange.tracking, 'returned', '2026-06-05T08:00:00Z')], 'poll')
      assert.equal((await orderOf(order.id)).status, 'delivered')
    })

    test('polling asks the courier about open parcels: events applied, fees and payout kept; refresh now does the same', async () => {
      const order = await confirmedOrder()
      const { tracking } = await shipOne(order.id)
      courier.state.events = [event(tracking as string, 'picked_up', '2026-07-01T08:00:00Z')]
      const result = await pollOpenShipments(shop.app)
      assert.ok(result.shipments >= 1)
      assert.ok(result.events >= 1)
      const shipment = await shipmentOf(order.id)
      assert.equal(shipment?.status, 'picked_up')
      assert.equal(shipment?.deliveryFee, 600)
      assert.equal(shipment?.payoutStatus, 'ready')
      courier.state.events.push(event(tracking as string, 'out_for_delivery', '2026-07-02T08:00:00Z'))
      const res = await admin('POST', '/shipments/refresh')
      assert.equal(res.status, 200)
      assert.equal((await orderOf(order.id)).status, 'out_for_delivery')
      assert.equal(res.body.data.failed, 0)
      // a courier that cannot be reached is counted, and nothing moves
      const events = courier.adapter.events
      Object.assign(courier.adapter, { events: async () => Promise.reject(new CourierError('unavailable', 'down')) })
      try {
        const down = await admin('POST', '/shipments/refresh')
        assert.equal(down.body.data.failed, 1)
        assert.equal(down.body.data.events, 0)
      } finally {
        Object.assign(courier.adapter, { events })
      }
      courier.state.events = []
    })

    test('the order page lists its parcels with the courier timeline', async () => {
      const order = await confirmedOrder()
      const { tracking } = await shipOne(order.id)
      await applyCourierEvents(db(), account.id, [event(tracking as string, 'failed_delivery', '2026-08-01T08:00:00Z', { failure: 'wrong_number', reason: 'Faux numéro', centre: 'Bab Ezzouar' })], 'poll')
      const res = await admin('GET', `/orders/${order.id}/shipments`)
      assert.equal(res.status, 200)
      const [parcel] = res.body.data.shipments
      assert.equal(parcel.tracking, tracking)
      assert.equal(parcel.accountName, 'Yalidine')
      assert.deepEqual(res.body.data.accounts, [{ _id: account.id, name: 'Yalidine', isDefault: true }])
      assert.equal(parcel.cancellable, false)
      assert.deepEqual(parcel.events.map((e: { status: string; reason: string; centre: string }) => [e.status, e.reason, e.centre]), [['failed_delivery', 'Faux numéro', 'Bab Ezzouar']])
    })

    test("the shopper's tracking shows the courier timeline beside the status history, without the courier's reasons", async () => {
      const order = await confirmedOrder()
      const { tracking } = await shipOne(order.id)
      await applyCourierEvents(
        db(),
        account.id,
        [
          event(tracking as string, 'picked_up', '2026-10-01T08:00:00Z', { centre: 'Alger centre' }),
          event(tracking as string, 'failed_delivery', '2026-10-02T08:00:00Z', { failure: 'wrong_number', reason: 'Faux numéro', centre: 'Bab Ezzouar' }),
        ],
        'webhook',
      )
      const res = await shop.http('POST', `/api/v1/tracking/${order.id}`, { body: { phoneNumber: order.phone } })
      assert.equal(res.status, 200)
      assert.deepEqual(res.body.data.order.courier, [
        { status: 'picked_up', occurredAt: '2026-10-01T08:00:00.000Z', centre: 'Alger centre' },
        { status: 'failed_delivery', occurredAt: '2026-10-02T08:00:00.000Z', centre: 'Bab Ezzouar' },
      ])
      assert.ok(!JSON.stringify(res.body).includes('Faux'), 'no courier reason reaches the shopper')
      assert.equal(res.body.data.order.status, 'shipped')
      assert.ok(res.body.data.order.history.some((h: { status: string }) => h.status === 'shipped'))
    })

    test("a courier's failures feed the phone's risk", async () => {
      const order = await confirmedOrder()
      const { tracking } = await shipOne(order.id)
      const before = await admin('GET', `/customers/${order.phone}`)
      assert.equal(before.status, 200)
      assert.deepEqual(before.body.data.customer.risk.reasons.map((r: { code: string }) => r.code), [])
      await applyCourierEvents(db(), account.id, [event(tracking as string, 'failed_delivery', '2026-09-01T08:00:00Z', { failure: 'wrong_number', reason: 'Faux numéro' })], 'webhook')
      const after = await admin('GET', `/customers/${order.phone}`)
      assert.deepEqual(after.body.data.customer.risk.reasons, [{ code: 'courier_wrong_number', count: 1, points: 2 }])
      assert.equal(after.body.data.customer.risk.level, 'high')
    })
  })
}

test('the courier walks an order forward only, through the move table', () => {
  assert.deepEqual(forwardPath('processing', 'delivered'), ['shipped', 'delivered'])
  assert.deepEqual(forwardPath('processing', 'out_for_delivery'), ['shipped', 'out_for_delivery'])
  assert.deepEqual(forwardPath('confirmed', 'shipped'), ['processing', 'shipped'])
  assert.deepEqual(forwardPath('delivered', 'shipped'), [])
  assert.deepEqual(forwardPath('cancelled', 'delivered'), [])
  assert.deepEqual(forwardPath('shipped', 'shipped'), [])
})
