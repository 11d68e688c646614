import {
  ADDRESS_MAX,
  ADDRESS_MIN,
  customerInfoSchema,
  deliveryTypeSchema,
  normalizeCouponCode,
  optionalEmail,
  orderNotes,
  paymentMethodSchema,
} from '@shop/shared'
import { z } from 'zod'
import { uuidText } from '../../http/paging.ts'
import { MAX_LINE_QUANTITY } from '../cart/cart.service.ts'

const uuid = uuidText
const variantPart = z.string().trim().max(40).nullish()
/** Sent by clients and shown back to them, never used: the server prices every order itself. */
const ignoredAmount = z.unknown().optional()

const itemSchema = z
  .object({
    productId: uuid.optional(),
    product: z.union([uuid, z.object({ _id: uuid })]).optional(),
    quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
    size: variantPart,
    color: variantPart,
    price: ignoredAmount,
    priceAtPurchase: ignoredAmount,
  })
  .transform((item, ctx) => {
    const productId = item.productId ?? (typeof item.product === 'string' ? item.product : item.product?._id)
    if (!productId) {
      ctx.addIssue({ code: 'custom', message: 'validation:required', path: ['productId'] })
      return z.NEVER
    }
    return {
      productId: productId.toLowerCase(),
      quantity: item.quantity,
      size: item.size || undefined,
      color: item.color || undefined,
    }
  })

const placeId = z.union([z.number().int().positive(), z.string().trim().regex(/^\d{1,4}$/, 'validation:required').transform(Number)])

const addressSchema = z.object({
  stateId: placeId.optional(),
  wilayaId: placeId.optional(),
  cityId: placeId.optional(),
  communeId: placeId.optional(),
  type: deliveryTypeSchema,
  address: z.string().trim().max(ADDRESS_MAX, 'validation:address.length').nullish(),
})

/**
 * Every request shape of docs/storefront-spec.md §3 for creating an order (items/orderItems, stateId/wilayaId,
 * cityId/communeId, guestEmail/customerInfo.email) reduced to one.
 */
export const placeOrderBody = z
  .object({
    items: z.array(itemSchema).max(50).optional(),
    orderItems: z.array(itemSchema).max(50).optional(),
    customerInfo: customerInfoSchema,
    shippingAddress: addressSchema,
    paymentMethod: paymentMethodSchema.default('cash_on_delivery'),
    notes: orderNotes.nullish(),
    couponCode: z.string().max(64).nullish(),
    guestEmail: optionalEmail,
    totalAmount: z.number().int().min(0).max(1_000_000_000).optional(),
    source: z.enum(['cart', 'quick']).optional(),
    discountAmount: ignoredAmount,
    originalAmount: ignoredAmount,
  })
  .superRefine((body, ctx) => {
    const items = body.orderItems ?? body.items
    if (!items || items.length === 0) ctx.addIssue({ code: 'custom', message: 'validation:required', path: ['orderItems'] })
    const address = body.shippingAddress
    if ((address.wilayaId ?? address.stateId) === undefined)
      ctx.addIssue({ code: 'custom', message: 'validation:required', path: ['shippingAddress', 'wilayaId'] })
    if ((address.communeId ?? address.cityId) === undefined)
      ctx.addIssue({ code: 'custom', message: 'validation:required', path: ['shippingAddress', 'communeId'] })
    if (address.type === 'domicil' && (!address.address || address.address.length < ADDRESS_MIN))
      ctx.addIssue({ code: 'custom', message: 'validation:address.length', path: ['shippingAddress', 'address'] })
  })
  .transform((body) => {
    const lines = new Map<string, { productId: string; quantity: number; size?: string; color?: string }>()
    for (const item of body.orderItems ?? body.items ?? []) {
      const key = `${item.productId}|${item.size ?? ''}|${item.color ?? ''}`
      const existing = lines.get(key)
      if (existing) existing.quantity += item.quantity
      else lines.set(key, { ...item })
    }
    const code = body.couponCode ? normalizeCouponCode(body.couponCode) : ''
    return {
      items: [...lines.values()],
      customer: {
        firstName: body.customerInfo.firstName,
        lastName: body.customerInfo.lastName,
        phone: body.customerInfo.phone,
        email: body.customerInfo.email ?? body.guestEmail ?? null,
      },
      wilayaCode: (body.shippingAddress.wilayaId ?? body.shippingAddress.stateId) as number,
      communeId: (body.shippingAddress.communeId ?? body.shippingAddress.cityId) as number,
      deliveryType: body.shippingAddress.type,
      address: body.shippingAddress.address || null,
      paymentMethod: body.paymentMethod,
      notes: body.notes || null,
      couponCode: code.length > 0 ? code : null,
      totalAmount: body.totalAmount,
      fromCart: body.source === 'cart',
    }
  })

export type PlaceOrderInput = z.output<typeof placeOrderBody>
