import { adminShopSettingsReply, ok, shopSettingsBody } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import { withoutUndefined } from '../../http/admin-common.ts'
import { readMultipart, requireFile, storeLogo } from '../../http/uploads.ts'
import { getShopSettings, type ShopSettingsRow } from './settings.repo.ts'
import { changeShopSettings, setShopLogo } from './settings.service.ts'

const settingsReply = (s: ShopSettingsRow): z.input<typeof adminShopSettingsReply>['settings'] => ({
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
  draftExpiryHours: s.draftExpiryHours,
  riskHighAmount: s.riskHighAmount,
  riskRecentOrders: s.riskRecentOrders,
  riskTrustedMaySkipCall: s.riskTrustedMaySkipCall,
  riskHighMustCall: s.riskHighMustCall,
  riskVeryHighAction: s.riskVeryHighAction,
  updatedAt: s.updatedAt,
})

export async function settingsAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['admin: settings']
  const ownerOnly = requireStaff('settings')
  api.get('/settings', { schema: { tags, summary: 'Shop settings (owner)', response: ok(adminShopSettingsReply) }, onRequest: ownerOnly }, async (_request, reply) => {
    return reply.ok({ settings: settingsReply(await getShopSettings(app.db)) })
  })
  api.patch('/settings', { schema: { tags, summary: 'Change shop settings (owner)', body: shopSettingsBody, response: ok(adminShopSettingsReply) }, onRequest: ownerOnly }, async (request, reply) => {
    const values = withoutUndefined(request.body)
    for (const key of ['phone', 'whatsapp', 'email'] as const) if (values[key] === '') values[key] = null
    const row = await changeShopSettings(app.db, staffOf(request), values)
    return reply.ok({ settings: settingsReply(row) })
  })
  api.post(
    '/settings/logo',
    { schema: { tags, summary: 'Upload the logo (multipart "file", JPEG/PNG/WebP; stored as WebP within 512 px) (owner)', consumes: ['multipart/form-data'], response: ok(adminShopSettingsReply) }, onRequest: ownerOnly },
    async (request, reply) => {
      const name = await storeLogo(requireFile(await readMultipart(request)), app.config.mediaDir)
      return reply.ok({ settings: settingsReply(await setShopLogo(app.db, name)) })
    },
  )
}
