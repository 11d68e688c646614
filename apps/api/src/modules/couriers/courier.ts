import type { CourierEngine, CourierFailure, DeliveryType, PayoutStatus, ShipmentStatus } from '@shop/shared'

/**
 * One interface for every courier engine (adapters/yalidine.ts, adapters/ecotrack.ts, adapters/zr.ts): what the
 * store asks of a courier, in the store's words; each adapter speaks its courier's documented API.
 */

/** The courier's own place for a commune, as synced into courier_places. */
export interface CourierPlaceRef {
  remoteId: string
  remoteName: string
  remoteWilaya: string
  remoteParentId: string | null
  stopDeskId: string | null
}

/** A parcel to create: an order (or an exchange) as the courier needs it. */
export interface ParcelRequest {
  /** The store's reference of the parcel: the order's tracking number (exchanges add a suffix). */
  reference: string
  firstName: string
  lastName: string
  /** 0XXXXXXXXX, as the store keeps phones. */
  phone: string
  address: string
  wilayaCode: number
  wilayaNameFr: string
  communeNameFr: string
  /** The courier's place for the order's commune (null: the commune is not matched, the adapter refuses). */
  place: CourierPlaceRef | null
  senderWilayaCode: number
  senderWilayaNameFr: string
  deliveryType: DeliveryType
  /** The cash to collect, in dinars (0 for a prepaid order). */
  codAmount: number
  /** What the parcel holds, one line per product. */
  products: { name: string; quantity: number; unitPrice: number }[]
  notes: string | null
  /** An exchange parcel: what the courier brings back (the old pair). */
  exchange: { productToCollect: string } | null
}

export interface CreatedParcel {
  reference: string
  tracking: string
  /** The courier's id of the parcel when it is not the tracking number (ZR). */
  externalId: string | null
  labelUrl: string | null
}

/** One event of a parcel's timeline, in the store's words and the courier's. */
export interface CourierEvent {
  tracking: string
  /** The courier's event id (webhooks) or a key made of the raw status and its time: applied once. */
  eventKey: string
  status: ShipmentStatus
  statusRaw: string
  reason: string | null
  failure: CourierFailure | null
  centre: string | null
  occurredAt: Date
}

/** A parcel's money as the courier reports it. */
export interface ParcelMoney {
  tracking: string
  deliveryFee: number | null
  returnFee: number | null
  payoutStatus: PayoutStatus | null
  payoutId: string | null
}

/** The courier's price to one wilaya (null: not offered). */
export interface CourierFee {
  wilayaCode: number
  home: number | null
  stopDesk: number | null
  returnFee: number | null
}

/** A place in the courier's own list, before matching. */
export interface RemotePlace extends CourierPlaceRef {
  hasStopDesk: boolean
  /** The store's wilaya code (1-58) when the courier's list gives it. */
  wilayaCode: number | null
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>
  query: Record<string, string | undefined>
  rawBody: Buffer
}

export interface CourierWebhook {
  /** A subscription check (Yalidine's `crc_token`): the reply to send, or undefined when the request is not one. */
  challenge?(request: WebhookRequest): unknown
  /** Whether the request is signed with the account's secret (checked on the raw body, before any parsing). */
  verify(request: WebhookRequest, secret: string): boolean
  /** The events the request carries (unknown kinds are left out). */
  parse(request: WebhookRequest): CourierEvent[]
}

export interface CourierAdapter {
  readonly engine: CourierEngine
  /** Creates the parcels in one request where the courier allows it; a refused parcel fails with CourierError('rejected'). */
  createParcels(parcels: ParcelRequest[]): Promise<CreatedParcel[]>
  /** Cancels a parcel the courier has not picked up yet; CourierError('rejected') once it has. */
  cancelParcel(parcel: { tracking: string; externalId: string | null }): Promise<void>
  /** The parcel's label as a PDF. */
  label(parcel: { tracking: string; externalId: string | null }): Promise<Uint8Array>
  /** The timeline of each parcel (every event the courier has), for polling and for a refresh by staff. */
  events(parcels: { tracking: string; externalId: string | null }[]): Promise<CourierEvent[]>
  /** Fees and payout of each parcel. */
  money(parcels: { tracking: string; externalId: string | null }[]): Promise<ParcelMoney[]>
  /** The courier's prices from the shop's sender wilaya to every wilaya. */
  fees(senderWilayaCode: number): Promise<CourierFee[]>
  /** The courier's list of communes (and stop desks). */
  places(): Promise<RemotePlace[]>
  /** Present when the courier sends webhooks (Yalidine, ZR); Ecotrack is polled. */
  readonly webhook?: CourierWebhook
}

export type CourierErrorCode = 'rejected' | 'rate_limited' | 'unauthorized' | 'unavailable'

/**
 * What went wrong at the courier: a refusal (`rejected`, with each refused parcel's reason when the courier
 * says), quotas (`rate_limited`, with when to try again), bad credentials, or the courier down.
 * `rate_limited` and `unavailable` are worth retrying later; the others are not.
 */
export class CourierError extends Error {
  constructor(
    readonly code: CourierErrorCode,
    message: string,
    readonly details: { parcels?: { reference: string; message: string }[]; retryAfterMs?: number; status?: number } = {},
  ) {
    super(message)
    this.name = 'CourierError'
  }

  get retryable(): boolean {
    return this.code === 'rate_limited' || this.code === 'unavailable'
  }
}

/** An account as the adapters need it: decrypted credentials and the host. */
export interface CourierConnection {
  engine: CourierEngine
  baseUrl: string
  /** Engine-specific: yalidine {apiId, apiToken}, ecotrack {token}, zr {tenant, apiKey}. */
  credentials: Record<string, string>
  /** fetch to use (tests pass one that counts calls); the global fetch otherwise. */
  fetch?: typeof fetch
}

/** A courier account as shipping sees it (never its credentials). */
export interface CourierAccountRef {
  id: string
  name: string
  engine: CourierEngine
  senderWilayaCode: number
}

/**
 * Where shipping finds couriers (courier-accounts.service.ts): which account a wilaya's parcels go with, an
 * account's adapter (credentials decrypted), its webhook secret, and its place for a commune.
 */
export interface CourierDirectory {
  /** The wilaya's chosen courier, else the default one; null when the shop has none. */
  accountFor(wilayaCode58: number): Promise<CourierAccountRef | null>
  account(accountId: string): Promise<CourierAccountRef | null>
  adapter(accountId: string): Promise<CourierAdapter>
  webhookSecret(accountId: string): Promise<string | null>
  /** The courier's place matched to the store's commune; null when none is matched. */
  place(accountId: string, communeId: number): Promise<CourierPlaceRef | null>
}
