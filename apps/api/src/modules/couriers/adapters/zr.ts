import { createHmac, timingSafeEqual } from 'node:crypto'
import type { ShipmentStatus } from '@shop/shared'
import { z } from 'zod'
import {
  type CourierAdapter,
  type CourierConnection,
  CourierError,
  type CourierEvent,
  type CourierFee,
  type CourierWebhook,
  type CreatedParcel,
  type ParcelRequest,
  type RemotePlace,
  type WebhookRequest,
} from '../courier.ts'
import { type AdapterOptions, amount, CourierHttp, fold, mapLimited, readReply } from './http.ts'
import { failureOf } from './reasons.ts'

/**
 * ZR Express's new platform (api.zrexpress.app/api/v1, X-Tenant + X-Api-Key). Places are territory UUIDs
 * (city = wilaya, district = commune), a parcel is created one at a time and answers only its id (the tracking
 * comes from reading it back), webhooks are Svix-style. Its payloads and state names are not publicly documented:
 * every reply is read defensively, and what the API does not document (cancel, labels) is refused clearly.
 */
const COURIER = 'ZR Express'
const EVENT_CONCURRENCY = 3
const TERRITORY_PAGE = 500
const MAX_PAGES = 100
/** Svix's tolerance: a webhook older (or newer) than this is refused, so a captured request cannot be replayed. */
const WEBHOOK_TOLERANCE_MS = 5 * 60_000

/** ZR's state names (English or French, slug or words) in the store's words; the order of the checks matters. */
export function zrStatus(raw: string): ShipmentStatus {
  const s = fold(raw).replace(/[-_]+/g, ' ')
  if (/cancel|annul/.test(s)) return 'cancelled'
  if (/return|retour/.test(s)) return /returned|retourne|received|recu/.test(s) ? 'returned' : 'returning'
  if (/fail|echec|echoue|attempt|tentative/.test(s)) return 'failed_delivery'
  if (/out for delivery|en livraison|en cours de livraison|dispatch/.test(s)) return 'out_for_delivery'
  if (/delivered|^livre\b/.test(s)) return 'delivered'
  if (/pickup point|ready for pickup|au bureau|stop ?desk|en attente du client/.test(s)) return 'ready_for_pickup'
  if (/picked|ramasse|collected/.test(s)) return 'picked_up'
  if (/transit|expedie|hub|transfer|vers /.test(s)) return 'in_transit'
  if (/created|new|pending|confirm|preparation|ready/.test(s)) return 'pending'
  return 'unknown'
}

const text = z.string().nullish()
const stateValue = z.union([z.string(), z.object({ name: text, code: text, label: text }).passthrough()]).nullish()
const stateName = (state: z.output<typeof stateValue>): string | null =>
  typeof state === 'string' ? state : (state?.name ?? state?.code ?? state?.label ?? null)

const parcelReply = z
  .object({
    id: z.string(),
    trackingNumber: text,
    tracking: text,
    state: stateValue,
    deliveryPrice: z.union([z.number(), z.string()]).nullish(),
    deliveryFee: z.union([z.number(), z.string()]).nullish(),
    returnPrice: z.union([z.number(), z.string()]).nullish(),
    returnFee: z.union([z.number(), z.string()]).nullish(),
    paymentId: z.union([z.string(), z.number()]).nullish(),
  })
  .passthrough()
const historyRow = z
  .object({
    state: stateValue,
    newState: stateValue,
    createdAt: text,
    changedAt: text,
    occurredAt: text,
    date: text,
    reason: text,
    comment: text,
    hub: z.union([z.string(), z.object({ name: text }).passthrough()]).nullish(),
  })
  .passthrough()
const historyReply = z.union([z.array(historyRow), z.object({ items: z.array(historyRow) }).transform((r) => r.items)])
const territory = z
  .object({ id: z.string(), name: z.string(), code: z.union([z.string(), z.number()]).nullish(), level: text, type: text, parentId: text })
  .passthrough()
const territoriesPage = z.object({ items: z.array(territory), hasNextPage: z.boolean().nullish(), totalCount: z.number().nullish() })
const ratesReply = z.object({
  rates: z.array(
    z.object({
      toTerritoryId: text,
      toTerritoryCode: z.union([z.string(), z.number()]).nullish(),
      deliveryPrices: z.array(z.object({ deliveryType: z.string(), price: z.union([z.number(), z.string()]).nullish() })).default([]),
    }),
  ),
})

export function createZrAdapter(connection: CourierConnection, options: AdapterOptions = {}): CourierAdapter {
  const { tenant, apiKey } = connection.credentials
  if (!tenant || !apiKey) throw new CourierError('unauthorized', `${COURIER}: the tenant and API key are required`)
  const http = new CourierHttp({
    courier: COURIER,
    baseUrl: connection.baseUrl,
    headers: { 'X-Tenant': tenant, 'X-Api-Key': apiKey },
    fetch: connection.fetch,
    options,
  })
  const idOf = (parcel: { tracking: string; externalId: string | null }) => parcel.externalId ?? parcel.tracking
  const readParcel = async (id: string) =>
    readReply(COURIER, parcelReply, await http.json('GET', `parcels/${encodeURIComponent(id)}`))

  return {
    engine: 'zr',

    async createParcels(parcels) {
      const refused = parcels.flatMap((p) => {
        const problem = zrProblem(p)
        return problem === null ? [] : [{ reference: p.reference, message: problem }]
      })
      if (refused.length > 0) throw new CourierError('rejected', `${COURIER}: parcels refused`, { parcels: refused })
      const created: CreatedParcel[] = []
      // ZR documents no batch call: one parcel at a time; a refusal names the parcels already created
      for (const parcel of parcels) {
        let id: string
        try {
          const reply = await http.json('POST', 'parcels', { body: zrParcel(parcel) })
          id = readReply(COURIER, z.object({ id: z.string() }), reply).id
        } catch (error) {
          if (!(error instanceof CourierError) || error.code !== 'rejected') throw error
          const done = created.length > 0 ? ` (created before it: ${created.map((c) => c.tracking).join(', ')})` : ''
          throw new CourierError('rejected', `${error.message}${done}`, {
            ...error.details,
            parcels: [{ reference: parcel.reference, message: error.message }],
          })
        }
        const read = await readParcel(id)
        const tracking = read.trackingNumber ?? read.tracking
        if (!tracking) throw new CourierError('unavailable', `${COURIER}: parcel ${id} has no tracking number yet`)
        created.push({ reference: parcel.reference, tracking, externalId: id, labelUrl: null })
      }
      return created
    },

    async cancelParcel() {
      throw new CourierError('rejected', `${COURIER}: its API does not offer cancelling a parcel; cancel it in the ZR Express space`)
    },

    async label() {
      throw new CourierError('rejected', `${COURIER}: its API does not offer labels; print it from the ZR Express space`)
    },

    async events(parcels) {
      const timelines = await mapLimited(parcels, EVENT_CONCURRENCY, async (parcel) => {
        const rows = readReply(COURIER, historyReply, await http.json('GET', `parcels/${encodeURIComponent(idOf(parcel))}/state-history`))
        return rows.flatMap((row): CourierEvent[] => {
          const raw = stateName(row.state) ?? stateName(row.newState)
          const at = row.occurredAt ?? row.changedAt ?? row.createdAt ?? row.date
          const occurredAt = at ? new Date(at) : null
          if (raw === null || occurredAt === null || Number.isNaN(occurredAt.getTime())) return []
          const reason = row.reason ?? row.comment ?? null
          return [zrEvent(parcel.tracking, raw, reason, typeof row.hub === 'string' ? row.hub : (row.hub?.name ?? null), occurredAt)]
        })
      })
      return timelines.flat().sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())
    },

    async money(parcels) {
      return mapLimited(parcels, EVENT_CONCURRENCY, async (parcel) => {
        const read = await readParcel(idOf(parcel))
        return {
          tracking: parcel.tracking,
          deliveryFee: amount(read.deliveryPrice ?? read.deliveryFee),
          returnFee: amount(read.returnPrice ?? read.returnFee),
          payoutStatus: null,
          payoutId: read.paymentId === null || read.paymentId === undefined ? null : String(read.paymentId),
        }
      })
    },

    async fees() {
      const reply = readReply(COURIER, ratesReply, await http.json('GET', 'delivery-pricing/rates'))
      return reply.rates.flatMap((rate): CourierFee[] => {
        const wilayaCode = Number(rate.toTerritoryCode)
        if (!Number.isInteger(wilayaCode)) return []
        const price = (type: string) => amount(rate.deliveryPrices.find((p) => p.deliveryType === type)?.price)
        return [{ wilayaCode, home: price('home'), stopDesk: price('pickup-point'), returnFee: null }]
      })
    },

    async places() {
      const all: z.output<typeof territory>[] = []
      for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
        const body = await http.json('POST', 'territories/search', { body: { pageNumber, pageSize: TERRITORY_PAGE } })
        const page = readReply(COURIER, territoriesPage, body)
        all.push(...page.items)
        const more = page.hasNextPage ?? (page.totalCount !== null && page.totalCount !== undefined && all.length < page.totalCount)
        if (!more || page.items.length === 0) break
      }
      const levelOf = (t: z.output<typeof territory>) => fold(t.level ?? t.type ?? '')
      const cities = new Map(all.filter((t) => levelOf(t) === 'city' || levelOf(t) === 'wilaya').map((t) => [t.id, t]))
      return all
        .filter((t) => (levelOf(t) === 'district' || levelOf(t) === 'commune') && t.parentId && cities.has(t.parentId))
        .map((t): RemotePlace => {
          const city = cities.get(t.parentId ?? '')
          const code = Number(city?.code)
          const hasStopDesk = t.hasPickupPoint === true
          return {
            remoteId: t.id,
            remoteName: t.name,
            remoteWilaya: city?.name ?? '',
            remoteParentId: t.parentId ?? null,
            stopDeskId: null,
            hasStopDesk,
            wilayaCode: Number.isInteger(code) ? code : null,
          }
        })
    },

    webhook: zrWebhook(options.now),
  }
}

function zrProblem(parcel: ParcelRequest): string | null {
  if (parcel.place === null || parcel.place.remoteParentId === null) {
    return `the commune ${parcel.communeNameFr} is not matched to a ZR Express territory`
  }
  if (parcel.exchange !== null) return 'ZR Express exchanges are not offered through its API'
  return null
}

function zrParcel(parcel: ParcelRequest) {
  return {
    customer: { name: `${parcel.firstName} ${parcel.lastName}`.trim(), phone: { number1: parcel.phone } },
    deliveryAddress: {
      cityTerritoryId: parcel.place?.remoteParentId,
      districtTerritoryId: parcel.place?.remoteId,
      street: parcel.address,
    },
    orderedProducts: parcel.products.map((p) => ({ productName: p.name, unitPrice: p.unitPrice, quantity: p.quantity })),
    deliveryType: parcel.deliveryType === 'stopdesk' ? 'pickup-point' : 'home',
    description: parcel.notes ?? parcel.products.map((p) => p.name).join(', '),
    amount: parcel.codAmount,
    externalId: parcel.reference,
  }
}

function zrEvent(
  tracking: string,
  raw: string,
  reason: string | null,
  centre: string | null,
  occurredAt: Date,
  eventKey?: string,
): CourierEvent {
  const clean = reason === null || reason.trim() === '' ? null : reason
  return {
    tracking,
    eventKey: eventKey ?? `${raw}@${occurredAt.toISOString()}`,
    status: zrStatus(raw),
    statusRaw: raw,
    reason: clean,
    failure: failureOf(clean),
    centre,
    occurredAt,
  }
}

function header(request: WebhookRequest, ...names: string[]): string | null {
  for (const name of names) {
    const value = request.headers[name]
    const first = Array.isArray(value) ? value[0] : value
    if (first !== undefined && first !== '') return first
  }
  return null
}

const webhookBody = z
  .object({
    type: text,
    eventType: text,
    id: text,
    timestamp: text,
    data: z.record(z.string(), z.unknown()).nullish(),
    payload: z.record(z.string(), z.unknown()).nullish(),
  })
  .passthrough()
const webhookData = z
  .object({
    trackingNumber: text,
    tracking: text,
    parcel: z.object({ trackingNumber: text, id: text }).passthrough().nullish(),
    state: stateValue,
    newState: stateValue,
    reason: text,
    comment: text,
    occurredAt: text,
    updatedAt: text,
  })
  .passthrough()

/** Svix-style signatures: "v1,<base64 HMAC-SHA256(id.timestamp.body)>" keyed by the base64 part of `whsec_...`. */
export function zrWebhook(now: () => Date = () => new Date()): CourierWebhook {
  return {
    verify(request, secret) {
      const id = header(request, 'svix-id', 'webhook-id')
      const timestamp = header(request, 'svix-timestamp', 'webhook-timestamp')
      const signatures = header(request, 'svix-signature', 'webhook-signature')
      if (id === null || timestamp === null || signatures === null || !/^\d+$/.test(timestamp)) return false
      if (Math.abs(now().getTime() - Number(timestamp) * 1000) > WEBHOOK_TOLERANCE_MS) return false
      const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64')
      if (key.length === 0) return false
      const expected = createHmac('sha256', key)
        .update(Buffer.concat([Buffer.from(`${id}.${timestamp}.`), request.rawBody]))
        .digest()
      return signatures.split(' ').some((entry) => {
        const [version, value] = entry.split(',')
        if (version !== 'v1' || !value) return false
        const given = Buffer.from(value, 'base64')
        return given.length === expected.length && timingSafeEqual(given, expected)
      })
    },

    parse(request) {
      let json: unknown
      try {
        json = JSON.parse(request.rawBody.toString('utf8'))
      } catch {
        return []
      }
      const body = webhookBody.safeParse(json)
      if (!body.success || (body.data.type ?? body.data.eventType) !== 'parcel.state.updated') return []
      const data = webhookData.safeParse(body.data.data ?? body.data.payload ?? {})
      if (!data.success) return []
      const tracking = data.data.trackingNumber ?? data.data.tracking ?? data.data.parcel?.trackingNumber
      const raw = stateName(data.data.state) ?? stateName(data.data.newState)
      const at = data.data.occurredAt ?? data.data.updatedAt ?? body.data.timestamp
      const occurredAt = at ? new Date(at) : null
      if (!tracking || raw === null || occurredAt === null || Number.isNaN(occurredAt.getTime())) return []
      // Svix redelivers a message with the same id: the key that makes a repeat harmless
      const eventKey = header(request, 'svix-id', 'webhook-id') ?? body.data.id ?? undefined
      return [zrEvent(tracking, raw, data.data.reason ?? data.data.comment ?? null, null, occurredAt, eventKey)]
    },
  }
}
