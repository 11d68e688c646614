import { deliveryQuote, deliveryQuoteQuery, ok, wilayaFees, wilayaFeesParams } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../http/app-error.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { getShopSettings } from '../settings/settings.repo.ts'
import { findWilaya, quoteDelivery } from './shipping.service.ts'

export async function shippingRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()

  api.get(
    '/shipping/one',
    { schema: { tags: ['shipping'], summary: 'Delivery fee for a wilaya (code or name) and a delivery type', querystring: deliveryQuoteQuery, response: ok(deliveryQuote) } },
    async (request, reply) => {
      const settings = await getShopSettings(app.db)
      const wilaya = await findWilaya(app.db, request.query.wilaya, settings)
      if (!wilaya) throw new AppError('NOT_FOUND')
      const quote = await quoteDelivery(app.db, wilaya.code, request.query.type, settings)
      if (quote.price === null) throw new AppError('NO_STOPDESK')
      return reply.ok({
        price: quote.price,
        retourPrice: quote.returnPrice,
        wilaya: wilaya.code,
        type: quote.type,
        free: quote.price === 0,
      })
    },
  )

  api.get(
    '/shipping/wilaya/:code',
    {
      schema: {
        tags: ['shipping'],
        summary: 'Both delivery fees of a wilaya; stopdesk is null when it has no stop desk',
        params: wilayaFeesParams,
        response: ok(wilayaFees),
      },
    },
    async (request, reply) => {
      const settings = await getShopSettings(app.db)
      const wilaya = await findWilaya(app.db, request.params.code, settings)
      if (!wilaya) throw new AppError('NOT_FOUND')
      const [home, office] = await Promise.all([
        quoteDelivery(app.db, wilaya.code, 'domicil', settings),
        quoteDelivery(app.db, wilaya.code, 'stopdesk', settings),
      ])
      return reply.ok({ wilaya: wilaya.code, domicil: home.price ?? 0, stopdesk: office.price, retourPrice: home.returnPrice })
    },
  )
}
