import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { CourierAdapter } from '../courier.ts'
import { fakeWilayas } from '../fakes/communes.ts'
import { type FakeZr, startFakeZr } from '../fakes/fake-zr.ts'
import { parcelFor, rejectionOf } from './test-support.ts'
import { createZrAdapter, zrStatus, zrWebhook } from './zr.ts'

describe('ZR Express adapter against the fake ZR', () => {
  let fake: FakeZr
  let adapter: CourierAdapter
  const waits: number[] = []

  before(async () => {
    fake = await startFakeZr()
    adapter = createZrAdapter(
      { engine: 'zr', baseUrl: fake.baseUrl, credentials: fake.credentials },
      { sleep: async (ms) => void waits.push(ms), retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 2_000 } },
    )
  })
  after(async () => fake.close())

  /** An order placed at ZR's district for the store's commune, inside its city (the wilaya's territory). */
  const parcel = (storeId: number, overrides = {}) => {
    const commune = fake.communes.find((c) => c.storeId === storeId)
    const city = fakeWilayas().find((w) => w.code === commune?.wilayaCode)
    return parcelFor(commune, { remoteParentId: city?.uuid ?? null }, overrides)
  }
  const refOf = (created: { tracking: string; externalId: string | null }) => ({
    tracking: created.tracking,
    externalId: created.externalId,
  })

  test('creates parcels one at a time; the tracking is read back and the id kept', async () => {
    const created = await adapter.createParcels([parcel(1601), parcel(3101, { deliveryType: 'stopdesk' })])
    assert.equal(created.length, 2)
    for (const c of created) {
      assert.match(c.tracking, /^ZR\d+$/)
      assert.equal(fake.parcels.get(c.externalId ?? '')?.trackingNumber, c.tracking)
    }
    const sent = fake.parcels.get(created[1]?.externalId ?? '')?.body
    assert.equal(sent?.deliveryType, 'pickup-point')
    assert.equal(sent?.amount, 4_900)
    assert.equal(sent?.externalId, created[1]?.reference)
  })

  test('a refused parcel names its fields; an unmatched commune is refused before sending', async () => {
    const bad = parcel(1601, { phone: '99' })
    const error = await rejectionOf(adapter.createParcels([bad]))
    assert.equal(error.code, 'rejected')
    assert.equal(error.details.parcels?.[0]?.reference, bad.reference)
    assert.match(error.message, /customer\.phone\.number1/)
    const requests = fake.requests.length
    const unmatched = await rejectionOf(adapter.createParcels([parcel(1601, { place: null })]))
    assert.equal(unmatched.code, 'rejected')
    assert.equal(fake.requests.length, requests)
  })

  test('state history maps to the store statuses and failures', async () => {
    const [created] = await adapter.createParcels([parcel(1601)])
    assert.ok(created)
    fake.advance(created.tracking, 'picked_up')
    fake.advance(created.tracking, 'in_transit')
    fake.advance(created.tracking, 'out_for_delivery')
    fake.advance(created.tracking, 'delivery_failed', 'Faux numéro')
    fake.advance(created.tracking, 'delivered')
    const events = await adapter.events([refOf(created)])
    assert.deepEqual(
      events.map((e) => e.status),
      ['pending', 'picked_up', 'in_transit', 'out_for_delivery', 'failed_delivery', 'delivered'],
    )
    assert.equal(events[4]?.failure, 'wrong_number')
  })

  test('money, rates and territories (all pages: cities and their districts)', async () => {
    const [created] = await adapter.createParcels([parcel(3101)])
    assert.ok(created)
    const [money] = await adapter.money([refOf(created)])
    assert.equal(money?.deliveryFee, 600)
    assert.equal(money?.returnFee, 200)

    const fees = await adapter.fees(16)
    assert.equal(fees.length, 58)
    assert.deepEqual(fees.find((f) => f.wilayaCode === 16), { wilayaCode: 16, home: 600, stopDesk: 400, returnFee: null })

    fake.pageSizeCap = 200
    const before = fake.requests.filter((r) => r.path === '/api/v1/territories/search').length
    const places = await adapter.places()
    assert.equal(fake.requests.filter((r) => r.path === '/api/v1/territories/search').length - before, 8)
    assert.equal(places.length, fake.communes.length)
    const algiers = fake.communes.find((c) => c.storeId === 1601)
    const place = places.find((p) => p.remoteId === algiers?.id)
    assert.equal(place?.wilayaCode, 16)
    assert.equal(place?.remoteWilaya, 'Alger')
    assert.equal(place?.remoteParentId, fakeWilayas().find((w) => w.code === 16)?.uuid)
    fake.pageSizeCap = 500
  })

  test('cancel and labels are not in the documented API: refused with a clear message', async () => {
    const [created] = await adapter.createParcels([parcel(1601)])
    assert.ok(created)
    assert.match((await rejectionOf(adapter.cancelParcel(refOf(created)))).message, /cancel/)
    assert.equal((await rejectionOf(adapter.label(refOf(created)))).code, 'rejected')
  })

  test('429 waited and retried, then rate_limited; bad key unauthorized', async () => {
    waits.length = 0
    fake.quota.rejectNext(2, { 'retry-after': '1' })
    const before = fake.requests.length
    assert.equal((await adapter.fees(16)).length, 58)
    assert.equal(fake.requests.length - before, 3)
    assert.deepEqual(waits, [1_000, 1_000])
    fake.quota.rejectNext(3, {})
    const error = await rejectionOf(adapter.fees(16))
    assert.equal(error.code, 'rate_limited')
    // no hint: the waits double from the base (5, 10) and the next one is what it says
    assert.equal(error.details.retryAfterMs, 20)
    const wrong = createZrAdapter({ engine: 'zr', baseUrl: fake.baseUrl, credentials: { ...fake.credentials, apiKey: 'x' } })
    assert.equal((await rejectionOf(wrong.fees(16))).code, 'unauthorized')
  })

  test('Svix webhook: good signature, tampered body, wrong secret, old timestamp; a redelivery keeps its key', () => {
    const now = new Date()
    const webhook = zrWebhook(() => now)
    const event = { trackingNumber: 'ZR00000001', state: 'delivery_failed', reason: 'Client ne répond pas' }
    const seconds = Math.floor(now.getTime() / 1000)
    const good = fake.signedWebhook(fake.webhookSecret, event, { timestamp: seconds, messageId: 'msg_1' })
    const request = { headers: good.headers, query: {}, rawBody: good.rawBody }
    assert.equal(webhook.verify(request, fake.webhookSecret), true)
    assert.equal(webhook.verify(request, `whsec_${Buffer.from('another key').toString('base64')}`), false)
    const tampered = fake.signedWebhook(fake.webhookSecret, event, { timestamp: seconds, tamper: true })
    assert.equal(webhook.verify({ headers: tampered.headers, query: {}, rawBody: tampered.rawBody }, fake.webhookSecret), false)
    const old = fake.signedWebhook(fake.webhookSecret, event, { timestamp: seconds - 6 * 60 })
    assert.equal(webhook.verify({ headers: old.headers, query: {}, rawBody: old.rawBody }, fake.webhookSecret), false)
    // webhook-* headers (the Standard Webhooks names) are read too
    const renamed = Object.fromEntries(Object.entries(good.headers).map(([k, v]) => [k.replace('svix-', 'webhook-'), v]))
    assert.equal(webhook.verify({ headers: renamed, query: {}, rawBody: good.rawBody }, fake.webhookSecret), true)

    const [parsed] = webhook.parse(request)
    assert.equal(parsed?.eventKey, 'msg_1')
    assert.equal(parsed?.tracking, 'ZR00000001')
    assert.equal(parsed?.status, 'failed_delivery')
    assert.equal(parsed?.failure, 'no_answer')
    assert.deepEqual(webhook.parse({ headers: good.headers, query: {}, rawBody: good.rawBody }).map((e) => e.eventKey), ['msg_1'])
    // the payload is not publicly documented: the other shape seen in clients is read too
    const variant = Buffer.from(
      JSON.stringify({
        eventType: 'parcel.state.updated',
        payload: { parcel: { trackingNumber: 'ZR00000002' }, newState: 'delivered', updatedAt: '2026-11-20T10:00:00Z' },
      }),
    )
    const [read] = webhook.parse({ headers: { 'webhook-id': 'msg_2' }, query: {}, rawBody: variant })
    assert.equal(read?.tracking, 'ZR00000002')
    assert.equal(read?.status, 'delivered')
    assert.equal(read?.eventKey, 'msg_2')
    assert.equal(read?.occurredAt.toISOString(), '2026-11-20T10:00:00.000Z')
    const other = fake.signedWebhook(fake.webhookSecret, { ...event, type: 'parcel.created' })
    assert.deepEqual(webhook.parse({ headers: other.headers, query: {}, rawBody: other.rawBody }), [])
    assert.deepEqual(webhook.parse({ headers: {}, query: {}, rawBody: Buffer.from('{"type":"parcel.state.updated","data":{}}') }), [])
  })
})

test('ZR state names in the store words', () => {
  const cases: [string, string][] = [
    ['created', 'pending'],
    ['confirmed', 'pending'],
    ['picked_up', 'picked_up'],
    ['in_transit', 'in_transit'],
    ['out_for_delivery', 'out_for_delivery'],
    ['ready_for_pickup', 'ready_for_pickup'],
    ['delivery_failed', 'failed_delivery'],
    ['returning', 'returning'],
    ['returned', 'returned'],
    ['delivered', 'delivered'],
    ['Livré', 'delivered'],
    ['cancelled', 'cancelled'],
    ['mystery', 'unknown'],
  ]
  for (const [raw, status] of cases) assert.equal(zrStatus(raw), status, raw)
})
