import { z } from 'zod'
import { count, queryBoolean } from './http.ts'

/** Copying a courier's fees into the shop's delivery prices, with the shop's margin (back office, `/admin/couriers/:id/fees`). */

/** The shop's margin on the courier's price: a fixed amount in DA, plus a percentage (rounded to 10 DA). */
const margin = z.coerce.number().int().min(0).max(100_000).default(0)
const marginPercent = z.coerce.number().min(0).max(500).default(0)

export const feeSyncQuery = z.object({
  margin,
  marginPercent,
  /** A wilaya the courier does not serve for a type becomes "not offered" (else its price is kept). */
  offerOnlyServed: queryBoolean.optional(),
})

export const FEE_SYNC_TYPES = ['domicil', 'stopdesk', 'return'] as const
export type FeeSyncType = (typeof FEE_SYNC_TYPES)[number]

const price = z.number().int().nullable()

/** One price of one wilaya: the shop's now (null: not offered), the courier's (null: not served), the proposed one. */
export const feeSyncRow = z.object({
  wilayaCode: z.number().int(),
  wilayaName: z.string(),
  type: z.enum(FEE_SYNC_TYPES),
  current: price,
  courier: price,
  proposed: price,
  changed: z.boolean(),
})
export type FeeSyncRow = z.infer<typeof feeSyncRow>

export const feeSyncPreviewReply = z.object({
  preview: z.object({
    rows: z.array(feeSyncRow),
    /** The wilayas with at least one changed price (what "apply" takes by default). */
    changedWilayas: z.array(z.number().int()),
  }),
})
export type FeeSyncPreview = z.infer<typeof feeSyncPreviewReply>['preview']

export const feeSyncApplyBody = z.object({
  margin,
  marginPercent,
  /** The wilayas to write; absent: every wilaya with a change. */
  wilayaCodes: z.array(z.number().int().min(1).max(99)).max(99).optional(),
  offerOnlyServed: z.boolean().default(false),
})
export type FeeSyncApplyBody = z.input<typeof feeSyncApplyBody>

export const feeSyncApplyReply = z.object({
  applied: z.object({ wilayas: count, prices: count }),
})
export type FeeSyncApplied = z.infer<typeof feeSyncApplyReply>['applied']
