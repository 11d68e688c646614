import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { CourierAdapter } from '../courier.ts'
import { type FakeEcotrack, startFakeEcotrack } from '../fakes/fake-ecotrack.ts'
import { isRecord } from '../fakes/fake-server.ts'
import { createEcotrackAdapter, ecotrackStatus } from './ecotrack.ts'
import { parcelFor, rejectionOf } from './test-support.ts'

describe('Ecotrack adapter against the fake Ecotrack engine', () => {
  let fake: FakeEcotrack
  let adapter: CourierAdapter
  const waits: number[] = []

  before(async () => {
    fake = await startFakeEcotrack()
    adapter = createEcotrackAdapter(
      { engine: 'ecotrack', baseUrl: fake.baseUrl, credentials: fake.credentials },
      { sleep: async (ms) => void waits.push(ms), retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 2_000 } },
    )
  })
  after(async () => fake.close())

  const commune = (storeId: number) => fake.communes.find((c) => c.storeId === storeId)
  const ref = (tracking: string) => ({ tracking, externalId: null })

  test('creates one order and validates it (the courier will collect it)', async () => {
    const parcel = parcelFor(commune(1601))
    const [created] = await adapter.createParcels([parcel])
    assert.ok(created)
    assert.match(created.tracking, /^ECO/)
    const order = fake.orders.get(created.tracking)
    assert.equal(order?.validated, true)
    assert.equal(order?.fields.nom_client, 'Amine Benali')
    assert.equal(order?.fields.montant, 4_900)
    assert.equal(order?.fields.code_wilaya, 16)
    const paths = fake.requests.slice(-2).map((r) => `${r.method} ${r.path}`)
    assert.deepEqual(paths, ['POST /api/v1/create/order', 'POST /api/v1/valid/order'])
  })

  test('creates a batch in one bulk call, every order validated', async () => {
    const before = fake.requests.length
    const exchange = parcelFor(commune(1601), {}, { exchange: { productToCollect: 'Derby 41' } })
    const created = await adapter.createParcels([parcelFor(commune(3101)), exchange])
    assert.equal(created.length, 2)
    const calls = fake.requests.slice(before)
    assert.equal(calls.filter((r) => r.path === '/api/v1/create/orders').length, 1)
    assert.equal(calls.filter((r) => r.path === '/api/v1/valid/order').length, 2)
    const sent = fake.orders.get(created[1]?.tracking ?? '')
    assert.equal(sent?.fields.type, 2)
    assert.equal(sent?.fields.produit_a_recuperer, 'Derby 41')
    assert.ok(created.every((c) => fake.orders.get(c.tracking)?.validated))
  })

  test('more than 100 orders go in bulk calls of at most 100', async () => {
    const before = fake.requests.length
    const parcels = Array.from({ length: 101 }, () => parcelFor(commune(1601)))
    const created = await adapter.createParcels(parcels)
    assert.equal(created.length, 101)
    assert.deepEqual(created.map((c) => c.reference), parcels.map((p) => p.reference))
    const bulks = fake.requests.slice(before).filter((r) => r.path === '/api/v1/create/orders')
    const ordersIn = (body: unknown) => {
      const orders = isRecord(body) ? body.orders : null
      return isRecord(orders) ? Object.keys(orders).length : 0
    }
    assert.deepEqual(bulks.map((r) => ordersIn(r.body)), [100, 1])
  })

  test('a refused order in a batch: its reason, and the others are not left behind', async () => {
    const count = fake.orders.size
    const bad = parcelFor(commune(3101), {}, { phone: '0123' })
    const error = await rejectionOf(adapter.createParcels([parcelFor(commune(1601)), bad]))
    assert.equal(error.code, 'rejected')
    assert.deepEqual(error.details.parcels?.map((p) => p.reference), [bad.reference])
    assert.match(error.details.parcels?.[0]?.message ?? '', /telephone/)
    assert.equal(fake.orders.size, count)
  })

  test('the label is a PDF', async () => {
    const [created] = await adapter.createParcels([parcelFor(commune(1601))])
    assert.ok(created)
    const pdf = await adapter.label(ref(created.tracking))
    assert.equal(new TextDecoder().decode(pdf.slice(0, 5)), '%PDF-')
  })

  test('events from the activity: slugs in the store words, reasons as failures', async () => {
    const [created] = await adapter.createParcels([parcelFor(commune(1601))])
    assert.ok(created)
    fake.advance(created.tracking, 'picked')
    fake.advance(created.tracking, 'dispatched_to_driver')
    fake.advance(created.tracking, 'attempt_delivery', 'Client ne répond pas')
    fake.advance(created.tracking, 'return_asked')
    fake.advance(created.tracking, 'Return_received')
    const events = await adapter.events([ref(created.tracking)])
    assert.deepEqual(
      events.map((e) => e.status),
      ['pending', 'picked_up', 'out_for_delivery', 'failed_delivery', 'returning', 'returned'],
    )
    assert.equal(events[3]?.failure, 'no_answer')
    assert.equal(events[3]?.centre, 'Station Alger')
    assert.equal(new Set(events.map((e) => e.eventKey)).size, events.length)
  })

  test('money: fees of the order and payout, found across pages of orders', async () => {
    const [first] = await adapter.createParcels([parcelFor(commune(3101))])
    assert.ok(first)
    // push the first order past the first page (40 orders a page, newest first)
    for (let i = 0; i < 45; i++) await adapter.createParcels([parcelFor(commune(1601))])
    fake.advance(first.tracking, 'livred')
    fake.setPayment(first.tracking, 'PAY-3')
    const [money] = await adapter.money([ref(first.tracking)])
    assert.deepEqual(money, { tracking: first.tracking, deliveryFee: 800, returnFee: 200, payoutStatus: 'paid', payoutId: 'PAY-3' })
  })

  test('fees and places', async () => {
    const fees = await adapter.fees(16)
    assert.equal(fees.length, 58)
    assert.deepEqual(fees.find((f) => f.wilayaCode === 16), { wilayaCode: 16, home: 500, stopDesk: 300, returnFee: 200 })
    assert.equal(fees.find((f) => f.wilayaCode === 50)?.stopDesk, null)
    const places = await adapter.places()
    assert.equal(places.length, fake.communes.length)
    const algiers = places.find((p) => p.remoteName === commune(1601)?.name)
    assert.equal(algiers?.remoteWilaya, 'Alger')
    assert.equal(algiers?.wilayaCode, 16)
    assert.equal(algiers?.hasStopDesk, true)
    assert.ok(algiers?.stopDeskId)
  })

  test('cancel: refused once the order is validated, as the engine documents', async () => {
    const [created] = await adapter.createParcels([parcelFor(commune(1601))])
    assert.ok(created)
    const error = await rejectionOf(adapter.cancelParcel(ref(created.tracking)))
    assert.equal(error.code, 'rejected')
    assert.match(error.message, /validée/)
  })

  test('a 429 is waited out and retried; one that lasts is rate_limited; a bad token is unauthorized', async () => {
    waits.length = 0
    fake.quota.rejectNext(1, { 'retry-after': '1' })
    const before = fake.requests.length
    assert.equal((await adapter.fees(16)).length, 58)
    assert.equal(fake.requests.length - before, 2)
    assert.deepEqual(waits, [1_000])

    fake.quota.rejectNext(5, { 'retry-after': '1' })
    const error = await rejectionOf(adapter.fees(16))
    assert.equal(error.code, 'rate_limited')
    assert.equal(error.details.retryAfterMs, 1_000)
    fake.quota.rejectNext(0, {})

    const wrong = createEcotrackAdapter({ engine: 'ecotrack', baseUrl: fake.baseUrl, credentials: { token: 'nope' } })
    assert.equal((await rejectionOf(wrong.fees(16))).code, 'unauthorized')
  })

  test('an Ecotrack adapter has no webhook (polled)', () => {
    assert.equal(adapter.webhook, undefined)
  })
})

test('Ecotrack activity slugs in the store words', () => {
  const cases: [string, string][] = [
    ['order_information_received_by_carrier', 'pending'],
    ['picked', 'picked_up'],
    ['accepted_by_carrier', 'picked_up'],
    ['dispatched_to_driver', 'out_for_delivery'],
    ['attempt_delivery', 'failed_delivery'],
    ['return_asked', 'returning'],
    ['return_in_transit', 'returning'],
    ['Return_received', 'returned'],
    ['livred', 'delivered'],
    ['encaissed', 'delivered'],
    ['payed', 'delivered'],
    ['something_new', 'unknown'],
  ]
  for (const [slug, status] of cases) assert.equal(ecotrackStatus(slug), status, slug)
})
