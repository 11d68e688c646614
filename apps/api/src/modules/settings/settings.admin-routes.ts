import { dzMobile, dzShopPhone, emailAddress, WILAYA_DIVISIONS } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import { optionalText, withoutUndefined } from '../../http/admin-common.ts'
import { readMultipart, requireFile, storeLogo } from '../../http/uploads.ts'
import { getShopSettings, type ShopSettingsRow } from './settings.repo.ts'
import { changeShopSettings, setShopLogo } from './settings.service.ts'

const fee = z.number().int().min(0).max(1_000_000)

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
const settingsBody = z.object({
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
  wilayaDivision: z.union(WILAYA_DIVISIONS.map((d) => z.literal(d)) as [z.ZodLiteral<58>, z.ZodLiteral<69>]).optional(),
  /** Anti-hoarding order rules: units of one item per order, units per order, unconfirmed orders per phone. */
  maxLineQuantity: z.number().int().min(1).max(1000).optional(),
  maxOrderQuantity: z.number().int().min(1).max(10000).optional(),
  maxOpenOrdersPerPhone: z.number().int().min(1).max(100).optional(),
})

const settingsReply = (s: ShopSettingsRow) => ({
  nameAr: s.nameAr,
  nameFr: s.nameFr,
  logo: s.logoPath ? `/media/${s.logoPath}` : null,
  phone: s.phone,
  whatsapp: s.whatsapp,
  email: s.email,
  addressAr: s.addressAr,
  addressFr: s.addressFr,
  bankDetails: s.bankDetails,
  ccpDetails: s.ccpDetails,
  defaultHomeFee: s.defaultHomeFee,
  defaultStopdeskFee: s.defaultStopdeskFee,
  defaultReturnFee: s.defaultReturnFee,
  wilayaDivision: s.wilayaDivision,
  maxLineQuantity: s.maxLineQuantity,
  maxOrderQuantity: s.maxOrderQuantity,
  maxOpenOrdersPerPhone: s.maxOpenOrdersPerPhone,
  updatedAt: s.updatedAt.toISOString(),
})

export async function settingsAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin: settings']
  const ownerOnly = requireStaff('settings')
  api.get('/settings', { schema: { tags, summary: 'Shop settings (owner)' }, onRequest: ownerOnly }, async (_request, reply) => {
    return reply.ok({ settings: settingsReply(await getShopSettings(app.db)) })
  })
  api.patch('/settings', { schema: { tags, summary: 'Change shop settings (owner)', body: settingsBody }, onRequest: ownerOnly }, async (request, reply) => {
    const values = withoutUndefined(request.body)
    for (const key of ['phone', 'whatsapp', 'email'] as const) if (values[key] === '') values[key] = null
    const row = await changeShopSettings(app.db, staffOf(request), values)
    return reply.ok({ settings: settingsReply(row) })
  })
  api.post(
    '/settings/logo',
    { schema: { tags, summary: 'Upload the logo (multipart "file", JPEG/PNG/WebP; stored as WebP within 512 px) (owner)', consumes: ['multipart/form-data'] }, onRequest: ownerOnly },
    async (request, reply) => {
      const name = await storeLogo(requireFile(await readMultipart(request)), app.config.mediaDir)
      return reply.ok({ settings: settingsReply(await setShopLogo(app.db, name)) })
    },
  )
}
