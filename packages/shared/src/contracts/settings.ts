import { z } from 'zod'
import { emailAddress } from '../checkout.ts'
import { PAYMENT_METHODS, WILAYA_DIVISIONS } from '../orders.ts'
import { dzMobile, dzShopPhone } from '../phone.ts'
import { VERY_HIGH_RISK_ACTIONS } from '../risk.ts'
import { optionalText, timestamp } from './http.ts'

/** Shop settings: the storefront's `GET /settings`, the owner's `/admin/settings`. */

const fee = z.number().int().min(0).max(1_000_000)
const division = z.union(WILAYA_DIVISIONS.map((d) => z.literal(d)) as [z.ZodLiteral<58>, z.ZodLiteral<69>])
const localizedText = z.object({ ar: z.string(), fr: z.string() })
const nullableText = z.object({ ar: z.string().nullable(), fr: z.string().nullable() })

/** The shop's order rules; the API refuses orders above them. */
export const shopOrderLimits = z.object({ maxLineQuantity: z.number().int(), maxOrderQuantity: z.number().int(), maxOpenOrdersPerPhone: z.number().int() })

/** `GET /settings`: the shop's name, logo, contacts, payment methods and order rules, for shoppers. */
export const shopSettings = z.object({
  name: localizedText,
  /** `/media/...`, or null without a logo. */
  logo: z.string().nullable(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  email: z.string().nullable(),
  address: nullableText,
  wilayaDivision: z.number().int(),
  /** Account details shown to shoppers who pick bank transfer or CCP; null when the shop does not take them. */
  bankDetails: z.string().nullable(),
  ccpDetails: z.string().nullable(),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  orderLimits: shopOrderLimits,
})
export type ShopSettings = z.output<typeof shopSettings>
export const shopSettingsReply = z.object({ settings: shopSettings })
/** `GET /settings/logo`. */
export const shopLogoReply = z.object({ logo: z.string().nullable() })

/** A phone setting: empty clears it, anything else must pass `rule` (stored normalised). */
const phoneSetting = (rule: typeof dzShopPhone | typeof dzMobile) =>
  z
    .string()
    .max(30)
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value.trim() === '') return value === undefined ? undefined : null
      const parsed = rule.safeParse(value)
      if (parsed.success) return parsed.data
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'validation:invalid' })
      return z.NEVER
    })

/** `PATCH /admin/settings`: the fields sent change, the others stay. */
export const shopSettingsBody = z.object({
  nameAr: z.string().trim().min(1).max(100).optional(),
  nameFr: z.string().trim().min(1).max(100).optional(),
  // The shared rules: an Algerian mobile or landline for the shop, a mobile for WhatsApp ("12345" is refused).
  phone: phoneSetting(dzShopPhone),
  whatsapp: phoneSetting(dzMobile),
  email: z.union([emailAddress, z.literal('')]).nullable().optional(),
  addressAr: optionalText(300),
  addressFr: optionalText(300),
  bankDetails: optionalText(1000),
  ccpDetails: optionalText(1000),
  defaultHomeFee: fee.optional(),
  defaultStopdeskFee: fee.optional(),
  defaultReturnFee: fee.optional(),
  wilayaDivision: division.optional(),
  /** Anti-hoarding order rules: units of one item per order, units per order, unconfirmed orders per phone. */
  maxLineQuantity: z.number().int().min(1).max(1000).optional(),
  maxOrderQuantity: z.number().int().min(1).max(10000).optional(),
  maxOpenOrdersPerPhone: z.number().int().min(1).max(100).optional(),
  /** Hours an abandoned quick order stays on the call-back list (1 hour to 30 days). */
  draftExpiryHours: z.number().int().min(1).max(720).optional(),
  /** Risk rules: the amount a phone never delivered to must stay under, orders in 24 h, what each level does. */
  riskHighAmount: z.number().int().min(0).max(10_000_000).optional(),
  riskRecentOrders: z.number().int().min(2).max(50).optional(),
  riskTrustedMaySkipCall: z.boolean().optional(),
  riskHighMustCall: z.boolean().optional(),
  riskVeryHighAction: z.enum(VERY_HIGH_RISK_ACTIONS).optional(),
})

/** The owner's view of the settings (`/admin/settings`). */
export const adminShopSettings = z.object({
  nameAr: z.string(),
  nameFr: z.string(),
  logo: z.string().nullable(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  email: z.string().nullable(),
  addressAr: z.string().nullable(),
  addressFr: z.string().nullable(),
  bankDetails: z.string().nullable(),
  ccpDetails: z.string().nullable(),
  defaultHomeFee: z.number().int(),
  defaultStopdeskFee: z.number().int(),
  defaultReturnFee: z.number().int(),
  wilayaDivision: z.number().int(),
  maxLineQuantity: z.number().int(),
  maxOrderQuantity: z.number().int(),
  maxOpenOrdersPerPhone: z.number().int(),
  draftExpiryHours: z.number().int(),
  riskHighAmount: z.number().int(),
  riskRecentOrders: z.number().int(),
  riskTrustedMaySkipCall: z.boolean(),
  riskHighMustCall: z.boolean(),
  riskVeryHighAction: z.enum(VERY_HIGH_RISK_ACTIONS),
  updatedAt: timestamp,
})
export type AdminShopSettings = z.output<typeof adminShopSettings>
export const adminShopSettingsReply = z.object({ settings: adminShopSettings })
