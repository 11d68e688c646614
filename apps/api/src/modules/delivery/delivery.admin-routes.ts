import {
  deliveryDefaults,
  deliveryDefaultsReply,
  deliveryTable,
  ok,
  wilayaCodeParams,
  wilayaPriceReply,
  wilayaPricesBody,
} from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import { getDeliveryTable, setDefaultFees, setWilayaPrices } from './delivery.service.ts'

export async function deliveryAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['admin: delivery']
  const staffOnly = requireStaff('delivery')
  api.get(
    '/delivery-prices',
    { schema: { tags, summary: "The price table in the shop's division, and the default fees", response: ok(deliveryTable) }, onRequest: staffOnly },
    async (request, reply) => reply.ok(await getDeliveryTable(app.db, request.locale)),
  )
  api.put(
    '/delivery-prices/defaults',
    { schema: { tags, summary: 'Default fees for wilayas without a row', body: deliveryDefaults, response: ok(deliveryDefaultsReply) }, onRequest: staffOnly },
    async (request, reply) => {
      await setDefaultFees(app.db, staffOf(request), request.body)
      return reply.ok({ defaults: request.body })
    },
  )
  api.put(
    '/delivery-prices/:wilayaCode',
    {
      schema: {
        tags,
        summary: 'Prices of one wilaya (stopdesk null: no stop desk there)',
        params: wilayaCodeParams,
        body: wilayaPricesBody,
        response: ok(wilayaPriceReply),
      },
      onRequest: staffOnly,
    },
    async (request, reply) => {
      const code = request.params.wilayaCode
      await setWilayaPrices(app.db, staffOf(request), code, request.body)
      const { domicil, stopdesk, returnPrice } = request.body
      return reply.ok({ wilaya: { code, domicil, stopdesk, returnPrice, hasRow: true } })
    },
  )
}
