import { courierIdParams, feeSyncApplyBody, feeSyncApplyReply, feeSyncPreviewReply, feeSyncQuery, ok } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import { applyFees, previewFees } from './fee-sync.service.ts'

/**
 * The courier's fees copied into the shop's delivery prices with a margin: the owner's (as the courier accounts).
 * Applying is a staff write under /api/v1/admin: the public cache drops its delivery fees on success (plugins/public-cache.ts).
 */
export async function feeSyncAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['admin: couriers']
  const ownerOnly = requireStaff('couriers')
  const adapterOf = (id: string) => app.couriers.adapter(id)

  api.get(
    '/couriers/:id/fees/preview',
    { schema: { tags, summary: "The shop's delivery prices against the courier's plus a margin (nothing written)", params: courierIdParams, querystring: feeSyncQuery, response: ok(feeSyncPreviewReply) }, onRequest: ownerOnly },
    async (request, reply) => {
      const { margin, marginPercent, offerOnlyServed } = request.query
      return reply.ok({ preview: await previewFees(app.db, request.params.id, adapterOf, { margin, marginPercent, offerOnlyServed: offerOnlyServed ?? false }, request.locale) })
    },
  )
  api.post(
    '/couriers/:id/fees/apply',
    { schema: { tags, summary: "Write the courier's prices plus the margin into the delivery prices (asks the courier again)", params: courierIdParams, body: feeSyncApplyBody, response: ok(feeSyncApplyReply) }, onRequest: ownerOnly },
    async (request, reply) => {
      // a successful staff write: the public cache (delivery fees included) is dropped as for a delivery price edit
      return reply.ok({ applied: await applyFees(app.db, staffOf(request), request.params.id, adapterOf, request.body, request.locale) })
    },
  )
}
