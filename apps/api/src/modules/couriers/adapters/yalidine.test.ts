import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import Fastify from 'fastify'
import { CourierError, type CourierAdapter, type ParcelRequest } from '../courier.ts'
import { type FakeYalidine, startFakeYalidine } from '../fakes/fake-yalidine.ts'
import { listenLocal } from '../fakes/fake-server.ts'
import { failureOf } from './reasons.ts'
import { yalidinePayout, yalidineStatus } from './yalidine-statuses.ts'
import { createYalidineAdapter, yalidineWebhook } from './yalidine.ts'

async function rejectionOf(promise: Promise<unknown>): Promise<CourierError> {
  try {
    await promise
  } catch (error) {
    assert.ok(error instanceof CourierError, `a CourierError, not ${String(error)}`)
    return error
  }
  assert.fail('expected a CourierError')
}

describe('Yalidine adapter against the fake Yalidine', () => {
  let fake: FakeYalidine
  let adapter: CourierAdapter
  const waits: number[] = []
  let n = 0

  before(async () => {
    fake = await startFakeYalidine({ pageSize: 100 })
    adapter = createYalidineAdapter(
      { engine: 'yalidine', baseUrl: fake.baseUrl, credentials: fake.credentials },
      { sleep: async (ms) => void waits.push(ms), retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 2_000 } },
    )
  })
  after(async () => fake.close())

  /** An order for the store's commune `storeId`, placed at Yalidine's commune of the same place. */
  function parcel(storeId = 1601, overrides: Partial<ParcelRequest> = {}): ParcelRequest {
    const commune = fake.communes.find((c) => c.storeId === storeId)
    assert.ok(commune)
    return {
      reference: `KH-${++n}`,
      firstName: 'Amine',
      lastName: 'Benali',
      phone: '0555123456',
      address: '12 rue Didouche Mourad',
      wilayaCode: commune.wilayaCode,
      wilayaNameFr: commune.wilayaName,
      communeNameFr: commune.name,
      place: {
        remoteId: commune.id,
        remoteName: commune.name,
        remoteWilaya: commune.wilayaName,
        remoteParentId: null,
        stopDeskId: commune.hasStopDesk ? String(Number(commune.id) * 100 + 1) : null,
      },
      senderWilayaCode: 16,
      senderWilayaNameFr: 'Alger',
      deliveryType: 'domicil',
      codAmount: 4_900,
      products: [{ name: 'Derby cuir 42', quantity: 1, unitPrice: 4_500 }],
      notes: null,
      exchange: null,
      ...overrides,
    }
  }

  test('creates one parcel with the documented fields, and a batch in one request', async () => {
    const one = parcel()
    const [created] = await adapter.createParcels([one])
    assert.ok(created)
    assert.equal(created.reference, one.reference)
    assert.match(created.tracking, /^yal-/)
    assert.match(created.labelUrl ?? '', /\/labels\/yal-.*\.pdf$/)
    const stored = fake.parcels.get(created.tracking)
    assert.equal(stored?.fields.price, 4_900)
    assert.equal(stored?.fields.contact_phone, '0555123456')
    assert.equal(stored?.fields.familyname, 'Benali')

    const before = fake.requests.filter((r) => r.method === 'POST').length
    const batch = await adapter.createParcels([parcel(3101), parcel(1601, { deliveryType: 'stopdesk' })])
    assert.equal(batch.length, 2)
    assert.equal(new Set(batch.map((p) => p.tracking)).size, 2)
    const posts = fake.requests.filter((r) => r.method === 'POST')
    assert.equal(posts.length, before + 1)
    const sent = posts.at(-1)?.body
    assert.ok(Array.isArray(sent))
    assert.equal(sent.length, 2)
    assert.equal(sent[1].is_stopdesk, true)
    assert.equal(sent[1].stopdesk_id, 160101)
  })

  test('one bad parcel fails the whole batch with that parcel and its reason; nothing is created', async () => {
    const count = fake.parcels.size
    const good = parcel()
    const bad = parcel(3101, { phone: '12345' })
    const error = await rejectionOf(adapter.createParcels([good, bad]))
    assert.equal(error.code, 'rejected')
    assert.deepEqual(error.details.parcels?.map((p) => p.reference), [bad.reference])
    assert.match(error.details.parcels?.[0]?.message ?? '', /contact_phone/)
    assert.equal(fake.parcels.size, count)
  })

  test('an unmatched commune is refused before anything is sent', async () => {
    const requests = fake.requests.length
    const error = await rejectionOf(adapter.createParcels([parcel(1601, { place: null })]))
    assert.equal(error.code, 'rejected')
    assert.equal(error.details.parcels?.length, 1)
    assert.equal(fake.requests.length, requests)
  })

  test('the label is a PDF', async () => {
    const [created] = await adapter.createParcels([parcel()])
    assert.ok(created)
    const pdf = await adapter.label({ tracking: created.tracking, externalId: null })
    assert.equal(new TextDecoder().decode(pdf.slice(0, 5)), '%PDF-')
    assert.match(new TextDecoder().decode(pdf.slice(-6)), /%%EOF/)
  })

  test('events after the courier moves the parcel: statuses, failure reasons, centres, in order', async () => {
    const [created] = await adapter.createParcels([parcel()])
    assert.ok(created)
    fake.advance(created.tracking, 'Ramassé')
    fake.advance(created.tracking, 'Vers Wilaya')
    fake.advance(created.tracking, 'Sorti en livraison')
    fake.advance(created.tracking, 'Tentative échouée', 'Client ne répond pas')
    fake.advance(created.tracking, 'Livré')
    const events = await adapter.events([{ tracking: created.tracking, externalId: null }])
    assert.deepEqual(
      events.map((e) => e.status),
      ['pending', 'picked_up', 'in_transit', 'out_for_delivery', 'failed_delivery', 'delivered'],
    )
    const failed = events[4]
    assert.equal(failed?.failure, 'no_answer')
    assert.equal(failed?.reason, 'Client ne répond pas')
    assert.equal(failed?.statusRaw, 'Tentative échouée')
    assert.equal(events[0]?.failure, null)
    assert.equal(new Set(events.map((e) => e.eventKey)).size, events.length)
    // the same timeline read again gives the same keys: applied once
    const again = await adapter.events([{ tracking: created.tracking, externalId: null }])
    assert.deepEqual(again.map((e) => e.eventKey), events.map((e) => e.eventKey))
  })

  test('money: fees and payout status of each parcel', async () => {
    const [created] = await adapter.createParcels([parcel(3101)])
    assert.ok(created)
    fake.setPayment(created.tracking, 'payed', 'PAY-77')
    const [money] = await adapter.money([{ tracking: created.tracking, externalId: null }])
    assert.deepEqual(money, {
      tracking: created.tracking,
      deliveryFee: 700,
      returnFee: 250,
      payoutStatus: 'paid',
      payoutId: 'PAY-77',
    })
  })

  test('fees: the usual price of each wilaya from the sender wilaya', async () => {
    const fees = await adapter.fees(16)
    assert.equal(fees.length, 58)
    assert.deepEqual(fees.find((f) => f.wilayaCode === 16), { wilayaCode: 16, home: 400, stopDesk: 150, returnFee: 250 })
    assert.deepEqual(fees.find((f) => f.wilayaCode === 31), { wilayaCode: 31, home: 700, stopDesk: 450, returnFee: 250 })
    const feeCalls = fake.requests.filter((r) => r.path === '/v1/fees/')
    assert.ok(feeCalls.every((r) => r.query.from_wilaya_id === '16'))
  })

  test('places: every commune over all the pages, with stop desks; by links.next and by page', async () => {
    for (const nextLinks of [true, false]) {
      fake.nextLinks = nextLinks
      const before = fake.requests.filter((r) => r.path === '/v1/communes/').length
      const places = await adapter.places()
      assert.equal(places.length, fake.communes.length)
      assert.equal(fake.requests.filter((r) => r.path === '/v1/communes/').length - before, 16)
      const algiers = places.find((p) => p.remoteId === '1601')
      assert.equal(algiers?.wilayaCode, 16)
      assert.equal(algiers?.stopDeskId, '160101')
      assert.equal(algiers?.hasStopDesk, true)
      assert.equal(places.find((p) => p.remoteId === '1602')?.stopDeskId, null)
    }
    fake.nextLinks = true
  })

  test('a 429 with quota headers is waited out and retried', async () => {
    const [created] = await adapter.createParcels([parcel()])
    assert.ok(created)
    waits.length = 0
    fake.quota.rejectNext(2, { 'x-second-quota-left': '0', 'x-minute-quota-left': '12' })
    const before = fake.requests.length
    const money = await adapter.money([{ tracking: created.tracking, externalId: null }])
    assert.equal(money.length, 1)
    assert.equal(fake.requests.length - before, 3)
    assert.deepEqual(waits, [1_000, 1_000])
  })

  test('a 429 that lasts ends in rate_limited with when to try again', async () => {
    fake.quota.rejectNext(10, { 'x-second-quota-left': '0' })
    const before = fake.requests.length
    const error = await rejectionOf(adapter.fees(16))
    assert.equal(error.code, 'rate_limited')
    assert.equal(error.details.retryAfterMs, 1_000)
    assert.ok(error.retryable)
    // each of the concurrent calls tried 1 + 2 times at most
    assert.ok(fake.requests.length - before <= 3 * 3)

    fake.quota.rejectNext(1, { 'x-hour-quota-left': '0', 'x-second-quota-left': '3' })
    const beforeHour = fake.requests.length
    const hourly = await rejectionOf(adapter.places())
    assert.equal(hourly.code, 'rate_limited')
    // an hour is longer than the adapter waits: reported at once, not retried
    assert.equal(hourly.details.retryAfterMs, 3_600_000)
    assert.ok(fake.requests.length - beforeHour <= 2)
    fake.quota.rejectNext(0, {})
  })

  test('bad credentials are unauthorized', async () => {
    const wrong = createYalidineAdapter({
      engine: 'yalidine',
      baseUrl: fake.baseUrl,
      credentials: { apiId: fake.credentials.apiId, apiToken: 'wrong' },
    })
    const error = await rejectionOf(wrong.places())
    assert.equal(error.code, 'unauthorized')
    assert.equal(error.retryable, false)
  })

  test('a parcel is cancelled while in preparation, and refused once it moved', async () => {
    const [fresh, moved] = await adapter.createParcels([parcel(), parcel()])
    assert.ok(fresh && moved)
    await adapter.cancelParcel({ tracking: fresh.tracking, externalId: null })
    assert.equal(fake.parcels.has(fresh.tracking), false)
    fake.advance(moved.tracking, 'Ramassé')
    const error = await rejectionOf(adapter.cancelParcel({ tracking: moved.tracking, externalId: null }))
    assert.equal(error.code, 'rejected')
    assert.match(error.message, /ne peut plus/)
    assert.equal(fake.parcels.has(moved.tracking), true)
  })

  test('webhook: crc_token challenge, signature checked on the raw body, events parsed once per event id', async () => {
    assert.deepEqual(
      yalidineWebhook.challenge?.({ headers: {}, query: { subscribe: '', crc_token: 'abc123' }, rawBody: Buffer.alloc(0) }),
      { crc_token: 'abc123' },
    )
    assert.equal(yalidineWebhook.challenge?.({ headers: {}, query: {}, rawBody: Buffer.alloc(0) }), undefined)

    const events = [{ tracking: 'yal-000001', status: 'Echèc livraison', reason: 'Faux numéro', eventId: 'evt-9' }]
    const good = fake.signedWebhook('s3cret', events)
    const request = { headers: good.headers, query: {}, rawBody: good.rawBody }
    assert.equal(yalidineWebhook.verify(request, 's3cret'), true)
    assert.equal(yalidineWebhook.verify(request, 'other'), false)
    const tampered = fake.signedWebhook('s3cret', events, { tamper: true })
    assert.equal(yalidineWebhook.verify({ headers: tampered.headers, query: {}, rawBody: tampered.rawBody }, 's3cret'), false)
    assert.equal(yalidineWebhook.verify({ headers: {}, query: {}, rawBody: good.rawBody }, 's3cret'), false)

    const [event] = yalidineWebhook.parse(request)
    assert.equal(event?.eventKey, 'evt-9')
    assert.equal(event?.status, 'failed_delivery')
    assert.equal(event?.failure, 'wrong_number')
    assert.equal(event?.tracking, 'yal-000001')

    const other = fake.signedWebhook('s3cret', [{ tracking: 'yal-000001', status: 'x', type: 'parcel_payment_updated' }])
    assert.deepEqual(yalidineWebhook.parse({ headers: other.headers, query: {}, rawBody: other.rawBody }), [])
  })

  test('sendWebhook posts signed requests; a duplicate gives the same event key', async () => {
    const received: Buffer[] = []
    const receiver = Fastify()
    receiver.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    receiver.post('/hook', async (request) => {
      const rawBody = request.body as Buffer
      received.push(rawBody)
      return { ok: yalidineWebhook.verify({ headers: request.headers, query: {}, rawBody }, 'hook-secret') }
    })
    const origin = await listenLocal(receiver)
    try {
      const replies = await fake.sendWebhook(`${origin}/hook`, 'hook-secret', [{ tracking: 'yal-1', status: 'Livré' }], {
        duplicate: true,
      })
      assert.deepEqual(await Promise.all(replies.map((r) => r.json())), [{ ok: true }, { ok: true }])
      const keys = received.map((rawBody) => yalidineWebhook.parse({ headers: {}, query: {}, rawBody })[0]?.eventKey)
      assert.equal(keys.length, 2)
      assert.equal(keys[0], keys[1])
    } finally {
      await receiver.close()
    }
  })
})

test('Yalidine statuses and reasons in the store words', () => {
  const cases: [string, string][] = [
    ['En préparation', 'pending'],
    ['Expédié', 'in_transit'],
    ['Centre', 'in_transit'],
    ['Vers Wilaya', 'in_transit'],
    ['Transfert', 'in_transit'],
    ['Ramassé', 'picked_up'],
    ['Reçu par le livreur', 'picked_up'],
    ['Sorti en livraison', 'out_for_delivery'],
    ['En attente du client', 'ready_for_pickup'],
    ['Au bureau', 'ready_for_pickup'],
    ['Tentative échouée', 'failed_delivery'],
    ['Echèc livraison', 'failed_delivery'],
    ['Retour vers centre', 'returning'],
    ['Retour à retirer', 'returning'],
    ['Retourné au vendeur', 'returned'],
    ['Retour reçu', 'returned'],
    ['Livré', 'delivered'],
    ['Quelque chose de nouveau', 'unknown'],
  ]
  for (const [raw, status] of cases) assert.equal(yalidineStatus(raw), status, raw)
  const reasons: [string, string | null][] = [
    ['Faux numéro', 'wrong_number'],
    ['Client ne répond pas', 'no_answer'],
    ['Annulé par le client', 'cancelled_by_customer'],
    ['Commande double', 'duplicate'],
    ["Le client n'a pas commandé", 'not_ordered'],
    ['Client incapable de payer', 'unable_to_pay'],
    ['Commune erronée', 'wrong_commune'],
    ['Colis refusé', 'refused'],
    ['Client absent', 'other'],
    ['', null],
  ]
  for (const [raw, failure] of reasons) assert.equal(failureOf(raw), failure, raw)
  assert.equal(yalidinePayout('not-ready'), 'not_ready')
  assert.equal(yalidinePayout('receivable'), 'receivable')
  assert.equal(yalidinePayout('payed'), 'paid')
})
