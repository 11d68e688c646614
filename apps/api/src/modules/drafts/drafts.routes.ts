import { draftBody, draftSavedReply, ok } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { upsertDraft } from './drafts.repo.ts'

/**
 * `POST /drafts`: the product page's quick-order form keeps what the shopper typed (a name and a valid
 * mobile at least) so the shop may call back if they leave without ordering. Sent with fetch while typing
 * (at most one every few seconds) and with navigator.sendBeacon when the page is left; rate limited per
 * address and per phone (RATE_LIMIT_DRAFT).
 */
export async function draftRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  api.post(
    '/drafts',
    { schema: { tags: ['orders'], summary: 'Keep an unfinished quick order for a call-back (one per phone and product)', body: draftBody, response: ok(draftSavedReply) } },
    async (request, reply) => {
      const body = request.body
      await app.rateLimit('DRAFT', request, `phone:${body.phone}`)
      const saved = await upsertDraft(app.db, {
        productId: body.productId.toLowerCase(),
        variantId: body.variantId?.toLowerCase() ?? null,
        size: body.size || null,
        color: body.color || null,
        quantity: body.quantity,
        firstName: body.firstName,
        lastName: body.lastName ?? '',
        phone: body.phone,
        wilayaCode: body.wilayaCode ?? null,
        communeId: body.communeId ?? null,
        locale: body.locale ?? request.locale,
      })
      return reply.ok({ saved })
    },
  )
}
