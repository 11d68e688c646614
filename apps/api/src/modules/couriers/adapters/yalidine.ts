import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import {
  type CourierAdapter,
  type CourierConnection,
  CourierError,
  type CourierEvent,
  type CourierFee,
  type CourierWebhook,
  type CreatedParcel,
  type ParcelMoney,
  type ParcelRequest,
  type RemotePlace,
  type WebhookRequest,
} from '../courier.ts'
import {
  type AdapterOptions,
  algiersTime,
  amount,
  chunked,
  CourierHttp,
  mapLimited,
  type Query,
  readReply,
} from './http.ts'
import { failureOf } from './reasons.ts'
import { yalidinePayout, yalidineStatus } from './yalidine-statuses.ts'

/**
 * Yalidine's engine (Yalidine, Guepex, Yalitec: same API on another host). Quotas are 5/s, 50/min, 1,000/h:
 * fees ask one wilaya at a time with little concurrency, and the http helper waits when a quota is spent.
 */
const COURIER = 'Yalidine'
const TRACKINGS_PER_CALL = 50
const FEE_CONCURRENCY = 3
const MAX_PAGES = 200
/** Yalidine numbers wilayas 1-58 (the 2019 division). */
const WILAYA_CODES = Array.from({ length: 58 }, (_, i) => i + 1)

const listOf = <T extends z.ZodType>(row: T) =>
  z.object({
    has_more: z.boolean().nullish(),
    data: z.array(row),
    links: z.object({ next: z.string().nullish() }).nullish(),
  })

interface ListPage<R> {
  has_more?: boolean | null
  data: R[]
  links?: { next?: string | null } | null
}

const createdRow = z.object({
  success: z.boolean(),
  tracking: z.string().nullish(),
  label: z.string().nullish(),
  message: z.string().nullish(),
})
const createReply = z.record(z.string(), createdRow)

const parcelRow = z.object({
  tracking: z.string(),
  last_status: z.string().nullish(),
  label: z.string().nullish(),
  delivery_fee: z.union([z.number(), z.string()]).nullish(),
  taxe_retour: z.union([z.number(), z.string()]).nullish(),
  payment_status: z.string().nullish(),
  payment_id: z.union([z.string(), z.number()]).nullish(),
})

const historyRow = z.object({
  tracking: z.string(),
  date_status: z.string(),
  status: z.string(),
  reason: z.string().nullish(),
  center_name: z.string().nullish(),
  centre: z.string().nullish(),
})

const communeRow = z.object({
  id: z.number(),
  name: z.string(),
  wilaya_id: z.number(),
  wilaya_name: z.string(),
  has_stop_desk: z.union([z.boolean(), z.number()]).nullish(),
  is_deliverable: z.union([z.boolean(), z.number()]).nullish(),
})

const centerRow = z.object({ center_id: z.number(), name: z.string(), commune_id: z.number() })

const feeCommune = z.object({
  express_home: z.number().nullish(),
  express_desk: z.number().nullish(),
})
const feeReply = z.object({
  retour_fee: z.union([z.number(), z.string()]).nullish(),
  per_commune: z.union([z.record(z.string(), feeCommune), z.array(feeCommune)]).nullish(),
})

const webhookBody = z.object({
  type: z.string(),
  events: z
    .array(
      z.object({
        event_id: z.union([z.string(), z.number()]),
        occurred_at: z.string(),
        data: z.object({
          tracking: z.string(),
          status: z.string().nullish(),
          reason: z.string().nullish(),
          center_name: z.string().nullish(),
        }),
      }),
    )
    .default([]),
})

export function createYalidineAdapter(connection: CourierConnection, options: AdapterOptions = {}): CourierAdapter {
  const apiId = connection.credentials.apiId
  const apiToken = connection.credentials.apiToken
  if (!apiId || !apiToken) throw new CourierError('unauthorized', `${COURIER}: the API id and token are required`)
  const http = new CourierHttp({
    courier: COURIER,
    baseUrl: connection.baseUrl,
    headers: { 'X-API-ID': apiId, 'X-API-TOKEN': apiToken },
    fetch: connection.fetch,
    // a spent minute (50 calls: a fee sync asks 58 wilayas) is waited out rather than failing the sync
    options: { ...options, retry: { maxDelayMs: 65_000, ...options.retry } },
  })

  /** Every row of a list, following `links.next` or, without it, `page` while `has_more`. */
  async function list<T extends z.ZodType>(path: string, row: T, query: Query = {}): Promise<z.output<T>[]> {
    const rows: z.output<T>[] = []
    let next: { path: string; query: Query } | null = { path, query }
    for (let page = 1; next !== null && page <= MAX_PAGES; page++) {
      const body: unknown = await http.json('GET', next.path, { query: next.query })
      const reply: ListPage<z.output<T>> = readReply(COURIER, listOf(row), body)
      rows.push(...reply.data)
      if (reply.has_more !== true) next = null
      else if (reply.links?.next) next = { path: reply.links.next, query: {} }
      else next = { path, query: { ...query, page: page + 1 } }
    }
    return rows
  }

  async function parcelsOf(trackings: string[]) {
    const rows = []
    for (const part of chunked(trackings, TRACKINGS_PER_CALL)) {
      rows.push(...(await list('parcels/', parcelRow, { tracking: part.join(',') })))
    }
    return rows
  }

  return {
    engine: 'yalidine',

    async createParcels(parcels) {
      if (parcels.length === 0) return []
      const refused = parcels.flatMap((p) => {
        const problem = placeProblem(p)
        return problem === null ? [] : [{ reference: p.reference, message: problem }]
      })
      if (refused.length > 0) throw new CourierError('rejected', `${COURIER}: parcels refused`, { parcels: refused })
      const reply = await http.send('POST', 'parcels/', { body: parcels.map(yalidineParcel) })
      const keyed = createReply.safeParse(reply.body)
      if (!keyed.success) {
        throw reply.status >= 400 ? http.rejected(reply) : new CourierError('unavailable', `${COURIER}: unexpected reply`)
      }
      const failed = Object.entries(keyed.data).filter(([, row]) => !row.success || !row.tracking)
      if (reply.status >= 400 || failed.length > 0) {
        // one invalid parcel fails the whole request at Yalidine: the refused ones say why, the others are untouched
        const withReason = failed.filter(([, row]) => row.message)
        const listed = (withReason.length > 0 ? withReason : failed).map(([reference, row]) => ({
          reference,
          message: row.message ?? 'refused',
        }))
        const first = listed[0]
        throw new CourierError(
          'rejected',
          `${COURIER}: ${first ? `${first.reference}: ${first.message}` : 'the parcels were refused'}`,
          { parcels: listed, status: reply.status },
        )
      }
      return parcels.map((parcel): CreatedParcel => {
        const row = keyed.data[parcel.reference]
        if (!row?.tracking) throw new CourierError('unavailable', `${COURIER}: no tracking for ${parcel.reference}`)
        return { reference: parcel.reference, tracking: row.tracking, externalId: null, labelUrl: row.label ?? null }
      })
    },

    async cancelParcel({ tracking }) {
      const body = await http.json('DELETE', `parcels/${encodeURIComponent(tracking)}`)
      const rows = z.array(z.object({ tracking: z.string(), deleted: z.boolean() })).safeParse(body)
      if (rows.success && rows.data.some((row) => row.tracking === tracking && !row.deleted)) {
        throw new CourierError('rejected', `${COURIER}: the parcel can no longer be cancelled`)
      }
    },

    async label({ tracking }) {
      const [parcel] = await parcelsOf([tracking])
      if (!parcel?.label) throw new CourierError('rejected', `${COURIER}: no label for ${tracking}`)
      return http.bytes(parcel.label)
    },

    async events(parcels) {
      const trackings = parcels.map((p) => p.tracking)
      const events: CourierEvent[] = []
      for (const part of chunked(trackings, TRACKINGS_PER_CALL)) {
        for (const row of await list('histories/', historyRow, { tracking: part.join(',') })) {
          const occurredAt = algiersTime(row.date_status)
          if (occurredAt === null) continue
          events.push(
            yalidineEvent(row.tracking, row.status, row.reason ?? null, row.center_name ?? row.centre ?? null, occurredAt),
          )
        }
      }
      return events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())
    },

    async money(parcels) {
      const rows = await parcelsOf(parcels.map((p) => p.tracking))
      return rows.map(
        (row): ParcelMoney => ({
          tracking: row.tracking,
          deliveryFee: amount(row.delivery_fee),
          returnFee: amount(row.taxe_retour),
          payoutStatus: yalidinePayout(row.payment_status),
          payoutId: row.payment_id === null || row.payment_id === undefined ? null : String(row.payment_id),
        }),
      )
    },

    async fees(senderWilayaCode) {
      return mapLimited(WILAYA_CODES, FEE_CONCURRENCY, async (to): Promise<CourierFee> => {
        let body: unknown
        try {
          body = await http.json('GET', 'fees/', { query: { from_wilaya_id: senderWilayaCode, to_wilaya_id: to } })
        } catch (error) {
          // a wilaya Yalidine does not serve is refused: no price there, the others still count
          if (error instanceof CourierError && error.code === 'rejected') {
            return { wilayaCode: to, home: null, stopDesk: null, returnFee: null }
          }
          throw error
        }
        const reply = readReply(COURIER, feeReply, body)
        const communes = Object.values(reply.per_commune ?? {})
        return {
          wilayaCode: to,
          home: usualPrice(communes.map((c) => c.express_home)),
          stopDesk: usualPrice(communes.map((c) => c.express_desk)),
          returnFee: amount(reply.retour_fee),
        }
      })
    },

    async places() {
      const [communes, centers] = await Promise.all([list('communes/', communeRow), list('centers/', centerRow)])
      const deskOf = new Map<number, string>()
      for (const center of centers) {
        if (!deskOf.has(center.commune_id)) deskOf.set(center.commune_id, String(center.center_id))
      }
      return communes
        .filter((c) => c.is_deliverable !== false && c.is_deliverable !== 0)
        .map((c): RemotePlace => {
          const desk = deskOf.get(c.id) ?? null
          return {
            remoteId: String(c.id),
            remoteName: c.name,
            remoteWilaya: c.wilaya_name,
            remoteParentId: null,
            stopDeskId: desk,
            hasStopDesk: desk !== null,
            wilayaCode: c.wilaya_id,
          }
        })
    },

    webhook: yalidineWebhook,
  }
}

function placeProblem(parcel: ParcelRequest): string | null {
  if (parcel.place === null) return `the commune ${parcel.communeNameFr} is not matched to a Yalidine commune`
  if (parcel.deliveryType === 'stopdesk' && parcel.place.stopDeskId === null) {
    return `Yalidine has no stop desk in ${parcel.communeNameFr}`
  }
  return null
}

function productList(parcel: ParcelRequest): string {
  return parcel.products.map((p) => (p.quantity > 1 ? `${p.name} x${p.quantity}` : p.name)).join(', ')
}

/** A parcel in Yalidine's documented fields; `price` is the cash to collect, the delivery fee included (freeshipping). */
function yalidineParcel(parcel: ParcelRequest) {
  const isStopDesk = parcel.deliveryType === 'stopdesk'
  return {
    order_id: parcel.reference,
    from_wilaya_name: parcel.senderWilayaNameFr,
    firstname: parcel.firstName,
    familyname: parcel.lastName,
    contact_phone: parcel.phone,
    address: parcel.address,
    to_commune_name: parcel.place?.remoteName ?? parcel.communeNameFr,
    to_wilaya_name: parcel.place?.remoteWilaya ?? parcel.wilayaNameFr,
    product_list: productList(parcel),
    price: parcel.codAmount,
    do_insurance: false,
    declared_value: parcel.codAmount,
    length: 0,
    width: 0,
    height: 0,
    weight: 0,
    freeshipping: true,
    is_stopdesk: isStopDesk,
    stopdesk_id: isStopDesk ? Number(parcel.place?.stopDeskId) : null,
    has_exchange: parcel.exchange !== null,
    product_to_collect: parcel.exchange?.productToCollect ?? null,
  }
}

/** The price most of the wilaya's communes have (the lower one on a tie); null when none is offered. */
function usualPrice(prices: (number | null | undefined)[]): number | null {
  const counts = new Map<number, number>()
  for (const price of prices) {
    if (typeof price === 'number' && price > 0) counts.set(price, (counts.get(price) ?? 0) + 1)
  }
  let best: [number, number] | null = null
  for (const [price, n] of counts) {
    if (best === null || n > best[1] || (n === best[1] && price < best[0])) best = [price, n]
  }
  return best?.[0] ?? null
}

function yalidineEvent(
  tracking: string,
  statusRaw: string,
  reason: string | null,
  centre: string | null,
  occurredAt: Date,
  eventKey?: string,
): CourierEvent {
  const cleanReason = reason === null || reason.trim() === '' ? null : reason
  return {
    tracking,
    eventKey: eventKey ?? `${statusRaw}@${occurredAt.toISOString()}`,
    status: yalidineStatus(statusRaw),
    statusRaw,
    reason: cleanReason,
    failure: failureOf(cleanReason),
    centre,
    occurredAt,
  }
}

function header(request: WebhookRequest, name: string): string | null {
  const value = request.headers[name.toLowerCase()]
  const first = Array.isArray(value) ? value[0] : value
  return first === undefined ? null : first
}

/** Yalidine's webhooks: the `crc_token` subscription check, a hex HMAC-SHA256 of the raw body, status events. */
export const yalidineWebhook: CourierWebhook = {
  challenge(request) {
    const token = request.query.crc_token
    if (request.query.subscribe === undefined || token === undefined || token === '') return undefined
    return { crc_token: token }
  },

  verify(request, secret) {
    const signature = header(request, 'x-yalidine-signature')
    if (signature === null || secret === '' || !/^[0-9a-f]+$/i.test(signature.trim())) return false
    const expected = createHmac('sha256', secret).update(request.rawBody).digest()
    const given = Buffer.from(signature.trim(), 'hex')
    return given.length === expected.length && timingSafeEqual(given, expected)
  },

  parse(request) {
    let json: unknown
    try {
      json = JSON.parse(request.rawBody.toString('utf8'))
    } catch {
      return []
    }
    const body = webhookBody.safeParse(json)
    if (!body.success || body.data.type !== 'parcel_status_updated') return []
    return body.data.events.flatMap((event) => {
      const occurredAt = algiersTime(event.occurred_at)
      const status = event.data.status
      if (occurredAt === null || !status) return []
      return [
        yalidineEvent(
          event.data.tracking,
          status,
          event.data.reason ?? null,
          event.data.center_name ?? null,
          occurredAt,
          String(event.event_id),
        ),
      ]
    })
  },
}
