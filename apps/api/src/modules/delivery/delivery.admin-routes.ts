import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import { getDeliveryTable, setDefaultFees, setWilayaPrices } from './delivery.service.ts'

const fee = z.number().int().min(0).max(1_000_000)
const wilayaParams = z.object({ wilayaCode: z.coerce.number().int().min(1).max(99) })
const priceBody = z.object({ domicil: fee, stopdesk: fee.nullable(), returnPrice: fee })
const defaultsBody = z.object({ home: fee, stopdesk: fee, return: fee })

export async function deliveryAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin: delivery']
  const staffOnly = requireStaff('delivery')
  api.get('/delivery-prices', { schema: { tags, summary: "The price table in the shop's division, and the default fees" }, onRequest: staffOnly }, async (request, reply) => {
    return reply.ok(await getDeliveryTable(app.db, request.locale))
  })
  api.put('/delivery-prices/defaults', { schema: { tags, summary: 'Default fees for wilayas without a row', body: defaultsBody }, onRequest: staffOnly }, async (request, reply) => {
    await setDefaultFees(app.db, staffOf(request), request.body)
    return reply.ok({ defaults: request.body })
  })
  api.put(
    '/delivery-prices/:wilayaCode',
    { schema: { tags, summary: 'Prices of one wilaya (stopdesk null: no stop desk there)', params: wilayaParams, body: priceBody }, onRequest: staffOnly },
    async (request, reply) => {
      const code = request.params.wilayaCode
      await setWilayaPrices(app.db, staffOf(request), code, request.body)
      const { domicil, stopdesk, returnPrice } = request.body
      return reply.ok({ wilaya: { code, domicil, stopdesk, returnPrice, hasRow: true } })
    },
  )
}
