import { z } from 'zod'
import { ADDRESS_MAX, ADDRESS_MIN, personName, requiredPhone } from '../checkout.ts'
import { LOCALES } from '../locale.ts'
import { DELIVERY_TYPES, MAX_LINE_QUANTITY } from '../orders.ts'
import { count, timestamp, uuidText } from './http.ts'

/**
 * Abandoned quick orders ("drafts"): what a shopper filled on a product page's quick-order form (a name
 * and a valid mobile at least) and left without ordering, kept for the shop's call-back list.
 */

const variantPart = z.string().trim().max(40).nullish()
const placeCode = z.number().int().positive().max(100_000).nullish()

/** `POST /drafts`: saved (or replaced: one draft per phone and product) as the shopper types or leaves. */
export const draftBody = z.object({
  productId: uuidText,
  variantId: uuidText.nullish(),
  size: variantPart,
  color: variantPart,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY).default(1),
  firstName: personName.pipe(z.string().max(60)),
  /** Optional here: the shopper may have left before typing it (staff ask for it on the call). */
  lastName: z.union([z.literal(''), personName.pipe(z.string().max(60))]).nullish(),
  phone: requiredPhone,
  wilayaCode: placeCode,
  communeId: placeCode,
  locale: z.enum(LOCALES).optional(),
})
export type DraftBody = z.input<typeof draftBody>
/** `saved` is false when nothing was kept (the product is gone, or this phone just ordered it). */
export const draftSavedReply = z.object({ saved: z.boolean() })

/** One row of the back office's call-back list (`GET /admin/drafts`). */
export const adminDraft = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  productSlug: z.string().nullable(),
  price: z.number().int(),
  variantId: z.string().nullable(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  quantity: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  wilayaCode: z.number().int().nullable(),
  wilayaName: z.string().nullable(),
  communeId: z.number().int().nullable(),
  communeName: z.string().nullable(),
  /** The shopper's language, for the call and the WhatsApp message. */
  locale: z.enum(LOCALES),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** When it leaves the list (updatedAt + the shop's draftExpiryHours). */
  expiresAt: timestamp,
})
export type AdminDraft = z.output<typeof adminDraft>
export const adminDraftsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
})
export const adminDraftList = z.object({ drafts: z.array(adminDraft), currentPage: count, totalPages: count, total: count })
export type AdminDraftList = z.output<typeof adminDraftList>
export const adminDraftParams = z.object({ id: z.string() })

/**
 * `POST /admin/drafts/:id/order`: what the call filled in. The order is placed by the same service as
 * the storefront's (prices, stock, limits, fee), cash on delivery.
 */
export const draftOrderBody = z
  .object({
    firstName: personName,
    lastName: personName,
    wilayaCode: z.number().int().positive(),
    communeId: z.number().int().positive(),
    deliveryType: z.enum(DELIVERY_TYPES, { error: 'validation:required' }),
    address: z.string().trim().max(ADDRESS_MAX, 'validation:address.length').nullish(),
    quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
    size: variantPart,
    color: variantPart,
  })
  .superRefine((body, ctx) => {
    if (body.deliveryType === 'domicil' && (!body.address || body.address.length < ADDRESS_MIN))
      ctx.addIssue({ code: 'custom', message: 'validation:address.length', path: ['address'] })
  })
export type DraftOrderBody = z.input<typeof draftOrderBody>
export const draftOrderReply = z.object({ order: z.object({ _id: z.string(), trackingNumber: z.string(), totalAmount: z.number().int() }) })
