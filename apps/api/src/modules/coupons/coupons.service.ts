import { formatPrice, type Locale } from '@shop/shared'
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { couponRedemptions, coupons } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'

export type CouponRow = typeof coupons.$inferSelect

/** Who uses a coupon: per_customer_limit uses per phone number and per client account (docs/decisions.md, Accounts and security; docs/storefront-spec.md §3). */
export interface CouponUser {
  phone?: string | null
  clientId?: string | null
}

export function discountFor(coupon: Pick<CouponRow, 'type' | 'value'>, amount: number): number {
  const raw = coupon.type === 'percentage' ? Math.floor((amount * Math.min(coupon.value, 100)) / 100) : coupon.value
  return Math.max(0, Math.min(raw, amount))
}

/**
 * The coupon for `code` if it can be used on an order of `amount` dinars by `user`, with its discount;
 * otherwise the refusal that says why: unknown, inactive, expired, minimum order, limit reached, already used.
 */
export async function checkCoupon(db: Db, code: string, amount: number, user: CouponUser, locale: Locale) {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, code.toUpperCase()), isNull(coupons.deletedAt)))
    .limit(1)
  if (!coupon) throw new AppError('COUPON_UNKNOWN')
  if (!coupon.isActive) throw new AppError('COUPON_INACTIVE')
  const now = Date.now()
  if (coupon.startsAt && coupon.startsAt.getTime() > now) throw new AppError('COUPON_INACTIVE')
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now) throw new AppError('COUPON_EXPIRED')
  if (amount < coupon.minOrder) {
    throw new AppError('COUPON_MIN_ORDER', { params: { amount: formatPrice(coupon.minOrder, locale) }, data: { minOrderAmount: coupon.minOrder } })
  }
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) throw new AppError('COUPON_LIMIT_REACHED')
  const owners = [
    user.phone ? eq(couponRedemptions.phone, user.phone) : undefined,
    user.clientId ? eq(couponRedemptions.clientId, user.clientId) : undefined,
  ].filter((c) => c !== undefined)
  if (owners.length > 0) {
    const [used] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), isNull(couponRedemptions.releasedAt), or(...owners)))
    if (Number(used?.n ?? 0) >= coupon.perCustomerLimit) throw new AppError('COUPON_ALREADY_USED')
  }
  return { coupon, discount: discountFor(coupon, amount) }
}

/**
 * Takes one use of the coupon inside the order's transaction. The conditional update holds the
 * maximum under concurrency (a CHECK backs it) and locks the coupon's row until the order commits, so
 * the customer's uses counted next (by phone and by account) include every order committed before:
 * two orders of one customer racing for the last allowed use are counted one after the other.
 */
export async function redeemCoupon(
  tx: Db,
  coupon: CouponRow,
  redemption: { orderId: string; phone: string; clientId: string | null; discount: number },
): Promise<void> {
  const taken = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1`, updatedAt: sql`now()` })
    .where(and(eq(coupons.id, coupon.id), sql`(${coupons.maxUses} is null or ${coupons.usedCount} < ${coupons.maxUses})`))
    .returning({ perCustomerLimit: coupons.perCustomerLimit })
  const [locked] = taken
  if (!locked) throw new AppError('COUPON_LIMIT_REACHED')
  const owners = [eq(couponRedemptions.phone, redemption.phone), redemption.clientId ? eq(couponRedemptions.clientId, redemption.clientId) : undefined]
  const [used] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, coupon.id), isNull(couponRedemptions.releasedAt), or(...owners)))
  if (Number(used?.n ?? 0) >= locked.perCustomerLimit) throw new AppError('COUPON_ALREADY_USED')
  await tx
    .insert(couponRedemptions)
    .values({ couponId: coupon.id, orderId: redemption.orderId, phone: redemption.phone, clientId: redemption.clientId, discount: redemption.discount })
}

/** A coupon as the storefront sees it (packages/shared/src/contracts/coupons.ts). */
export function shopperCoupon(coupon: CouponRow) {
  return {
    code: coupon.code,
    type: coupon.type,
    discount: coupon.value,
    minOrderAmount: coupon.minOrder,
    maxUses: coupon.maxUses,
    expiresAt: coupon.expiresAt,
  }
}
