import { ok, shopLogoReply, shopSettingsReply } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { getShopSettings } from './settings.repo.ts'

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  api.get('/settings', { schema: { tags: ['settings'], summary: 'Shop name, logo and contact details', response: ok(shopSettingsReply) } }, async (_request, reply) => {
    const s = await getShopSettings(app.db)
    return reply.ok({
      settings: {
        name: { ar: s.nameAr, fr: s.nameFr },
        logo: s.logoPath ? `/media/${s.logoPath}` : null,
        phone: s.phone,
        whatsapp: s.whatsapp,
        email: s.email,
        address: { ar: s.addressAr, fr: s.addressFr },
        wilayaDivision: s.wilayaDivision,
        // shown to shoppers who pick bank transfer or CCP
        bankDetails: s.bankDetails,
        ccpDetails: s.ccpDetails,
        paymentMethods: ['cash_on_delivery', ...(s.bankDetails ? (['bank_transfer'] as const) : []), ...(s.ccpDetails ? (['ccp'] as const) : [])],
        // the storefront's quantity steppers stop at maxLineQuantity; the API refuses orders above any of these
        orderLimits: { maxLineQuantity: s.maxLineQuantity, maxOrderQuantity: s.maxOrderQuantity, maxOpenOrdersPerPhone: s.maxOpenOrdersPerPhone },
      },
    })
  })

  api.get('/settings/logo', { schema: { tags: ['settings'], summary: 'Shop logo URL', response: ok(shopLogoReply) } }, async (_request, reply) => {
    const s = await getShopSettings(app.db)
    return reply.ok({ logo: s.logoPath ? `/media/${s.logoPath}` : null })
  })
}
