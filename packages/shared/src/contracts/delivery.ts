import { z } from 'zod'

/** Delivery prices (back office, `/admin/delivery-prices`). */

const fee = z.number().int().min(0).max(1_000_000)

export const wilayaCodeParams = z.object({ wilayaCode: z.coerce.number().int().min(1).max(99) })

/** The fees of a wilaya without a row of its own. */
export const deliveryDefaults = z.object({ home: fee, stopdesk: fee, return: fee })
export type DeliveryDefaults = z.output<typeof deliveryDefaults>

/** `PUT /admin/delivery-prices/:wilayaCode` (stopdesk null: no stop desk there). */
export const wilayaPricesBody = z.object({ domicil: fee, stopdesk: fee.nullable(), returnPrice: fee })

/** One wilaya of the table; without a row of its own (`hasRow` false) it uses the defaults. */
export const wilayaPrice = z.object({
  code: z.number().int(),
  name: z.string(),
  nameAr: z.string().optional(),
  nameFr: z.string().optional(),
  /** null when the wilaya has no row of its own. */
  domicil: z.number().int().nullable(),
  stopdesk: z.number().int().nullable(),
  returnPrice: z.number().int(),
  hasRow: z.boolean(),
})
export type WilayaPrice = z.output<typeof wilayaPrice>

export const deliveryTable = z.object({ division: z.number().int(), defaults: deliveryDefaults, wilayas: z.array(wilayaPrice) })
export type DeliveryTable = z.output<typeof deliveryTable>

export const deliveryDefaultsReply = z.object({ defaults: deliveryDefaults })
/** What `PUT /admin/delivery-prices/:wilayaCode` saved (the names are the table's). */
export const wilayaPriceReply = z.object({ wilaya: wilayaPrice.omit({ name: true, nameAr: true, nameFr: true }) })
