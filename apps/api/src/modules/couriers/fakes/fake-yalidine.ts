import { createHmac } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { type FakeCommune, fakeCommunes, fakeWilayas } from './communes.ts'
import {
  algiersText,
  check,
  FakeClock,
  fakeBase,
  headerOf,
  isRecord,
  listenLocal,
  type QuotaKnob,
  type RecordedRequest,
} from './fake-server.ts'
import { tinyPdf } from './pdf.ts'

/**
 * A local Yalidine (its documented v1 API): parcels in memory, histories,
 * fees, communes and centers in pages, labels as PDFs, signed webhooks. For the adapters' tests, the browser
 * test and the docs.
 */
export interface FakeYalidineParcel {
  tracking: string
  orderId: string
  fields: Record<string, unknown>
  lastStatus: string
  deliveryFee: number
  returnFee: number
  paymentStatus: string
  paymentId: string | null
}

export interface FakeHistory {
  tracking: string
  status: string
  reason: string
  centerName: string
  at: Date
}

export interface YalidineWebhookEvent {
  tracking: string
  status: string
  reason?: string
  eventId?: string
  occurredAt?: string
  type?: string
}

export interface SignedWebhook {
  headers: Record<string, string>
  rawBody: Buffer
}

export interface FakeYalidine {
  /** The API's base URL (…/v1/), as a connection's baseUrl. */
  baseUrl: string
  credentials: { apiId: string; apiToken: string }
  parcels: Map<string, FakeYalidineParcel>
  histories: FakeHistory[]
  requests: RecordedRequest[]
  quota: QuotaKnob
  communes: FakeCommune[]
  /** Rows per page of the lists (small in tests, to exercise pagination). */
  pageSize: number
  /** false: the lists give `has_more` and no `links.next` (the client asks for `page` itself). */
  nextLinks: boolean
  advance(tracking: string, rawStatus: string, reason?: string): void
  setPayment(tracking: string, paymentStatus: string, paymentId?: string): void
  /** The webhook request Yalidine would send, signed (hex HMAC-SHA256 of the body in X-YALIDINE-SIGNATURE). */
  signedWebhook(secret: string, events: YalidineWebhookEvent[], options?: { tamper?: boolean }): SignedWebhook
  sendWebhook(
    url: string,
    secret: string,
    events: YalidineWebhookEvent[],
    options?: { tamper?: boolean; duplicate?: boolean },
  ): Promise<Response[]>
  close(): Promise<void>
}

const PARCEL_TEXT = [
  'order_id',
  'from_wilaya_name',
  'firstname',
  'familyname',
  'address',
  'to_commune_name',
  'to_wilaya_name',
  'product_list',
]
const PARCEL_NUMBERS = ['declared_value', 'length', 'width', 'height', 'weight']
const PARCEL_BOOLS = ['do_insurance', 'freeshipping', 'is_stopdesk', 'has_exchange']

/** The fake's price list: the same wilaya is cheaper, the south dearer; one commune in five costs 100 DA more. */
export function fakeYalidineHomeFee(from: number, to: number): number {
  return from === to ? 400 : 600 + (to % 5) * 100
}

export async function startFakeYalidine(
  options: { apiId?: string; apiToken?: string; pageSize?: number } = {},
): Promise<FakeYalidine> {
  const credentials = { apiId: options.apiId ?? 'yal-api-id', apiToken: options.apiToken ?? 'yal-api-token' }
  const base = fakeBase({
    apiPrefix: '/v1/',
    isAuthorized: (request) =>
      headerOf(request, 'x-api-id') === credentials.apiId && headerOf(request, 'x-api-token') === credentials.apiToken,
    unauthorizedBody: { error: { code: 401, message: 'Invalid API credentials' } },
    replyHeaders: {
      'x-second-quota-left': '4',
      'x-minute-quota-left': '49',
      'x-hour-quota-left': '999',
      'x-day-quota-left': '9999',
    },
  })
  const { app } = base
  const communes = fakeCommunes('yalidine')
  const clock = new FakeClock()
  let origin = ''
  let sequence = 0

  const fake: FakeYalidine = {
    baseUrl: '',
    credentials,
    parcels: new Map(),
    histories: [],
    requests: base.requests,
    quota: base.quota,
    communes,
    pageSize: options.pageSize ?? 1000,
    nextLinks: true,
    advance(tracking, rawStatus, reason = '') {
      const parcel = fake.parcels.get(tracking)
      if (!parcel) throw new Error(`no parcel ${tracking}`)
      parcel.lastStatus = rawStatus
      fake.histories.push({ tracking, status: rawStatus, reason, centerName: 'Centre Alger', at: clock.next() })
    },
    setPayment(tracking, paymentStatus, paymentId) {
      const parcel = fake.parcels.get(tracking)
      if (!parcel) throw new Error(`no parcel ${tracking}`)
      parcel.paymentStatus = paymentStatus
      parcel.paymentId = paymentId ?? null
    },
    signedWebhook(secret, events, { tamper = false } = {}) {
      const type = events[0]?.type ?? 'parcel_status_updated'
      const body = JSON.stringify({
        type,
        events: events.map((e) => ({
          event_id: e.eventId ?? `evt-${++sequence}`,
          occurred_at: e.occurredAt ?? algiersText(clock.next()),
          data: { tracking: e.tracking, status: e.status, reason: e.reason ?? '', center_name: 'Centre Alger' },
        })),
      })
      const signature = createHmac('sha256', secret).update(body).digest('hex')
      // a tampered request keeps the signature of the body as it was sent
      const sent = tamper ? body.replace(/"status":"/, '"status":"X') : body
      return {
        headers: { 'content-type': 'application/json', 'x-yalidine-signature': signature },
        rawBody: Buffer.from(sent),
      }
    },
    async sendWebhook(url, secret, events, { tamper = false, duplicate = false } = {}) {
      const request = fake.signedWebhook(secret, events, { tamper })
      const replies: Response[] = []
      for (let i = 0; i < (duplicate ? 2 : 1); i++) {
        replies.push(await fetch(url, { method: 'POST', headers: request.headers, body: request.rawBody }))
      }
      return replies
    },
    close: () => app.close(),
  }

  function page<T>(rows: T[], path: string, query: Record<string, string>) {
    const pageNumber = Math.max(1, Number(query.page ?? 1) || 1)
    const size = fake.pageSize
    const data = rows.slice((pageNumber - 1) * size, pageNumber * size)
    const hasMore = pageNumber * size < rows.length
    const nextQuery = new URLSearchParams({ ...query, page: String(pageNumber + 1) })
    return {
      has_more: hasMore,
      total_data: rows.length,
      data,
      links: fake.nextLinks && hasMore ? { next: `${origin}${path}?${nextQuery}` } : {},
    }
  }

  const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://fake').searchParams)
  const trackingsOf = (query: Record<string, string>) => (query.tracking ? query.tracking.split(',') : null)
  const refuse = (reply: FastifyReply, code: number, message: string) => reply.code(code).send({ error: { code, message } })

  function parcelProblem(item: unknown, orderIds: Set<string>): string | null {
    if (!isRecord(item)) return 'parcel: an object is required'
    for (const problem of [
      ...PARCEL_TEXT.map((f) => check.text(item, f)),
      check.phone(item, 'contact_phone'),
      check.number(item, 'price', 0, 150_000),
      ...PARCEL_NUMBERS.map((f) => check.number(item, f)),
      ...PARCEL_BOOLS.map((f) => check.bool(item, f)),
    ]) {
      if (problem !== null) return problem
    }
    const orderId = String(item.order_id)
    if (orderIds.has(orderId) || [...fake.parcels.values()].some((p) => p.orderId === orderId)) {
      return 'order_id: already used'
    }
    orderIds.add(orderId)
    const commune = communes.find((c) => c.name === item.to_commune_name && c.wilayaName === item.to_wilaya_name)
    if (!commune) return `to_commune_name: unknown commune "${String(item.to_commune_name)}" in ${String(item.to_wilaya_name)}`
    if (item.is_stopdesk === true && typeof item.stopdesk_id !== 'number') return 'stopdesk_id: required for a stop desk'
    if (item.has_exchange === true) return check.text(item, 'product_to_collect')
    return null
  }

  app.post('/v1/parcels/', async (request, reply) => {
    const items = request.body
    if (!Array.isArray(items) || items.length === 0) return refuse(reply, 400, 'The body must be a JSON array of parcels')
    const orderIds = new Set<string>()
    const problems = items.map((item) => parcelProblem(item, orderIds))
    const keyOf = (item: unknown, i: number) => (isRecord(item) && typeof item.order_id === 'string' ? item.order_id : String(i))
    if (problems.some((p) => p !== null)) {
      // one bad parcel fails the whole request: nothing is created
      return reply.code(400).send(
        Object.fromEntries(
          items.map((item, i) => [keyOf(item, i), { success: false, order_id: keyOf(item, i), tracking: null, message: problems[i] }]),
        ),
      )
    }
    const result: Record<string, unknown> = {}
    for (const item of items) {
      if (!isRecord(item)) continue
      const tracking = `yal-${String(++sequence).padStart(6, '0')}`
      const wilaya = fakeWilayas().find((w) => w.name === item.from_wilaya_name)?.code ?? 16
      const to = communes.find((c) => c.name === item.to_commune_name)?.wilayaCode ?? 16
      fake.parcels.set(tracking, {
        tracking,
        orderId: String(item.order_id),
        fields: item,
        lastStatus: 'En préparation',
        deliveryFee: fakeYalidineHomeFee(wilaya, to) - (item.is_stopdesk === true ? 250 : 0),
        returnFee: 250,
        paymentStatus: 'not-ready',
        paymentId: null,
      })
      fake.histories.push({ tracking, status: 'En préparation', reason: '', centerName: '', at: clock.next() })
      const label = `${origin}/labels/${tracking}.pdf`
      result[String(item.order_id)] = { success: true, order_id: item.order_id, tracking, import_id: 1, label, labels: label }
    }
    return result
  })

  app.get('/v1/parcels/', async (request) => {
    const query = queryOf(request.url)
    const wanted = trackingsOf(query)
    const rows = [...fake.parcels.values()]
      .filter((p) => wanted === null || wanted.includes(p.tracking))
      .map((p) => ({
        tracking: p.tracking,
        order_id: p.orderId,
        last_status: p.lastStatus,
        payment_status: p.paymentStatus,
        payment_id: p.paymentId,
        delivery_fee: p.deliveryFee,
        taxe_percentage: 0,
        taxe_from: 0,
        taxe_retour: p.returnFee,
        label: `${origin}/labels/${p.tracking}.pdf`,
        pin: '0000',
        qr_text: p.tracking,
      }))
    return page(rows, '/v1/parcels/', query)
  })

  app.delete<{ Params: { tracking: string } }>('/v1/parcels/:tracking', async (request, reply) => {
    const { tracking } = request.params
    const parcel = fake.parcels.get(tracking)
    if (!parcel) return refuse(reply, 404, `Parcel ${tracking} not found`)
    if (parcel.lastStatus !== 'En préparation') {
      return refuse(reply, 400, `Le colis ${tracking} ne peut plus être supprimé (${parcel.lastStatus})`)
    }
    fake.parcels.delete(tracking)
    return [{ tracking, deleted: true }]
  })

  app.get('/v1/histories/', async (request) => {
    const query = queryOf(request.url)
    const wanted = trackingsOf(query)
    const rows = fake.histories
      .filter((h) => wanted === null || wanted.includes(h.tracking))
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .map((h) => ({
        date_status: algiersText(h.at),
        tracking: h.tracking,
        status: h.status,
        reason: h.reason,
        center_id: 160001,
        center_name: h.centerName,
        wilaya_id: 16,
        wilaya_name: 'Alger',
      }))
    return page(rows, '/v1/histories/', query)
  })

  app.get('/v1/fees/', async (request, reply) => {
    const query = queryOf(request.url)
    const from = Number(query.from_wilaya_id)
    const to = Number(query.to_wilaya_id)
    const missing = ['from_wilaya_id', 'to_wilaya_id'].filter((f) => !(Number(query[f]) >= 1 && Number(query[f]) <= 58))
    if (missing.length > 0) return refuse(reply, 400, `${missing.join(', ')}: a wilaya id from 1 to 58 is required`)
    const home = fakeYalidineHomeFee(from, to)
    const perCommune = Object.fromEntries(
      communes
        .filter((c) => c.wilayaCode === to)
        .map((c, i) => [
          c.id,
          {
            commune_id: Number(c.id),
            commune_name: c.name,
            express_home: i % 5 === 4 ? home + 100 : home,
            express_desk: home - 250,
            economic_home: null,
            economic_desk: null,
          },
        ]),
    )
    return {
      from_wilaya_name: fakeWilayas()[from - 1]?.name,
      to_wilaya_name: fakeWilayas()[to - 1]?.name,
      zone: to % 5,
      retour_fee: 250,
      cod_percentage: 0,
      insurance_percentage: 1,
      oversize_fee: 0,
      per_commune: perCommune,
    }
  })

  app.get('/v1/communes/', async (request) => {
    const rows = communes.map((c) => ({
      id: Number(c.id),
      name: c.name,
      wilaya_id: c.wilayaCode,
      wilaya_name: c.wilayaName,
      has_stop_desk: c.hasStopDesk ? 1 : 0,
      is_deliverable: 1,
      delivery_time_parcel: 2,
      delivery_time_payment: 7,
    }))
    return page(rows, '/v1/communes/', queryOf(request.url))
  })

  app.get('/v1/centers/', async (request) => {
    const rows = communes
      .filter((c) => c.hasStopDesk)
      .map((c) => ({
        center_id: Number(c.id) * 100 + 1,
        name: `Agence ${c.name}`,
        address: `Centre ville, ${c.name}`,
        gps: '36.75,3.05',
        commune_id: Number(c.id),
        commune_name: c.name,
        wilaya_id: c.wilayaCode,
        wilaya_name: c.wilayaName,
      }))
    return page(rows, '/v1/centers/', queryOf(request.url))
  })

  app.get<{ Params: { file: string } }>('/labels/:file', async (request, reply) => {
    const { file } = request.params
    const tracking = file.replace(/\.pdf$/, '')
    if (!fake.parcels.has(tracking)) return reply.code(404).send('not found')
    return reply.type('application/pdf').send(Buffer.from(tinyPdf(`Yalidine ${tracking}`)))
  })

  origin = await listenLocal(app)
  fake.baseUrl = `${origin}/v1/`
  return fake
}
