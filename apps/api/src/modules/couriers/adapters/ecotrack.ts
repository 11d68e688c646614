import type { PayoutStatus, ShipmentStatus } from '@shop/shared'
import { z } from 'zod'
import {
  type CourierAdapter,
  type CourierConnection,
  CourierError,
  type CourierEvent,
  type CourierFee,
  type CreatedParcel,
  type ParcelMoney,
  type ParcelRequest,
  type RemotePlace,
} from '../courier.ts'
import { type AdapterOptions, algiersTime, amount, chunked, CourierHttp, mapLimited, readReply } from './http.ts'
import { failureOf } from './reasons.ts'

/**
 * The Ecotrack engine (DHD, Conexlog, Anderson and ~20 more couriers on their own hosts). A parcel is created,
 * then validated (`valid/order`) so the courier really collects it. No webhook: the store polls. Its quota is
 * 50 calls a minute, so a spent minute is waited out (up to a minute) rather than failing a bulk shipment.
 */
const COURIER = 'Ecotrack'
const BULK_MAX = 100
const EVENT_CONCURRENCY = 2
const MAX_ORDER_PAGES = 100

const STATUS: Record<string, ShipmentStatus> = {
  order_information_received_by_carrier: 'pending',
  picked: 'picked_up',
  accepted_by_carrier: 'picked_up',
  dispatched_to_driver: 'out_for_delivery',
  attempt_delivery: 'failed_delivery',
  return_asked: 'returning',
  return_in_transit: 'returning',
  return_received: 'returned',
  livred: 'delivered',
  encaissed: 'delivered',
  payed: 'delivered',
}

export function ecotrackStatus(slug: string): ShipmentStatus {
  return STATUS[slug.trim().toLowerCase()] ?? 'unknown'
}

/** Where the collected cash stands, from the order's status: cashed by the courier (ready), then paid out. */
function ecotrackPayout(status: string | null | undefined, paymentId: string | null): PayoutStatus | null {
  const slug = status?.trim().toLowerCase()
  if (slug === 'payed' || paymentId !== null) return 'paid'
  if (slug === 'encaissed') return 'ready'
  if (slug === undefined) return null
  return 'not_ready'
}

const money = z.union([z.number(), z.string()]).nullish()
const createReply = z.object({
  success: z.union([z.boolean(), z.number()]).nullish(),
  tracking: z.string().nullish(),
  message: z.string().nullish(),
})
const bulkReply = z.object({ results: z.record(z.string(), createReply).nullish() }).catchall(z.unknown())

/** Each order's result by its index in the request: under `results`, or (as some hosts answer) at the top level. */
function bulkRows(reply: z.output<typeof bulkReply>): Record<string, z.output<typeof createReply> | undefined> {
  if (reply.results) return reply.results
  const rows: Record<string, z.output<typeof createReply> | undefined> = {}
  for (const [key, value] of Object.entries(reply)) {
    const row = createReply.safeParse(value)
    if (/^\d+$/.test(key) && row.success) rows[key] = row.data
  }
  return rows
}
const activityReply = z.object({
  activity: z
    .array(
      z.object({
        date: z.string(),
        time: z.string().nullish(),
        status: z.string(),
        station: z.string().nullish(),
        reason: z.string().nullish(),
        remarque: z.string().nullish(),
      }),
    )
    .default([]),
})
const ordersPage = z.object({
  data: z.array(
    z.object({
      tracking: z.string(),
      status: z.string().nullish(),
      tarif_prestation: money,
      tarif_retour: money,
      payment_id: z.union([z.string(), z.number()]).nullish(),
    }),
  ),
  current_page: z.number().nullish(),
  last_page: z.number().nullish(),
})
const feeRow = z.object({ wilaya_id: z.union([z.number(), z.string()]), tarif: money, tarif_stopdesk: money })
const feesReply = z.object({ livraison: z.array(feeRow).default([]), retours: z.array(feeRow).default([]) })
const listish = <T extends z.ZodType>(row: T) =>
  z.union([z.array(row), z.record(z.string(), row).transform((rows) => Object.values(rows))])
const wilayaRow = z.object({ wilaya_id: z.union([z.number(), z.string()]), wilaya_name: z.string() })
const communeRow = z.object({
  id: z.union([z.number(), z.string()]).nullish(),
  nom: z.string(),
  wilaya_id: z.union([z.number(), z.string()]),
  code_postal: z.union([z.number(), z.string()]).nullish(),
  has_stop_desk: z.union([z.boolean(), z.number()]).nullish(),
})

const isSuccess = (value: boolean | number | null | undefined) => value === true || value === 1

export function createEcotrackAdapter(connection: CourierConnection, options: AdapterOptions = {}): CourierAdapter {
  const token = connection.credentials.token
  if (!token) throw new CourierError('unauthorized', `${COURIER}: the API token is required`)
  const http = new CourierHttp({
    courier: COURIER,
    baseUrl: connection.baseUrl,
    headers: { authorization: `Bearer ${token}` },
    fetch: connection.fetch,
    options: { ...options, retry: { maxDelayMs: 65_000, ...options.retry } },
  })

  const deleteQuietly = async (tracking: string) => {
    await http.send('DELETE', 'api/v1/delete/order', { query: { tracking } }).catch(() => undefined)
  }

  /** Creates without validating: one call for one parcel, the bulk call (≤100) for more. */
  async function create(parcels: ParcelRequest[]): Promise<Map<string, string>> {
    const created = new Map<string, string>()
    const refused: { reference: string; message: string }[] = []
    if (parcels.length === 1 && parcels[0]) {
      const reply = readReply(COURIER, createReply, await http.json('POST', 'api/v1/create/order', { body: ecotrackOrder(parcels[0]) }))
      if (isSuccess(reply.success) && reply.tracking) created.set(parcels[0].reference, reply.tracking)
      else refused.push({ reference: parcels[0].reference, message: reply.message ?? 'refused' })
    } else {
      for (const part of chunked(parcels, BULK_MAX)) {
        const orders = Object.fromEntries(part.map((p, i) => [String(i), ecotrackOrder(p)]))
        const body = await http.json('POST', 'api/v1/create/orders', { body: { orders } })
        const rows = bulkRows(readReply(COURIER, bulkReply, body))
        part.forEach((parcel, i) => {
          const row = rows[String(i)]
          if (row && isSuccess(row.success) && row.tracking) created.set(parcel.reference, row.tracking)
          else refused.push({ reference: parcel.reference, message: row?.message ?? 'refused' })
        })
      }
    }
    if (refused.length > 0) {
      // the others are not validated yet: deleting them leaves nothing half-shipped at the courier
      for (const tracking of created.values()) await deleteQuietly(tracking)
      const first = refused[0]
      throw new CourierError('rejected', `${COURIER}: ${first?.reference}: ${first?.message}`, { parcels: refused })
    }
    return created
  }

  return {
    engine: 'ecotrack',

    async createParcels(parcels) {
      if (parcels.length === 0) return []
      const unmatched = parcels.filter((p) => p.place === null)
      if (unmatched.length > 0) {
        throw new CourierError('rejected', `${COURIER}: communes not matched`, {
          parcels: unmatched.map((p) => ({ reference: p.reference, message: `the commune ${p.communeNameFr} is not matched` })),
        })
      }
      const created = await create(parcels)
      const shipped: CreatedParcel[] = []
      for (const parcel of parcels) {
        const tracking = created.get(parcel.reference)
        if (tracking === undefined) throw new CourierError('unavailable', `${COURIER}: no tracking for ${parcel.reference}`)
        try {
          // validating is what asks the courier to collect the parcel
          const validated = readReply(
            COURIER,
            createReply,
            await http.json('POST', 'api/v1/valid/order', { query: { tracking, ask_collection: 1 } }),
          )
          if (validated.success === false || validated.success === 0) {
            throw new CourierError('rejected', `${COURIER}: ${validated.message ?? `${tracking} was not validated`}`, {
              parcels: [{ reference: parcel.reference, message: validated.message ?? 'not validated' }],
            })
          }
        } catch (error) {
          const pending = parcels.map((p) => created.get(p.reference)).filter((t) => t !== undefined)
          for (const left of pending.slice(shipped.length)) await deleteQuietly(left)
          if (shipped.length > 0 && error instanceof CourierError) {
            throw new CourierError(error.code, `${error.message} (already shipped: ${shipped.map((s) => s.tracking).join(', ')})`, error.details)
          }
          throw error
        }
        shipped.push({ reference: parcel.reference, tracking, externalId: null, labelUrl: null })
      }
      return shipped
    },

    async cancelParcel({ tracking }) {
      await http.json('DELETE', 'api/v1/delete/order', { query: { tracking } })
    },

    async label({ tracking }) {
      return http.bytes('api/v1/get/order/label', { tracking })
    },

    async events(parcels) {
      const timelines = await mapLimited(parcels, EVENT_CONCURRENCY, async ({ tracking }) => {
        const reply = readReply(COURIER, activityReply, await http.json('GET', 'api/v1/get/tracking/info', { query: { tracking } }))
        return reply.activity.flatMap((row): CourierEvent[] => {
          const occurredAt = algiersTime(row.date, row.time ?? undefined)
          if (occurredAt === null) return []
          const reason = row.reason ?? row.remarque ?? null
          return [
            {
              tracking,
              eventKey: `${row.status}@${occurredAt.toISOString()}`,
              status: ecotrackStatus(row.status),
              statusRaw: row.status,
              reason: reason === null || reason.trim() === '' ? null : reason,
              failure: failureOf(reason),
              centre: row.station ?? null,
              occurredAt,
            },
          ]
        })
      })
      return timelines.flat().sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())
    },

    async money(parcels) {
      // the API lists orders (40 a page, newest first) but cannot be asked for some trackings: read until all are seen
      const wanted = new Set(parcels.map((p) => p.tracking))
      const found: ParcelMoney[] = []
      for (let page = 1; wanted.size > 0 && page <= MAX_ORDER_PAGES; page++) {
        const reply = readReply(COURIER, ordersPage, await http.json('GET', 'api/v1/get/orders', { query: { page } }))
        for (const row of reply.data) {
          if (!wanted.delete(row.tracking)) continue
          const paymentId = row.payment_id === null || row.payment_id === undefined ? null : String(row.payment_id)
          found.push({
            tracking: row.tracking,
            deliveryFee: amount(row.tarif_prestation),
            returnFee: amount(row.tarif_retour),
            payoutStatus: ecotrackPayout(row.status, paymentId),
            payoutId: paymentId,
          })
        }
        if (reply.data.length === 0 || (reply.last_page ?? page) <= page) break
      }
      return found
    },

    async fees() {
      // Ecotrack's prices are the account's contract: the same whatever the sender wilaya
      const reply = readReply(COURIER, feesReply, await http.json('GET', 'api/v1/get/fees'))
      const returns = new Map(reply.retours.map((r) => [Number(r.wilaya_id), amount(r.tarif)]))
      return reply.livraison.map(
        (row): CourierFee => ({
          wilayaCode: Number(row.wilaya_id),
          home: positive(amount(row.tarif)),
          stopDesk: positive(amount(row.tarif_stopdesk)),
          returnFee: returns.get(Number(row.wilaya_id)) ?? null,
        }),
      )
    },

    async places() {
      const [wilayas, communes] = await Promise.all([
        http.json('GET', 'api/v1/get/wilayas').then((body) => readReply(COURIER, listish(wilayaRow), body)),
        http.json('GET', 'api/v1/get/communes').then((body) => readReply(COURIER, listish(communeRow), body)),
      ])
      const wilayaName = new Map(wilayas.map((w) => [Number(w.wilaya_id), w.wilaya_name]))
      return communes.map((c): RemotePlace => {
        const wilayaCode = Number(c.wilaya_id)
        const hasStopDesk = c.has_stop_desk === true || c.has_stop_desk === 1
        const station = c.code_postal === null || c.code_postal === undefined ? null : String(c.code_postal)
        return {
          remoteId: c.id === null || c.id === undefined ? `${wilayaCode}:${c.nom}` : String(c.id),
          remoteName: c.nom,
          remoteWilaya: wilayaName.get(wilayaCode) ?? String(wilayaCode),
          remoteParentId: null,
          stopDeskId: hasStopDesk ? station : null,
          hasStopDesk,
          wilayaCode: Number.isInteger(wilayaCode) ? wilayaCode : null,
        }
      })
    },
  }
}

const positive = (value: number | null) => (value !== null && value > 0 ? value : null)

/** An order in the engine's documented fields; `montant` is the cash to collect. */
function ecotrackOrder(parcel: ParcelRequest) {
  const isStopDesk = parcel.deliveryType === 'stopdesk'
  return {
    reference: parcel.reference,
    nom_client: `${parcel.firstName} ${parcel.lastName}`.trim(),
    telephone: parcel.phone,
    adresse: parcel.address,
    commune: parcel.place?.remoteName ?? parcel.communeNameFr,
    code_wilaya: parcel.wilayaCode,
    montant: parcel.codAmount,
    remarque: parcel.notes ?? '',
    produit: parcel.products.map((p) => (p.quantity > 1 ? `${p.name} x${p.quantity}` : p.name)).join(', '),
    quantite: parcel.products.reduce((sum, p) => sum + p.quantity, 0),
    type: parcel.exchange === null ? 1 : 2,
    stop_desk: isStopDesk ? 1 : 0,
    ...(isStopDesk && parcel.place?.stopDeskId ? { code_postal: parcel.place.stopDeskId } : {}),
    ...(parcel.exchange === null ? {} : { produit_a_recuperer: parcel.exchange.productToCollect }),
  }
}
