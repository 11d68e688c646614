import { z } from 'zod'
import { normalizeCouponCode } from '../checkout.ts'
import { COUPON_TYPES } from '../orders.ts'
import { count, isoDateTime, paging, pagingQuery, timestamp } from './http.ts'

/** Coupons: the checkout's check (`/coupons/client/...`) and the back office (`/admin/coupons`). */

const couponCode = z
  .string({ error: 'validation:required' })
  .max(64)
  .transform(normalizeCouponCode)
  .pipe(z.string().min(3, 'validation:required').max(32))
const orderAmount = z.number().int().min(0).max(100_000_000)
/** The phone typed at checkout: a customer's uses are counted by phone and by account. */
const checkoutPhone = z.string().max(32).optional()

/** `POST /coupons/client/validate` */
export const validateCouponBody = z.object({ code: couponCode, orderAmount, phone: checkoutPhone })
/** `POST /coupons/client/apply`: without `orderAmount`, the caller's cart subtotal. */
export const applyCouponBody = z.object({ couponCode, orderAmount: orderAmount.optional(), phone: checkoutPhone })
/** `DELETE /coupons/client/remove` */
export const removeCouponBody = z.object({ couponCode: z.string().max(64).optional() }).optional()

/** A coupon as the storefront sees it (`discount`: percent or dinars, after `type`). */
export const shopperCoupon = z.object({
  code: z.string(),
  type: z.enum(COUPON_TYPES),
  discount: count,
  minOrderAmount: count,
  maxUses: count.nullable(),
  expiresAt: timestamp.nullable(),
})
export type ShopperCoupon = z.output<typeof shopperCoupon>

export const couponCheckReply = z.object({
  coupon: shopperCoupon,
  orderSummary: z.object({ discountAmount: count, finalAmount: count }),
})
export const couponApplyReply = z.object({ coupon: shopperCoupon, appliedDiscount: count, finalTotal: count })
export const couponRemovedReply = z.object({ appliedDiscount: z.literal(0), couponCode: z.null() })
export const openCouponsReply = z.object({ coupons: z.array(shopperCoupon) })

// ---------------------------------------------------------------- back office

const couponFields = {
  code: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{3,32}$/, 'validation:invalid')),
  type: z.enum(COUPON_TYPES),
  value: z.number().int().min(1).max(100_000_000),
  minOrder: z.number().int().min(0).max(100_000_000).optional(),
  maxUses: z.number().int().min(1).max(10_000_000).nullable().optional(),
  perCustomerLimit: z.number().int().min(1).max(1000).optional(),
  startsAt: isoDateTime.nullable().optional(),
  expiresAt: isoDateTime.nullable().optional(),
  isActive: z.boolean().optional(),
}
/** `POST /admin/coupons` (the code is upper-cased). */
export const couponBody = z.object(couponFields)
export type CouponBody = z.input<typeof couponBody>
/** `PATCH /admin/coupons/:id`: the fields sent change, the others stay. */
export const couponPatchBody = couponBody.partial()
export const couponListQuery = z.object({ search: z.string().trim().max(32).optional(), ...pagingQuery(50) })

/** A coupon as the back office manages it. */
export const adminCoupon = z.object({
  _id: z.string(),
  code: z.string(),
  type: z.enum(COUPON_TYPES),
  value: count,
  minOrder: count,
  maxUses: count.nullable(),
  usedCount: count,
  perCustomerLimit: count,
  startsAt: timestamp.nullable(),
  expiresAt: timestamp.nullable(),
  isActive: z.boolean(),
  createdAt: timestamp,
})
export type AdminCoupon = z.output<typeof adminCoupon>

export const couponPage = z.object({ coupons: z.array(adminCoupon), ...paging })
/** A created (201) or changed coupon. */
export const couponReply = z.object({ coupon: adminCoupon })
/** A coupon some order used is only switched off (`deactivated`); one never used is gone (`deleted`). */
export const couponRemovalReply = z.object({ deleted: z.boolean(), deactivated: z.boolean() })
