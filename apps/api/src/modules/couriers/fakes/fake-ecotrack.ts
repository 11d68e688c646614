import type { FastifyReply, FastifyRequest } from 'fastify'
import { type FakeCommune, fakeCommunes, fakeWilayas } from './communes.ts'
import { check, FakeClock, fakeBase, headerOf, isRecord, listenLocal, type QuotaKnob, type RecordedRequest } from './fake-server.ts'
import { tinyPdf } from './pdf.ts'

/**
 * A local Ecotrack engine (/api/v1, Bearer token): orders created then validated, deleted before validation,
 * activity timelines, orders 40 a page, fees, wilayas and communes, PDF labels. Polled (no webhook).
 */
export interface FakeEcotrackOrder {
  tracking: string
  fields: Record<string, unknown>
  validated: boolean
  activity: { at: Date; status: string; station: string; reason: string | null }[]
  paymentId: string | null
}

export interface FakeEcotrack {
  /** The host's root (https://<courier>.ecotrack.dz/), as a connection's baseUrl. */
  baseUrl: string
  credentials: { token: string }
  orders: Map<string, FakeEcotrackOrder>
  requests: RecordedRequest[]
  quota: QuotaKnob
  communes: FakeCommune[]
  /** Adds an activity line (an Ecotrack slug: picked, dispatched_to_driver, attempt_delivery, livred, ...). */
  advance(tracking: string, rawStatus: string, reason?: string): void
  setPayment(tracking: string, paymentId: string): void
  close(): Promise<void>
}

/** The fake's grid: home, stop desk (none in the far south), return. */
export function fakeEcotrackFee(wilaya: number) {
  return { home: 500 + (wilaya % 4) * 100, stopDesk: wilaya >= 49 ? 0 : 300 + (wilaya % 4) * 50, returnFee: 200 }
}

const PER_PAGE = 40

export async function startFakeEcotrack(options: { token?: string } = {}): Promise<FakeEcotrack> {
  const credentials = { token: options.token ?? 'eco-token' }
  const authorized = (request: FastifyRequest) =>
    headerOf(request, 'authorization') === `Bearer ${credentials.token}` ||
    new URL(request.url, 'http://fake').searchParams.get('api_token') === credentials.token
  const base = fakeBase({ apiPrefix: '/api/v1/', isAuthorized: authorized, unauthorizedBody: { message: 'Unauthenticated.' } })
  const { app } = base
  const communes = fakeCommunes('ecotrack')
  const clock = new FakeClock()
  let sequence = 0

  const orderOf = (tracking: string) => {
    const order = fake.orders.get(tracking)
    if (!order) throw new Error(`no order ${tracking}`)
    return order
  }
  const fake: FakeEcotrack = {
    baseUrl: '',
    credentials,
    orders: new Map(),
    requests: base.requests,
    quota: base.quota,
    communes,
    advance(tracking, rawStatus, reason) {
      orderOf(tracking).activity.push({ at: clock.next(), status: rawStatus, station: 'Station Alger', reason: reason ?? null })
    },
    setPayment(tracking, paymentId) {
      const order = orderOf(tracking)
      order.paymentId = paymentId
      order.activity.push({ at: clock.next(), status: 'payed', station: 'Station Alger', reason: null })
    },
    close: () => app.close(),
  }

  const invalid = (reply: FastifyReply, errors: Record<string, string[]>) =>
    reply.code(400).send({ success: false, message: 'The given data was invalid.', errors })

  /** The documented fields' checks: field → problems. */
  function problemsOf(body: unknown): Record<string, string[]> {
    if (!isRecord(body)) return { order: ['an object is required'] }
    const problems: Record<string, string[]> = {}
    const add = (problem: string | null) => {
      if (problem === null) return
      const [field = 'order', text = problem] = problem.split(': ')
      problems[field] = [...(problems[field] ?? []), text]
    }
    for (const field of ['nom_client', 'adresse', 'commune', 'produit']) add(check.text(body, field))
    add(check.phone(body, 'telephone'))
    add(check.number(body, 'code_wilaya', 1, 58))
    add(check.number(body, 'montant', 0, 1_000_000))
    add(check.number(body, 'type', 1, 4))
    add(check.number(body, 'stop_desk', 0, 1))
    if (body.type === 2) add(check.text(body, 'produit_a_recuperer'))
    if (Object.keys(problems).length === 0) {
      const commune = communes.find((c) => c.name === body.commune && c.wilayaCode === body.code_wilaya)
      if (!commune) add(`commune: unknown commune "${String(body.commune)}" in wilaya ${String(body.code_wilaya)}`)
      else if (body.stop_desk === 1 && !commune.hasStopDesk) add('stop_desk: no stop desk in this commune')
    }
    return problems
  }

  function createOrder(fields: Record<string, unknown>): string {
    const tracking = `ECO${String(++sequence).padStart(7, '0')}`
    fake.orders.set(tracking, { tracking, fields, validated: false, activity: [], paymentId: null })
    return tracking
  }

  const trackingOf = (request: FastifyRequest) => new URL(request.url, 'http://fake').searchParams.get('tracking') ?? ''

  app.post('/api/v1/create/order', async (request, reply) => {
    const problems = problemsOf(request.body)
    if (Object.keys(problems).length > 0 || !isRecord(request.body)) return invalid(reply, problems)
    return { success: true, tracking: createOrder(request.body) }
  })

  app.post('/api/v1/create/orders', async (request, reply) => {
    const orders = isRecord(request.body) ? request.body.orders : undefined
    if (!isRecord(orders)) return invalid(reply, { orders: ['an object of orders is required'] })
    if (Object.keys(orders).length > 100) return invalid(reply, { orders: ['at most 100 orders'] })
    const results: Record<string, unknown> = {}
    for (const [key, order] of Object.entries(orders)) {
      const problems = problemsOf(order)
      results[key] =
        Object.keys(problems).length > 0 || !isRecord(order)
          ? { success: false, message: Object.entries(problems).map(([f, p]) => `${f}: ${p.join(', ')}`).join('; ') }
          : { success: true, tracking: createOrder(order) }
    }
    return { success: true, results }
  })

  app.post('/api/v1/valid/order', async (request, reply) => {
    const order = fake.orders.get(trackingOf(request))
    if (!order) return reply.code(404).send({ success: false, message: 'Commande introuvable' })
    if (order.validated) return reply.code(422).send({ success: false, message: 'Commande déjà validée' })
    order.validated = true
    order.activity.push({ at: clock.next(), status: 'order_information_received_by_carrier', station: '', reason: null })
    return { success: true, message: 'Commande validée' }
  })

  app.delete('/api/v1/delete/order', async (request, reply) => {
    const order = fake.orders.get(trackingOf(request))
    if (!order) return reply.code(404).send({ success: false, message: 'Commande introuvable' })
    // documented: an order can be deleted before it is validated (shipped) only
    if (order.validated) return reply.code(422).send({ success: false, message: 'Commande déjà validée, suppression impossible' })
    fake.orders.delete(order.tracking)
    return { success: true }
  })

  app.get('/api/v1/get/order/label', async (request, reply) => {
    const order = fake.orders.get(trackingOf(request))
    if (!order) return reply.code(404).send({ success: false, message: 'Commande introuvable' })
    return reply.type('application/pdf').send(Buffer.from(tinyPdf(`Ecotrack ${order.tracking}`)))
  })

  app.get('/api/v1/get/tracking/info', async (request, reply) => {
    const order = fake.orders.get(trackingOf(request))
    if (!order) return reply.code(404).send({ success: false, message: 'Commande introuvable' })
    return {
      tracking: order.tracking,
      activity: order.activity.map((a) => {
        const local = new Date(a.at.getTime() + 3_600_000).toISOString()
        return { date: local.slice(0, 10), time: local.slice(11, 16), status: a.status, station: a.station, reason: a.reason }
      }),
    }
  })

  app.get('/api/v1/get/orders', async (request) => {
    const page = Math.max(1, Number(new URL(request.url, 'http://fake').searchParams.get('page') ?? 1) || 1)
    const rows = [...fake.orders.values()].reverse().map((o) => {
      const wilaya = Number(o.fields.code_wilaya)
      const fee = fakeEcotrackFee(wilaya)
      return {
        tracking: o.tracking,
        reference: o.fields.reference ?? null,
        status: o.activity.at(-1)?.status ?? 'en_preparation',
        tarif_prestation: String(o.fields.stop_desk === 1 ? fee.stopDesk : fee.home),
        tarif_retour: String(fee.returnFee),
        payment_id: o.paymentId,
        return_id: null,
      }
    })
    const lastPage = Math.max(1, Math.ceil(rows.length / PER_PAGE))
    return {
      current_page: page,
      data: rows.slice((page - 1) * PER_PAGE, page * PER_PAGE),
      last_page: lastPage,
      per_page: PER_PAGE,
      total: rows.length,
    }
  })

  app.get('/api/v1/get/fees', async () => {
    const wilayas = fakeWilayas()
    const rows = (pick: (fee: ReturnType<typeof fakeEcotrackFee>) => [number, number]) =>
      wilayas.map((w) => {
        const [tarif, stopdesk] = pick(fakeEcotrackFee(w.code))
        return { wilaya_id: w.code, tarif: String(tarif), tarif_stopdesk: String(stopdesk) }
      })
    return {
      livraison: rows((f) => [f.home, f.stopDesk]),
      echange: rows((f) => [f.home, f.stopDesk]),
      retours: rows((f) => [f.returnFee, f.returnFee]),
    }
  })

  app.get('/api/v1/get/wilayas', async () => fakeWilayas().map((w) => ({ wilaya_id: w.code, wilaya_name: w.name })))

  app.get('/api/v1/get/communes', async () =>
    communes.map((c) => ({
      id: Number(c.id),
      nom: c.name,
      wilaya_id: c.wilayaCode,
      code_postal: `${String(c.wilayaCode).padStart(2, '0')}${String(Number(c.id) % 1000).padStart(3, '0')}`,
      has_stop_desk: c.hasStopDesk ? 1 : 0,
    })),
  )

  fake.baseUrl = `${await listenLocal(app)}/`
  return fake
}
