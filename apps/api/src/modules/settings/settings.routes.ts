import type { FastifyInstance } from 'fastify'
import { getShopSettings } from './settings.repo.ts'

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/settings', { schema: { tags: ['settings'], summary: 'Shop name, logo and contact details' } }, async (_request, reply) => {
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
        paymentMethods: ['cash_on_delivery', ...(s.bankDetails ? ['bank_transfer'] : []), ...(s.ccpDetails ? ['ccp'] : [])],
        // the storefront's quantity steppers stop at maxLineQuantity; the API refuses orders above any of these
        orderLimits: { maxLineQuantity: s.maxLineQuantity, maxOrderQuantity: s.maxOrderQuantity, maxOpenOrdersPerPhone: s.maxOpenOrdersPerPhone },
      },
    })
  })

  app.get('/settings/logo', { schema: { tags: ['settings'], summary: 'Shop logo URL' } }, async (_request, reply) => {
    const s = await getShopSettings(app.db)
    return reply.ok({ logo: s.logoPath ? `/media/${s.logoPath}` : null })
  })
}
