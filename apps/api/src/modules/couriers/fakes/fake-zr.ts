import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { type FakeCommune, fakeCommunes, fakeWilayas } from './communes.ts'
import { FakeClock, fakeBase, headerOf, isRecord, listenLocal, type QuotaKnob, type RecordedRequest } from './fake-server.ts'

/**
 * A local ZR Express (new platform, /api/v1, X-Tenant + X-Api-Key): parcels answer their id, their tracking is
 * read back; territories (cities = wilayas, districts = communes) by UUID in pages; rates; state history; and
 * Svix-signed webhooks. What the real API does not document (cancel, labels) the fake does not offer either.
 */
export interface FakeZrParcel {
  id: string
  trackingNumber: string
  body: Record<string, unknown>
  history: { state: string; at: Date; reason: string | null }[]
}

export interface ZrWebhookEvent {
  trackingNumber: string
  state: string
  reason?: string
  occurredAt?: string
  type?: string
}

export interface FakeZr {
  /** …/api/v1, as a connection's baseUrl. */
  baseUrl: string
  credentials: { tenant: string; apiKey: string }
  /** The endpoint's secret as ZR shows it: whsec_<base64 key>. */
  webhookSecret: string
  parcels: Map<string, FakeZrParcel>
  requests: RecordedRequest[]
  quota: QuotaKnob
  communes: FakeCommune[]
  pageSizeCap: number
  advance(trackingOrId: string, state: string, reason?: string): void
  /** The webhook request ZR would send (Svix headers). `timestamp` in seconds: an old one tests the tolerance. */
  signedWebhook(
    secret: string,
    event: ZrWebhookEvent,
    options?: { tamper?: boolean; timestamp?: number; messageId?: string },
  ): { headers: Record<string, string>; rawBody: Buffer }
  sendWebhook(
    url: string,
    secret: string,
    events: ZrWebhookEvent[],
    options?: { tamper?: boolean; duplicate?: boolean; timestamp?: number },
  ): Promise<Response[]>
  close(): Promise<void>
}

/** The fake's rates: home and pickup point for each wilaya. */
export function fakeZrRate(wilaya: number) {
  return { home: 450 + (wilaya % 3) * 150, pickupPoint: 300 + (wilaya % 3) * 100 }
}

export async function startFakeZr(options: { tenant?: string; apiKey?: string } = {}): Promise<FakeZr> {
  const credentials = { tenant: options.tenant ?? randomUUID(), apiKey: options.apiKey ?? 'zr-api-key' }
  const base = fakeBase({
    apiPrefix: '/api/v1/',
    isAuthorized: (request) =>
      headerOf(request, 'x-tenant') === credentials.tenant && headerOf(request, 'x-api-key') === credentials.apiKey,
    unauthorizedBody: { title: 'Unauthorized', status: 401, detail: 'Invalid tenant or API key' },
  })
  const { app } = base
  const communes = fakeCommunes('zr')
  const cities = fakeWilayas()
  const clock = new FakeClock()
  let sequence = 0

  const find = (key: string) => fake.parcels.get(key) ?? [...fake.parcels.values()].find((p) => p.trackingNumber === key)
  const fake: FakeZr = {
    baseUrl: '',
    credentials,
    webhookSecret: `whsec_${randomBytes(24).toString('base64')}`,
    parcels: new Map(),
    requests: base.requests,
    quota: base.quota,
    communes,
    pageSizeCap: 500,
    advance(trackingOrId, state, reason) {
      const parcel = find(trackingOrId)
      if (!parcel) throw new Error(`no parcel ${trackingOrId}`)
      parcel.history.push({ state, at: clock.next(), reason: reason ?? null })
    },
    signedWebhook(secret, event, { tamper = false, timestamp, messageId } = {}) {
      const id = messageId ?? `msg_${randomUUID().replace(/-/g, '')}`
      const seconds = String(timestamp ?? Math.floor(Date.now() / 1000))
      const body = JSON.stringify({
        type: event.type ?? 'parcel.state.updated',
        timestamp: new Date(Number(seconds) * 1000).toISOString(),
        data: {
          trackingNumber: event.trackingNumber,
          state: { name: event.state },
          reason: event.reason ?? null,
          occurredAt: event.occurredAt ?? clock.next().toISOString(),
        },
      })
      const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
      const signature = createHmac('sha256', key).update(`${id}.${seconds}.${body}`).digest('base64')
      const sent = tamper ? body.replace('"name":"', '"name":"X') : body
      return {
        headers: {
          'content-type': 'application/json',
          'svix-id': id,
          'svix-timestamp': seconds,
          'svix-signature': `v1,${signature}`,
        },
        rawBody: Buffer.from(sent),
      }
    },
    async sendWebhook(url, secret, events, { tamper = false, duplicate = false, timestamp } = {}) {
      const replies: Response[] = []
      for (const event of events) {
        const request = fake.signedWebhook(secret, event, { tamper, timestamp })
        // a redelivery is the same message: same id, same body, same signature
        for (let i = 0; i < (duplicate ? 2 : 1); i++) {
          replies.push(await fetch(url, { method: 'POST', headers: request.headers, body: request.rawBody }))
        }
      }
      return replies
    },
    close: () => app.close(),
  }

  const invalid = (reply: FastifyReply, errors: Record<string, string[]>) =>
    reply.code(400).send({ title: 'One or more validation errors occurred.', status: 400, errors })

  function problemsOf(body: unknown): Record<string, string[]> {
    const errors: Record<string, string[]> = {}
    const add = (field: string, message: string) => (errors[field] = [...(errors[field] ?? []), message])
    if (!isRecord(body)) return { body: ['required'] }
    const customer = isRecord(body.customer) ? body.customer : {}
    const phone = isRecord(customer.phone) ? customer.phone : {}
    const address = isRecord(body.deliveryAddress) ? body.deliveryAddress : {}
    if (typeof customer.name !== 'string' || customer.name.trim() === '') add('customer.name', 'required')
    if (typeof phone.number1 !== 'string' || !/^0[5-7]\d{8}$/.test(phone.number1)) add('customer.phone.number1', 'invalid phone')
    const city = cities.find((c) => c.uuid === address.cityTerritoryId)
    if (!city) add('deliveryAddress.cityTerritoryId', 'unknown territory')
    const district = communes.find((c) => c.id === address.districtTerritoryId)
    if (!district) add('deliveryAddress.districtTerritoryId', 'unknown territory')
    else if (city && district.wilayaCode !== city.code) add('deliveryAddress.districtTerritoryId', 'not in this city')
    if (typeof address.street !== 'string' || address.street.trim() === '') add('deliveryAddress.street', 'required')
    const products = Array.isArray(body.orderedProducts) ? body.orderedProducts : []
    if (products.length === 0) add('orderedProducts', 'at least one product')
    products.forEach((p, i) => {
      if (!isRecord(p) || typeof p.productName !== 'string' || typeof p.unitPrice !== 'number' || typeof p.quantity !== 'number') {
        add(`orderedProducts[${i}]`, 'productName, unitPrice and quantity are required')
      }
    })
    if (body.deliveryType !== 'home' && body.deliveryType !== 'pickup-point') add('deliveryType', 'home or pickup-point')
    if (typeof body.amount !== 'number' || body.amount < 0) add('amount', 'a number is required')
    return errors
  }

  app.post('/api/v1/parcels', async (request, reply) => {
    const errors = problemsOf(request.body)
    if (Object.keys(errors).length > 0 || !isRecord(request.body)) return invalid(reply, errors)
    const id = randomUUID()
    const trackingNumber = `ZR${String(++sequence).padStart(8, '0')}`
    fake.parcels.set(id, { id, trackingNumber, body: request.body, history: [{ state: 'created', at: clock.next(), reason: null }] })
    return reply.code(201).send({ id })
  })

  const parcelOr404 = (id: string, reply: FastifyReply) => {
    const parcel = fake.parcels.get(id)
    if (!parcel) void reply.code(404).send({ title: 'Not Found', status: 404, detail: `Parcel ${id} not found` })
    return parcel
  }

  app.get<{ Params: { id: string } }>('/api/v1/parcels/:id', async (request, reply) => {
    const parcel = parcelOr404(request.params.id, reply)
    if (!parcel) return reply
    const address = isRecord(parcel.body.deliveryAddress) ? parcel.body.deliveryAddress : {}
    const wilaya = cities.find((c) => c.uuid === address.cityTerritoryId)?.code ?? 16
    const rate = fakeZrRate(wilaya)
    return {
      id: parcel.id,
      trackingNumber: parcel.trackingNumber,
      externalId: parcel.body.externalId ?? null,
      state: { name: parcel.history.at(-1)?.state ?? 'created' },
      amount: parcel.body.amount,
      deliveryPrice: parcel.body.deliveryType === 'pickup-point' ? rate.pickupPoint : rate.home,
      returnPrice: 200,
    }
  })

  app.get<{ Params: { id: string } }>('/api/v1/parcels/:id/state-history', async (request, reply) => {
    const parcel = parcelOr404(request.params.id, reply)
    if (!parcel) return reply
    return parcel.history.map((h) => ({ state: { name: h.state }, createdAt: h.at.toISOString(), comment: h.reason }))
  })

  app.post('/api/v1/territories/search', async (request) => {
    const body = isRecord(request.body) ? request.body : {}
    const pageNumber = Math.max(1, Number(body.pageNumber ?? 1) || 1)
    const pageSize = Math.min(fake.pageSizeCap, Math.max(1, Number(body.pageSize ?? 50) || 50))
    const all = [
      ...cities.map((c) => ({ id: c.uuid, name: c.name, code: String(c.code), level: 'city', parentId: null })),
      ...communes.map((c) => ({
        id: c.id,
        name: c.name,
        code: null,
        level: 'district',
        parentId: cities.find((w) => w.code === c.wilayaCode)?.uuid ?? null,
        hasPickupPoint: c.hasStopDesk,
      })),
    ]
    const items = all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize)
    return { items, pageNumber, pageSize, totalCount: all.length, hasNextPage: pageNumber * pageSize < all.length }
  })

  app.get('/api/v1/delivery-pricing/rates', async () => ({
    rates: cities.map((c) => {
      const rate = fakeZrRate(c.code)
      return {
        toTerritoryId: c.uuid,
        toTerritoryCode: String(c.code),
        deliveryPrices: [
          { deliveryType: 'home', price: rate.home },
          { deliveryType: 'pickup-point', price: rate.pickupPoint },
        ],
      }
    }),
  }))

  fake.baseUrl = `${await listenLocal(app)}/api/v1`
  return fake
}
