import { confirmLinkBody, confirmLinkParams, confirmLinkReply, ok } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { answerConfirmLink, confirmLinkSummary, orderIdOfToken } from './confirm-link.service.ts'

/** The customer's confirmation link (`/confirm/:token` on the storefront reads and answers through these). */
export async function confirmLinkRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['orders']

  api.get(
    '/confirm/:token',
    { schema: { tags, summary: "The order a confirmation link names, as a summary; reading it changes nothing", params: confirmLinkParams, response: ok(confirmLinkReply) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const orderId = await orderIdOfToken(app.db, request.params.token)
      return reply.ok({ order: await confirmLinkSummary(app.db, orderId, request.locale) })
    },
  )

  api.post(
    '/confirm/:token',
    {
      schema: {
        tags,
        summary: "The customer's answer: confirm, ask for a change (with a note) or cancel; once (an order no longer pending is left as it is)",
        params: confirmLinkParams,
        body: confirmLinkBody,
        response: ok(confirmLinkReply),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const orderId = await orderIdOfToken(app.db, request.params.token)
      await app.rateLimit('CONFIRM_LINK', request, `order:${orderId}`)
      await answerConfirmLink(app.db, orderId, request.body.answer, request.body.note)
      return reply.ok({ order: await confirmLinkSummary(app.db, orderId, request.locale) })
    },
  )
}
