import { createHash, randomInt, randomUUID } from 'node:crypto'
import type { Locale, ManualOrderSource, PlaceOrderInput, placedOrder } from '@shop/shared'
import { pickLocalized as localized } from '@shop/shared'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/app-error.ts'
import { countsOf, type LimitGroup, refuseOverLimit } from '../../plugins/rate-limit.ts'
import { matchVariants } from '../cart/cart.service.ts'
import { checkCoupon, type CouponRow, redeemCoupon } from '../coupons/coupons.service.ts'
import { riskOf } from '../customers/customers.service.ts'
import { deliveryQuoteOf } from '../shipping/shipping.service.ts'
import { findOrder, type OrderRow, orderReply, replyOf } from './order.read.ts'
import { confirmedBy, findIdempotencyKey, type FirstRequest, type KeyLookup, lockLines, orderRefusal, readQuote, takeStock, variantStock, writeOrder } from './order.repo.ts'

/** A priced line as an order line row: the product's names and the variant's details as the shopper saw them. */
export interface PricedLine {
  product: { id: string; nameAr: string; nameFr: string }
  variant: { id: string; image: string | null; size: string; color: string; sku: string }
  unitPrice: number
  quantity: number
}

export function orderLineRow(orderId: string, line: PricedLine) {
  return {
    orderId,
    productId: line.product.id,
    variantId: line.variant.id,
    nameAr: line.product.nameAr,
    nameFr: line.product.nameFr,
    image: line.variant.image,
    size: line.variant.size,
    color: line.variant.color,
    sku: line.variant.sku,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    lineTotal: line.unitPrice * line.quantity,
  }
}

export interface OrderContext {
  clientId: string | null
  guestSessionId: string | null
  idempotencyKey: string | null
  locale: Locale
  /**
   * More writes of a new order in its own transaction, after every check passed (the confirmation e-mail's
   * job): written with the order or not at all. Not called for a replay.
   */
  afterInsert?: (tx: Db, order: OrderRow) => Promise<void>
  /**
   * The request holding the idempotency key, when the caller has looked it up already (firstRequestOf, as the
   * routes do when the rate limits are counted on Redis): null when none holds it. Left out, the quote's own
   * statement looks it up.
   */
  firstRequest?: FirstRequest | null
  /** Rate limits to count with the quote, in its statement (app.rateLimitGroups): 429 before any other refusal. */
  rateLimits?: LimitGroup[]
}

const TRACKING_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'

/** KH + 8 characters without look-alikes (0/O, 1/I): easy to read out on the phone. */
export function newTrackingNumber(): string {
  let out = 'KH'
  for (let i = 0; i < 8; i++) out += TRACKING_ALPHABET[randomInt(TRACKING_ALPHABET.length)]
  return out
}

function requestHash(input: PlaceOrderInput): string {
  const { totalAmount: _shown, ...meaning } = input
  return createHash('sha256').update(JSON.stringify(meaning)).digest('hex')
}

/** Whose idempotency keys these are: a client's, or a guest session's. */
function idempotencyScope(ctx: Pick<OrderContext, 'clientId' | 'guestSessionId'>): string {
  return ctx.clientId ? `client:${ctx.clientId}` : `guest:${ctx.guestSessionId ?? 'none'}`
}

export type { FirstRequest }

/** The request that holds this request's idempotency key (null: none, or the request has no key). */
export async function firstRequestOf(db: Db, ctx: Pick<OrderContext, 'clientId' | 'guestSessionId' | 'idempotencyKey'>): Promise<FirstRequest | null> {
  return ctx.idempotencyKey ? findIdempotencyKey(db, idempotencyScope(ctx), ctx.idempotencyKey) : null
}

/**
 * True when this request repeats one whose order is already placed (same key, same content): the reply
 * will be that order, so the request is not counted against the order rate limits.
 */
export function isOrderReplay(first: FirstRequest | null, input: PlaceOrderInput): boolean {
  return Boolean(first?.orderId && first.requestHash === requestHash(input))
}

type Quote = Awaited<ReturnType<typeof quoteOrder>>

/** What an order is priced from: its lines, its place and delivery type, its payment method and phone. */
export type PricingInput = Pick<PlaceOrderInput, 'items' | 'wilayaCode' | 'communeId' | 'deliveryType' | 'paymentMethod'> & {
  customer: { phone: string }
}

/** What the quote's statement read (readQuote). */
type QuoteRead = Awaited<ReturnType<typeof readQuote>>

/**
 * The order's lines, subtotal and delivery fee, priced by the server from today's catalogue and fees with
 * the shop's rules (place, payment method, variants, anti-hoarding limits). One statement reads the
 * settings, the place, the delivery price and every line's variants (readQuote). Checkout prices every
 * line at the product's price; an edited order keeps the price of a variant it already had (`keptPrices`,
 * variant id to unit price), and a new or changed variant gets the product's current price.
 */
export async function priceOrder(
  db: Db,
  input: PricingInput,
  ctx: Pick<OrderContext, 'locale' | 'rateLimits'>,
  keptPrices?: ReadonlyMap<string, number>,
) {
  return pricedFrom(await readPricing(db, input, ctx), input, ctx, keptPrices)
}

/** priceOrder's statement (readQuote), and its 429 when a rate limit it counted is over. With `key`, it also reads the key's holder. */
async function readPricing(db: Db, input: PricingInput, ctx: Pick<OrderContext, 'rateLimits'>, key: KeyLookup | null = null): Promise<QuoteRead> {
  const read = await readQuote(db, {
    communeId: input.communeId,
    wilayaCode: input.wilayaCode,
    deliveryType: input.deliveryType,
    productIds: [...new Set(input.items.map((l) => l.productId))],
    phone: input.customer.phone,
    limits: ctx.rateLimits,
    key,
  })
  if (ctx.rateLimits) refuseOverLimit(ctx.rateLimits, countsOf(ctx.rateLimits, read.hits ?? []))
  return read
}

/** priceOrder's rules, applied to what its statement read. */
function pricedFrom(read: QuoteRead, input: PricingInput, ctx: Pick<OrderContext, 'locale'>, keptPrices?: ReadonlyMap<string, number>) {
  const { settings, commune } = read
  if (input.wilayaCode > settings.wilayaDivision) throw new AppError('COMMUNE_NOT_IN_WILAYA')
  const communeWilaya = settings.wilayaDivision === 58 ? commune?.wilayaCode58 : commune?.wilayaCode
  if (!commune || communeWilaya !== input.wilayaCode) throw new AppError('COMMUNE_NOT_IN_WILAYA')
  if (input.paymentMethod === 'bank_transfer' && !settings.bankDetails) throw new AppError('PAYMENT_METHOD_UNAVAILABLE')
  if (input.paymentMethod === 'ccp' && !settings.ccpDetails) throw new AppError('PAYMENT_METHOD_UNAVAILABLE')

  const resolved = matchVariants(read.variants, input.items)
  const lines = resolved.map(({ product, variant }, i) => ({
    product,
    variant,
    quantity: input.items[i]?.quantity ?? 0,
    unitPrice: keptPrices?.get(variant.id) ?? product.price,
    priceKept: keptPrices?.has(variant.id) ?? false,
  }))
  // the same variant asked for twice (e.g. size given once, left out once) is one line
  const byVariant = new Map<string, (typeof lines)[number]>()
  for (const line of lines) {
    const existing = byVariant.get(line.variant.id)
    if (existing) existing.quantity += line.quantity
    else byVariant.set(line.variant.id, { ...line })
  }
  const merged = [...byVariant.values()].sort((a, b) => (a.variant.id < b.variant.id ? -1 : 1))
  // anti-hoarding rules of the shop (settings): units of one item, then units in all
  for (const line of merged) {
    if (line.quantity > settings.maxLineQuantity) {
      const name = localized(line.product.nameAr, line.product.nameFr, ctx.locale)
      throw new AppError('ORDER_LINE_LIMIT', {
        params: { limit: settings.maxLineQuantity, name },
        data: { productId: line.product.id, limit: settings.maxLineQuantity },
      })
    }
  }
  const units = merged.reduce((sum, line) => sum + line.quantity, 0)
  if (units > settings.maxOrderQuantity) {
    throw new AppError('ORDER_QUANTITY_LIMIT', { params: { limit: settings.maxOrderQuantity }, data: { limit: settings.maxOrderQuantity } })
  }
  const subtotal = merged.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0)

  const fee = deliveryQuoteOf(input.wilayaCode, input.deliveryType, read.delivery, settings)
  if (fee.price === null) throw new AppError('NO_STOPDESK')
  return { settings, commune, wilaya: read.wilaya, lines: merged, subtotal, deliveryFee: fee.price, riskFacts: read.riskFacts }
}

/** The order priced (pricedFrom what readPricing read) with its coupon, which must apply: checkout refuses an order whose coupon does not. */
async function quoteOrder(db: Db, read: QuoteRead, input: PlaceOrderInput, ctx: OrderContext) {
  const priced = pricedFrom(read, input, ctx)
  let coupon: CouponRow | null = null
  let discount = 0
  if (input.couponCode) {
    const checked = await checkCoupon(db, input.couponCode, priced.subtotal, { phone: input.customer.phone, clientId: ctx.clientId }, ctx.locale)
    coupon = checked.coupon
    discount = checked.discount
  }
  const total = priced.subtotal - discount + priced.deliveryFee
  // the phone's risk from the shop's own history (packages/shared/src/risk.ts): a very high risk is refused cash on
  // delivery with a neutral message (paid in advance it may still order), or kept on hold, as the shop's settings
  // say; a blacklisted phone is refused whatever the payment
  const risk = riskOf(priced.riskFacts, priced.settings, { total })
  if (risk.action === 'refuse' && (input.paymentMethod === 'cash_on_delivery' || priced.riskFacts.blacklisted)) throw new AppError('ORDER_NOT_ACCEPTED')
  return { ...priced, discount, total, coupon, onHold: risk.action === 'hold' }
}

/** The refusal of a line whose stock was short when the order took it, with the stock left now. */
export async function stockRefusal(db: Db, short: Pick<Quote['lines'][number], 'product' | 'variant'>, locale: Locale): Promise<AppError> {
  const stock = await variantStock(db, short.variant.id)
  const name = localized(short.product.nameAr, short.product.nameFr, locale)
  if (stock <= 0) return new AppError('OUT_OF_STOCK', { params: { name }, data: { productId: short.product.id, stock: 0 } })
  return new AppError('QUANTITY_ABOVE_STOCK', { params: { stock }, data: { productId: short.product.id, stock } })
}

/**
 * Staff taking an order for a customer (a manual order): where it came from, the status it starts in
 * (confirmed when the customer confirmed while ordering) and who took it (its first history entry's).
 */
export interface OrderTaker {
  source: ManualOrderSource
  status: 'pending' | 'confirmed'
  staffId: string
}

export type PlacedOrder = { order: OrderRow; created: boolean; reply: z.input<typeof placedOrder> }

/**
 * Places an order: the idempotency key, the server's own quote, the stock of every variant (conditional
 * decrements, so two shoppers never get the same last unit), the coupon use, the order and its lines, its
 * first history entry, and the cart lines it came from, all written or none. The quote is read first, on
 * its own (readQuote, which also reads the key's holder and counts the rate limits). The order's statement
 * (writeOrder) then writes and checks everything else, locking the variants of an order of several in id
 * order, so an order without a coupon is that one statement, committed by itself, with no BEGIN and COMMIT
 * around it. Orders with a coupon (its use is counted between the order's insert and the stock), taken by
 * staff, with more writes after the insert (`afterInsert`), or placed inside a caller's transaction run in
 * a transaction of their own. Any refusal rolls all of it back. The reply is built from what was read and
 * written: nothing is read after the commit.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput, ctx: OrderContext, taker?: OrderTaker): Promise<PlacedOrder> {
  const hash = requestHash(input)
  // a replay of a placed order gets that order back, whatever the catalogue says now; the key's holder is
  // read by the quote's statement unless the caller has looked it up already
  if (ctx.firstRequest) return replayed(db, ctx.firstRequest, hash, ctx.locale)
  // the key this order claims (written with it), which the quote also looks up unless the caller has already
  const claim = ctx.idempotencyKey ? { scope: idempotencyScope(ctx), key: ctx.idempotencyKey, requestHash: hash } : null
  const read = await readPricing(db, input, ctx, ctx.firstRequest === undefined ? claim : null)
  if (read.first) return replayed(db, read.first, hash, ctx.locale)

  const quote = await quoteOrder(db, read, input, ctx)
  if (input.totalAmount !== undefined && input.totalAmount !== quote.total) {
    throw new AppError('PRICE_CHANGED', {
      data: {
        quote: {
          subtotal: quote.subtotal,
          discountAmount: quote.discount,
          shippingFee: quote.deliveryFee,
          totalAmount: quote.total,
          items: quote.lines.map((l) => ({ productId: l.product.id, variantId: l.variant.id, price: l.unitPrice, quantity: l.quantity })),
        },
      },
    })
  }

  const orderId = randomUUID()
  const lines = quote.lines.map((line) => ({ id: randomUUID(), ...orderLineRow(orderId, line) }))
  const stockLines = quote.lines.map((l) => ({ variantId: l.variant.id, productId: l.product.id, quantity: l.quantity }))
  const write = (tx: Db) =>
    writeOrder(tx, {
      order: {
        id: orderId,
        trackingNumber: newTrackingNumber(),
        locale: ctx.locale,
        clientId: ctx.clientId,
        guestSessionId: ctx.clientId ? null : ctx.guestSessionId,
        paymentMethod: input.paymentMethod,
        firstName: input.customer.firstName,
        lastName: input.customer.lastName,
        phone: input.customer.phone,
        email: input.customer.email,
        wilayaCode: input.wilayaCode,
        wilayaCode58: quote.commune.wilayaCode58,
        communeId: quote.commune.id,
        deliveryType: input.deliveryType,
        address: input.address,
        notes: input.notes,
        subtotal: quote.subtotal,
        discount: quote.discount,
        deliveryFee: quote.deliveryFee,
        total: quote.total,
        couponId: quote.coupon?.id ?? null,
        couponCode: quote.coupon?.code ?? null,
        onHold: quote.onHold,
        ...(taker ? { source: taker.source, status: taker.status } : {}),
      },
      placedBy: taker?.staffId ?? null,
      lines,
      idempotencyKey: claim,
      openOrdersLimit: quote.settings.maxOpenOrdersPerPhone,
      // An order "from the cart" must find its lines still in the cart. A double submit with new keys
      // waits on the first order's locks of those cart lines, then finds them gone: 422 CART_EMPTY, and
      // all it wrote rolls back (one order per cart, docs/reliability-test-plan.md B1.5).
      cartOwner: input.fromCart ? { clientId: ctx.clientId, guestSessionId: ctx.guestSessionId } : null,
      withStock: !quote.coupon,
    })

  let order: OrderRow
  try {
    const alone = !quote.coupon && !taker && !ctx.afterInsert && !insideTransaction(db)
    order = alone
      ? await write(db)
      : await db.transaction(async (tx) => {
          const written = await write(tx)
          if (quote.coupon) {
            // the refusals after the statement's own (open orders, cart): the coupon's use, then the stock,
            // whose rows are locked in id order first, after the phone's lock, as the statement takes them
            await lockLines(tx, stockLines)
            await redeemCoupon(tx, quote.coupon, { orderId, phone: input.customer.phone, clientId: ctx.clientId, discount: quote.discount })
            const taken = await takeStock(tx, stockLines)
            const short = quote.lines.find((l) => !taken.has(l.variant.id))
            if (short) throw await stockRefusal(tx, short, ctx.locale)
          }
          if (taker?.status === 'confirmed') await confirmedBy(tx, orderId, taker.staffId)
          await ctx.afterInsert?.(tx, written)
          return written
        })
  } catch (error) {
    const refusal = orderRefusal(error)
    if (!refusal) throw error
    if (refusal.code === 'IDEMPOTENCY_REPLAY' && claim) {
      // the request that holds the key has committed (the statement's insert waited for it)
      return replayed(db, await findIdempotencyKey(db, claim.scope, claim.key), hash, ctx.locale)
    }
    if (refusal.code === 'OPEN_ORDERS_LIMIT') {
      const limit = quote.settings.maxOpenOrdersPerPhone
      throw new AppError('OPEN_ORDERS_LIMIT', { params: { limit }, data: { limit } })
    }
    if (refusal.code === 'CART_EMPTY') throw new AppError('CART_EMPTY')
    const short = quote.lines.find((l) => !refusal.taken.has(l.variant.id))
    if (refusal.code === 'STOCK_SHORT' && short) throw await stockRefusal(db, short, ctx.locale)
    throw error
  }

  const reply = replyOf(order, {
    items: [...lines].sort((a, b) => (a.id < b.id ? -1 : 1)),
    commune: quote.commune,
    wilaya: quote.wilaya ?? undefined,
    request: undefined,
    settings: quote.settings,
    locale: ctx.locale,
  })
  return { order, created: true, reply }
}

/** True for a caller's transaction (drizzle's transaction object), whose writes a refusal must not abort. */
function insideTransaction(db: Db): boolean {
  return db instanceof PgTransaction
}

/** The reply to a request whose idempotency key an earlier one holds: that request's order, when it is the same request. */
async function replayed(db: Db, first: FirstRequest | null, hash: string, locale: Locale): Promise<PlacedOrder> {
  if (!first || first.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED')
  const placed = first.orderId ? await findOrder(db, first.orderId) : null
  if (!placed) throw new AppError('IDEMPOTENCY_IN_PROGRESS')
  return { order: placed, created: false, reply: await orderReply(db, placed, locale) }
}
