import { z } from 'zod'
import { DELIVERY_TYPES } from '../orders.ts'
import { count } from './http.ts'

/** Delivery fees the checkout shows (`/shipping/...`), from the shop's price table; amounts are whole dinars. */

const wilayaCodeOrName = z.string().trim().min(1, 'validation:required').max(60)

/** `GET /shipping/one?wilaya=16&type=stopdesk`: a wilaya by code ("16", "016") or name (Arabic or French). */
export const deliveryQuoteQuery = z.object({ wilaya: wilayaCodeOrName, type: z.enum(DELIVERY_TYPES).default('domicil') })
/** `GET /shipping/wilaya/:code`: a code or a name, as in `deliveryQuoteQuery`. */
export const wilayaFeesParams = z.object({ code: wilayaCodeOrName })

/** The fee of one delivery type in one wilaya (`wilaya`: its code). */
export const deliveryQuote = z.object({
  price: count,
  retourPrice: count,
  wilaya: z.number().int(),
  type: z.enum(DELIVERY_TYPES),
  free: z.boolean(),
})
export type DeliveryQuote = z.output<typeof deliveryQuote>

/** Both fees of a wilaya (`wilaya`: its code); `stopdesk` null: no stop desk there, home delivery only. */
export const wilayaFees = z.object({ wilaya: z.number().int(), domicil: count, stopdesk: count.nullable(), retourPrice: count })
export type WilayaFees = z.output<typeof wilayaFees>
