import { z } from 'zod'

/** Wilayas and communes of the division the shop shows (58 or 69), `/location/...`. Names come in both languages. */

/** `GET /location/states/:stateId/cities` */
export const wilayaIdParams = z.object({ stateId: z.coerce.number().int().min(1).max(99) })

export const wilaya = z.object({
  /** The wilaya's number. */
  _id: z.number().int(),
  /** '01'..'69' */
  code: z.string(),
  /** In the language asked for (Accept-Language). */
  name: z.string(),
  nameAr: z.string(),
  nameFr: z.string(),
})
export type Wilaya = z.output<typeof wilaya>

export const commune = z.object({
  _id: z.number().int(),
  name: z.string(),
  nameAr: z.string(),
  nameFr: z.string(),
  postalCode: z.string().nullable(),
})
export type Commune = z.output<typeof commune>

/** `division`: 58, or 69 when the shop shows the division of Law 26-06. */
export const wilayasReply = z.object({ states: z.array(wilaya), division: z.number().int() })
export const communesReply = z.object({ cities: z.array(commune) })
