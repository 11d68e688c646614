import { createHash, randomInt } from 'node:crypto'
import type { Locale } from '@shop/shared'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { communes } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { pickLocalized as localized } from '@shop/shared'
import { resolveVariants } from '../cart/cart.service.ts'
import { checkCoupon, type CouponRow, redeemCoupon } from '../coupons/coupons.service.ts'
import { getShopSettings } from '../settings/settings.repo.ts'
import { quoteDelivery } from '../shipping/shipping.service.ts'
import type { PlaceOrderInput } from '@shop/shared'
import { findOrder, type OrderRow } from './order.read.ts'
import {
  addSoldCount,
  attachIdempotencyKey,
  claimIdempotencyKey,
  countPendingOrders,
  findIdempotencyKey,
  imagesOfProducts,
  insertOrder,
  insertOrderLines,
  insertPlacedEntry,
  lockPhone,
  removeCartLines,
  takeStock,
  variantStock,
} from './order.repo.ts'

export interface OrderContext {
  clientId: string | null
  guestSessionId: string | null
  idempotencyKey: string | null
  locale: Locale
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

/**
 * True when this request repeats one whose order is already placed (same key, same content): the reply
 * will be that order, so the request is not counted against the order rate limits.
 */
export async function isOrderReplay(db: Db, input: PlaceOrderInput, ctx: OrderContext): Promise<boolean> {
  if (!ctx.idempotencyKey) return false
  const first = await findIdempotencyKey(db, idempotencyScope(ctx), ctx.idempotencyKey)
  return Boolean(first?.orderId && first.requestHash === requestHash(input))
}

/** Everything the order will be made of, priced by the server from today's catalogue, fees and coupon. */
async function quoteOrder(db: Db, input: PlaceOrderInput, ctx: OrderContext) {
  const settings = await getShopSettings(db)
  if (input.wilayaCode > settings.wilayaDivision) throw new AppError('COMMUNE_NOT_IN_WILAYA')
  const [commune] = await db.select().from(communes).where(eq(communes.id, input.communeId)).limit(1)
  const communeWilaya = settings.wilayaDivision === 58 ? commune?.wilayaCode58 : commune?.wilayaCode
  if (!commune || communeWilaya !== input.wilayaCode) throw new AppError('COMMUNE_NOT_IN_WILAYA')
  if (input.paymentMethod === 'bank_transfer' && !settings.bankDetails) throw new AppError('PAYMENT_METHOD_UNAVAILABLE')
  if (input.paymentMethod === 'ccp' && !settings.ccpDetails) throw new AppError('PAYMENT_METHOD_UNAVAILABLE')

  // every line's product and variant in one query
  const resolved = await resolveVariants(db, input.items)
  const lines = resolved.map(({ product, variant }, i) => ({ product, variant, quantity: input.items[i]?.quantity ?? 0 }))
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
  const subtotal = merged.reduce((sum, line) => sum + line.product.price * line.quantity, 0)

  const fee = await quoteDelivery(db, input.wilayaCode, input.deliveryType, settings)
  if (fee.price === null) throw new AppError('NO_STOPDESK')

  let coupon: CouponRow | null = null
  let discount = 0
  if (input.couponCode) {
    const checked = await checkCoupon(db, input.couponCode, subtotal, { phone: input.customer.phone, clientId: ctx.clientId }, ctx.locale)
    coupon = checked.coupon
    discount = checked.discount
  }
  return {
    settings,
    commune,
    lines: merged,
    subtotal,
    discount,
    deliveryFee: fee.price,
    total: subtotal - discount + fee.price,
    coupon,
  }
}

/**
 * Places an order in one transaction: the idempotency key, the server's own quote, the stock of every
 * variant (conditional decrements in variant-id order, so two shoppers never get the same last unit),
 * the coupon use, the order and its lines, its first history entry, and the cart lines it came from.
 * Any refusal rolls all of it back. Returns the order id and whether it was created by this call.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput, ctx: OrderContext): Promise<{ order: OrderRow; created: boolean }> {
  const scope = idempotencyScope(ctx)
  const hash = requestHash(input)
  return db.transaction(async (tx) => {
    if (ctx.idempotencyKey) {
      if (!(await claimIdempotencyKey(tx, scope, ctx.idempotencyKey, hash))) {
        // the first request with this key has committed (the insert above waited for it)
        const first = await findIdempotencyKey(tx, scope, ctx.idempotencyKey)
        if (!first || first.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED')
        const placed = first.orderId ? await findOrder(tx, first.orderId) : null
        if (placed) return { order: placed, created: false }
        throw new AppError('IDEMPOTENCY_IN_PROGRESS')
      }
    }

    const quote = await quoteOrder(tx, input, ctx)
    if (input.totalAmount !== undefined && input.totalAmount !== quote.total) {
      throw new AppError('PRICE_CHANGED', {
        data: {
          quote: {
            subtotal: quote.subtotal,
            discountAmount: quote.discount,
            shippingFee: quote.deliveryFee,
            totalAmount: quote.total,
            items: quote.lines.map((l) => ({ productId: l.product.id, variantId: l.variant.id, price: l.product.price, quantity: l.quantity })),
          },
        },
      })
    }

    // Open (not yet confirmed) orders of this phone: counted under a lock of the phone, so two orders
    // sent at once cannot both see room for one more. Taken before any row lock, as every order does.
    const phone = input.customer.phone
    await lockPhone(tx, phone)
    if ((await countPendingOrders(tx, phone)) >= quote.settings.maxOpenOrdersPerPhone) {
      const limit = quote.settings.maxOpenOrdersPerPhone
      throw new AppError('OPEN_ORDERS_LIMIT', { params: { limit }, data: { limit } })
    }

    // the photos of the lines, read before any row of the order is locked
    const imageRows = await imagesOfProducts(tx, [...new Set(quote.lines.map((l) => l.product.id))])
    // each line keeps the photo of its own colour, else one of no colour in particular, else the first
    const imageOf = (productId: string, color: string): string | null => {
      const own = imageRows.filter((r) => r.productId === productId)
      return (own.find((r) => r.color === color) ?? own.find((r) => r.color === null) ?? own[0])?.path ?? null
    }

    const order = await insertOrder(tx, {
      trackingNumber: newTrackingNumber(),
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
    })
    await insertOrderLines(
      tx,
      quote.lines.map((line) => ({
        orderId: order.id,
        productId: line.product.id,
        variantId: line.variant.id,
        nameAr: line.product.nameAr,
        nameFr: line.product.nameFr,
        image: imageOf(line.product.id, line.variant.color),
        size: line.variant.size,
        color: line.variant.color,
        sku: line.variant.sku,
        unitPrice: line.product.price,
        quantity: line.quantity,
        lineTotal: line.product.price * line.quantity,
      })),
    )
    await insertPlacedEntry(tx, order.id, ctx.clientId)
    if (quote.coupon) {
      await redeemCoupon(tx, quote.coupon, { orderId: order.id, phone: input.customer.phone, clientId: ctx.clientId, discount: quote.discount })
    }
    if (ctx.idempotencyKey) {
      await attachIdempotencyKey(tx, scope, ctx.idempotencyKey, order.id)
    }
    if (input.fromCart) {
      // An order "from the cart" must find its lines still in the cart. A double submit with new keys
      // waits here on the first order's locks of those cart lines, then finds them gone: 422 CART_EMPTY,
      // and all it wrote rolls back (one order per cart, docs/reliability-test-plan.md B1.5).
      const removed = await removeCartLines(tx, ctx, quote.lines.map((l) => l.variant.id))
      if (removed < quote.lines.length) throw new AppError('CART_EMPTY')
    }

    // The stock last: the rows of the variants (the hot ones of a sale) stay locked only for this
    // statement, the sold counts and the commit. All lines in one statement, locked in variant-id order.
    const taken = await takeStock(tx, quote.lines.map((l) => ({ variantId: l.variant.id, quantity: l.quantity })))
    const short = quote.lines.find((l) => !taken.has(l.variant.id))
    if (short) {
      const stock = await variantStock(tx, short.variant.id)
      const name = localized(short.product.nameAr, short.product.nameFr, ctx.locale)
      if (stock <= 0) throw new AppError('OUT_OF_STOCK', { params: { name }, data: { productId: short.product.id, stock: 0 } })
      throw new AppError('QUANTITY_ABOVE_STOCK', { params: { stock }, data: { productId: short.product.id, stock } })
    }
    // Sold counts only after every variant is taken, product by product in id order: interleaving them
    // with the variant updates let two orders of sizes of one product lock in opposite orders (deadlock).
    const soldByProduct = new Map<string, number>()
    for (const line of quote.lines) soldByProduct.set(line.product.id, (soldByProduct.get(line.product.id) ?? 0) + line.quantity)
    for (const [productId, sold] of [...soldByProduct].sort(([a], [b]) => (a < b ? -1 : 1))) {
      await addSoldCount(tx, productId, sold)
    }
    return { order, created: true }
  })
}
