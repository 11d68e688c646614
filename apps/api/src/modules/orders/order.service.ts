import { createHash, randomInt } from 'node:crypto'
import type { Locale } from '@shop/shared'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  cartItems,
  carts,
  communes,
  idempotencyKeys,
  orderItems,
  orderStatusHistory,
  orders,
  products,
  variants,
} from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { pickLocalized as localized } from '@shop/shared'
import { resolveVariant } from '../cart/cart.service.ts'
import { checkCoupon, type CouponRow, redeemCoupon } from '../coupons/coupon.service.ts'
import { getShopSettings } from '../settings/settings.repo.ts'
import { quoteDelivery } from '../shipping/shipping.service.ts'
import type { PlaceOrderInput } from './order-input.ts'
import type { OrderRow } from './order.read.ts'

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
  const [first] = await db
    .select({ requestHash: idempotencyKeys.requestHash, orderId: idempotencyKeys.orderId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, idempotencyScope(ctx)), eq(idempotencyKeys.key, ctx.idempotencyKey)))
    .limit(1)
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

  const lines = []
  for (const item of input.items) {
    const { product, variant } = await resolveVariant(db, item.productId, item.size, item.color)
    lines.push({ product, variant, quantity: item.quantity })
  }
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
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ scope, key: ctx.idempotencyKey, requestHash: hash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
      if (claimed.length === 0) {
        // the first request with this key has committed (the insert above waited for it)
        const [first] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, ctx.idempotencyKey)))
        if (!first || first.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED')
        const [placed] = first.orderId ? await tx.select().from(orders).where(eq(orders.id, first.orderId)) : []
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
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order-phone:${phone}`}, 0))`)
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.phone, phone), eq(orders.status, 'pending')))
    if (Number(open?.n ?? 0) >= quote.settings.maxOpenOrdersPerPhone) {
      const limit = quote.settings.maxOpenOrdersPerPhone
      throw new AppError('OPEN_ORDERS_LIMIT', { params: { limit }, data: { limit } })
    }

    for (const line of quote.lines) {
      const taken = await tx
        .update(variants)
        .set({ stock: sql`${variants.stock} - ${line.quantity}`, updatedAt: sql`now()` })
        .where(and(eq(variants.id, line.variant.id), sql`${variants.stock} >= ${line.quantity}`))
        .returning({ stock: variants.stock })
      if (taken.length === 0) {
        const [now] = await tx.select({ stock: variants.stock }).from(variants).where(eq(variants.id, line.variant.id))
        const stock = now?.stock ?? 0
        const name = localized(line.product.nameAr, line.product.nameFr, ctx.locale)
        if (stock <= 0) throw new AppError('OUT_OF_STOCK', { params: { name }, data: { productId: line.product.id, stock: 0 } })
        throw new AppError('QUANTITY_ABOVE_STOCK', { params: { stock }, data: { productId: line.product.id, stock } })
      }
    }
    // Sold counts only after every variant is taken, product by product in id order: interleaving them
    // with the variant updates let two orders of sizes of one product lock in opposite orders (deadlock).
    const soldByProduct = new Map<string, number>()
    for (const line of quote.lines) soldByProduct.set(line.product.id, (soldByProduct.get(line.product.id) ?? 0) + line.quantity)
    for (const [productId, sold] of [...soldByProduct].sort(([a], [b]) => (a < b ? -1 : 1))) {
      await tx
        .update(products)
        .set({ soldCount: sql`${products.soldCount} + ${sold}` })
        .where(eq(products.id, productId))
    }

    const [order] = await tx
      .insert(orders)
      .values({
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
      .returning()
    if (!order) throw new Error('order insert returned nothing')

    const images = await tx.execute<{ product_id: string; path: string; color: string | null }>(
      sql`select product_id, path, color from product_images
          where product_id in (${sql.join(quote.lines.map((l) => sql`${l.product.id}`), sql`, `)})
          order by product_id, position`,
    )
    const imageRows = (images as unknown as { rows: { product_id: string; path: string; color: string | null }[] }).rows
    // each line keeps the photo of its own colour, else one of no colour in particular, else the first
    const imageOf = (productId: string, color: string): string | null => {
      const own = imageRows.filter((r) => r.product_id === productId)
      return (own.find((r) => r.color === color) ?? own.find((r) => r.color === null) ?? own[0])?.path ?? null
    }
    await tx.insert(orderItems).values(
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
    await tx.insert(orderStatusHistory).values({ orderId: order.id, fromStatus: null, toStatus: 'pending', clientId: ctx.clientId })
    if (quote.coupon) {
      await redeemCoupon(tx, quote.coupon, { orderId: order.id, phone: input.customer.phone, clientId: ctx.clientId, discount: quote.discount })
    }
    if (ctx.idempotencyKey) {
      await tx
        .update(idempotencyKeys)
        .set({ orderId: order.id })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, ctx.idempotencyKey)))
    }
    if (input.fromCart) {
      const owner = ctx.clientId ? eq(carts.clientId, ctx.clientId) : ctx.guestSessionId ? eq(carts.sessionId, ctx.guestSessionId) : undefined
      // An order "from the cart" must find its lines still in the cart. A double submit with new keys
      // waits here on the first order's row locks, then finds the lines gone: 422 CART_EMPTY, and its
      // stock decrements roll back (one order per cart, docs/reliability-test-plan.md B1.5).
      const removed = owner
        ? await tx
            .delete(cartItems)
            .where(
              and(
                inArray(cartItems.cartId, tx.select({ id: carts.id }).from(carts).where(owner)),
                inArray(cartItems.variantId, quote.lines.map((l) => l.variant.id)),
              ),
            )
            .returning({ id: cartItems.id })
        : []
      if (removed.length < quote.lines.length) throw new AppError('CART_EMPTY')
    }
    return { order, created: true }
  })
}
