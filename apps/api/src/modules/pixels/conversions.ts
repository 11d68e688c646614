import { createHash } from 'node:crypto'
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { adPixels, conversionEvents, orderAttribution, orderItems, orders, phoneBlacklist } from '../../db/schema.ts'
import { enqueueJob } from '../jobs/jobs.repo.ts'

/**
 * Server-side conversion events (Meta Conversions API, TikTok Events API). With a platform's access token the
 * purchase is counted when the order is confirmed, not when it is placed, so fake orders never train the ad
 * campaigns:
 * - at placement the browser sends "order placed" (Meta custom event `OrderPlaced`, TikTok `PlaceAnOrder`) with
 *   the event id `placed-<tracking>`, and the server sends the same event with the same id (the platforms keep one);
 * - at confirmation the server alone sends Meta `Purchase` / TikTok `CompletePayment`, event id `purchase-<tracking>`.
 * Each event is a conversion_events row (one per pixel and event id: sent once), sent by the job queue.
 * Cancelled, deleted and blacklisted orders are never sent; neither is an event more than 7 days old (Meta
 * refuses the whole batch).
 */

export const CONVERSIONS_QUEUE = 'conversions.send'

export type ConversionMoment = 'placed' | 'purchase'

const EVENT_NAMES = {
  facebook: { placed: 'OrderPlaced', purchase: 'Purchase' },
  tiktok: { placed: 'PlaceAnOrder', purchase: 'CompletePayment' },
} as const

/** Older events are refused by Meta (`event_time` at most 7 days in the past). */
const MAX_EVENT_AGE_MS = 7 * 24 * 3600_000

export const eventIdOf = (moment: ConversionMoment, trackingNumber: string) => `${moment}-${trackingNumber}`

export const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex')

/** 0555123456 → 213555123456 (Meta: digits with the country code, no leading zero, no symbol). */
export const e164Digits = (phone: string) => `213${phone.replace(/\D/g, '').replace(/^0/, '')}`

/** What the shopper's browser tells the platforms about the click, read from the order request. */
export interface AttributionInput {
  cookies: Record<string, string | undefined>
  ip: string
  userAgent: string | undefined
  pageUrl: string | undefined
}

/** Meta's click cookie, or one made from the landing address's fbclid (fb.1.<time>.<fbclid>) when Meta's script did not set it. */
function fbcOf(cookies: AttributionInput['cookies'], now: Date): string | null {
  if (cookies._fbc) return cookies._fbc
  return cookies.click_fbclid ? `fb.1.${now.getTime()}.${cookies.click_fbclid}` : null
}

const clip = (value: string | undefined | null, max: number) => (value ? value.slice(0, max) : null)

/** Whether any active pixel sends server-side events (has an access token). */
export async function serverEventsConfigured(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: adPixels.id })
    .from(adPixels)
    .where(and(eq(adPixels.isActive, true), isNotNull(adPixels.accessToken)))
    .limit(1)
  return row !== undefined
}

/**
 * At placement, in the order's transaction, when the shop sends server-side events (`serverEvents`, known
 * without asking the database on each order: conversions.plugin.ts): keeps what matches the order to its click
 * and queues the server's "order placed" event. Otherwise nothing is kept: no data the shop does not use.
 */
export async function recordPlacement(tx: Db, order: { id: string }, input: AttributionInput): Promise<void> {
  await tx
    .insert(orderAttribution)
    .values({
      orderId: order.id,
      fbp: clip(input.cookies._fbp, 200),
      fbc: clip(fbcOf(input.cookies, new Date()), 500),
      ttclid: clip(input.cookies.click_ttclid, 500),
      ttp: clip(input.cookies._ttp, 200),
      ip: clip(input.ip, 64),
      userAgent: clip(input.userAgent, 500),
      pageUrl: clip(input.pageUrl, 1000),
    })
    .onConflictDoNothing()
  await queueConversions(tx, order.id, 'placed')
}

/**
 * Queues the order's events of this moment, one per pixel with a token, in the caller's transaction (the
 * confirmation and its event are written together). Only orders placed while the shop sent server-side events
 * (they have attribution) are sent: a manual order taken by phone came from no ad click.
 */
export async function queueConversions(tx: Db, orderId: string, moment: ConversionMoment): Promise<void> {
  const result = await tx.execute(sql`
    insert into ${conversionEvents} (order_id, pixel_id, moment, event_id)
    select o.id, p.id, ${moment}, ${moment} || '-' || o.tracking_number
    from ${orders} o
    join ${orderAttribution} a on a.order_id = o.id
    join ${adPixels} p on p.is_active and p.access_token is not null
    where o.id = ${orderId}
    on conflict (pixel_id, event_id) do nothing
    returning id`)
  // one driver answers rows as { rows }, typed loosely by drizzle for both
  const rows = (result as unknown as { rows: { id: number | string }[] }).rows
  for (const row of rows) await enqueueJob(tx, CONVERSIONS_QUEUE, { id: Number(row.id) }, { dedupKey: `conversion:${row.id}` })
}

/** Where the platforms' APIs are (the tests point them at local fakes). */
export interface ConversionEndpoints {
  /** Meta Graph API base, e.g. https://graph.facebook.com/v21.0 */
  metaGraphUrl: string
  /** TikTok Events API, e.g. https://business-api.tiktok.com/open_api/v1.3/event/track/ */
  tiktokEventsUrl: string
}

export interface SendDeps {
  db: Db
  endpoints: ConversionEndpoints
  /** Opens an encrypted access token. */
  openSecret: (sealed: string) => string
  fetch?: typeof fetch
  now?: () => Date
}

export type SendResult = 'sent' | 'skipped' | 'done-before'

/** Loads the event, its pixel, its order with its lines and attribution. */
async function loadEvent(db: Db, id: number) {
  const [row] = await db
    .select({ event: conversionEvents, pixel: adPixels, order: orders, attribution: orderAttribution })
    .from(conversionEvents)
    .innerJoin(adPixels, eq(adPixels.id, conversionEvents.pixelId))
    .innerJoin(orders, eq(orders.id, conversionEvents.orderId))
    .leftJoin(orderAttribution, eq(orderAttribution.orderId, conversionEvents.orderId))
    .where(eq(conversionEvents.id, id))
  if (!row) return null
  const lines = await db
    .select({ sku: orderItems.sku, nameFr: orderItems.nameFr, quantity: orderItems.quantity, unitPrice: orderItems.unitPrice })
    .from(orderItems)
    .where(eq(orderItems.orderId, row.order.id))
    .orderBy(asc(orderItems.sku))
  return { ...row, lines }
}

type LoadedEvent = NonNullable<Awaited<ReturnType<typeof loadEvent>>>

/** Why an event must not be sent (null: send it). */
async function refusal(db: Db, loaded: LoadedEvent, now: Date): Promise<string | null> {
  const { order, event, pixel } = loaded
  if (!pixel.isActive || !pixel.accessToken) return 'pixel_off'
  if (order.status === 'cancelled' || order.status === 'deleted') return 'order_cancelled'
  if (event.moment === 'purchase' && order.status === 'pending') return 'not_confirmed'
  const [listed] = await db.select({ phone: phoneBlacklist.phone }).from(phoneBlacklist).where(eq(phoneBlacklist.phone, order.phone))
  if (listed) return 'blacklisted'
  if (now.getTime() - event.createdAt.getTime() > MAX_EVENT_AGE_MS) return 'too_old'
  return null
}

/** Meta Conversions API request body for one event. */
export function metaPayload(loaded: LoadedEvent, testEventCode: string | null) {
  const { order, event, attribution, lines } = loaded
  const userData: Record<string, unknown> = {
    ph: [sha256(e164Digits(order.phone))],
    fn: [sha256(order.firstName.trim().toLowerCase())],
    ln: [sha256(order.lastName.trim().toLowerCase())],
    country: [sha256('dz')],
    external_id: [sha256(e164Digits(order.phone))],
  }
  if (attribution?.ip) userData.client_ip_address = attribution.ip
  if (attribution?.userAgent) userData.client_user_agent = attribution.userAgent
  if (attribution?.fbp) userData.fbp = attribution.fbp
  if (attribution?.fbc) userData.fbc = attribution.fbc
  return {
    data: [
      {
        event_name: EVENT_NAMES.facebook[event.moment as ConversionMoment],
        event_time: Math.floor(event.createdAt.getTime() / 1000),
        event_id: event.eventId,
        action_source: 'website',
        ...(attribution?.pageUrl ? { event_source_url: attribution.pageUrl } : {}),
        user_data: userData,
        custom_data: {
          currency: 'DZD',
          value: order.total,
          content_ids: lines.map((line) => line.sku),
          content_type: 'product',
          contents: lines.map((line) => ({ id: line.sku, quantity: line.quantity })),
          order_id: order.trackingNumber,
          num_items: lines.reduce((sum, line) => sum + line.quantity, 0),
        },
      },
    ],
    ...(testEventCode ? { test_event_code: testEventCode } : {}),
  }
}

/** TikTok Events API request body for one event. */
export function tiktokPayload(loaded: LoadedEvent, testEventCode: string | null) {
  const { order, event, attribution, lines, pixel } = loaded
  const user: Record<string, unknown> = {
    phone: sha256(`+${e164Digits(order.phone)}`),
    external_id: sha256(e164Digits(order.phone)),
  }
  if (attribution?.ttclid) user.ttclid = attribution.ttclid
  if (attribution?.ttp) user.ttp = attribution.ttp
  if (attribution?.ip) user.ip = attribution.ip
  if (attribution?.userAgent) user.user_agent = attribution.userAgent
  return {
    event_source: 'web',
    event_source_id: pixel.pixelId,
    ...(testEventCode ? { test_event_code: testEventCode } : {}),
    data: [
      {
        event: EVENT_NAMES.tiktok[event.moment as ConversionMoment],
        event_time: Math.floor(event.createdAt.getTime() / 1000),
        event_id: event.eventId,
        user,
        ...(attribution?.pageUrl ? { page: { url: attribution.pageUrl } } : {}),
        properties: {
          contents: lines.map((line) => ({ content_id: line.sku, content_type: 'product', content_name: line.nameFr, quantity: line.quantity, price: line.unitPrice })),
          value: order.total,
          currency: 'DZD',
        },
      },
    ],
  }
}

/**
 * A platform's refusal. Its own trouble (5xx, quotas) is retried by the job queue (the event id makes a repeat
 * harmless); a refused request (bad token, bad field) is not: it would be refused again.
 */
export class ConversionSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message)
    this.name = 'ConversionSendError'
  }
}

async function post(deps: SendDeps, url: string, headers: Record<string, string>, body: unknown): Promise<unknown> {
  const reply = await (deps.fetch ?? fetch)(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  })
  const text = await reply.text()
  if (!reply.ok) throw new ConversionSendError(`${reply.status} ${text.slice(0, 300)}`, reply.status >= 500 || reply.status === 429)
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

/** Sends one queued event (the job's work); a second run of a sent event does nothing. */
export async function sendConversion(deps: SendDeps, id: number): Promise<SendResult> {
  const now = deps.now?.() ?? new Date()
  const loaded = await loadEvent(deps.db, id)
  if (!loaded || loaded.event.status !== 'queued') return 'done-before'
  const refused = await refusal(deps.db, loaded, now)
  if (refused) {
    await deps.db
      .update(conversionEvents)
      .set({ status: 'skipped', reason: refused })
      .where(and(eq(conversionEvents.id, id), eq(conversionEvents.status, 'queued')))
    return 'skipped'
  }
  const { pixel } = loaded
  const token = deps.openSecret(pixel.accessToken as string)
  if (pixel.platform === 'facebook') {
    const url = `${deps.endpoints.metaGraphUrl.replace(/\/$/, '')}/${encodeURIComponent(pixel.pixelId)}/events?access_token=${encodeURIComponent(token)}`
    await post(deps, url, {}, metaPayload(loaded, pixel.testEventCode))
  } else {
    const reply = (await post(deps, deps.endpoints.tiktokEventsUrl, { 'Access-Token': token }, tiktokPayload(loaded, pixel.testEventCode))) as { code?: number; message?: string } | null
    // TikTok answers 200 with a code: 0 is success, 5xxxx its own trouble, 4xxxx a refused request
    if (reply?.code !== 0) throw new ConversionSendError(`TikTok code ${String(reply?.code)}: ${reply?.message ?? ''}`, (reply?.code ?? 50000) >= 50000)
  }
  await deps.db.update(conversionEvents).set({ status: 'sent', sentAt: sql`now()` }).where(eq(conversionEvents.id, id))
  return 'sent'
}
