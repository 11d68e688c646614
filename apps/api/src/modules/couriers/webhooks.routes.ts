import { nothing, ok } from '@shop/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../http/app-error.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import type { CourierAdapter, WebhookRequest } from './courier.ts'
import { applyCourierEvents } from './shipping.sync.ts'

const webhookParams = z.object({ accountId: z.string() })
/** The subscription check's answer is the courier's own shape (JSON or text), sent as it is. */
const challengeReply = { 200: { description: "The courier's subscription check answered", content: { 'application/json': { schema: z.unknown() } } } }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function webhookRequest(request: FastifyRequest): WebhookRequest {
  const query: Record<string, string | undefined> = {}
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    query[key] = typeof value === 'string' ? value : Array.isArray(value) ? String(value[0]) : undefined
  }
  return { headers: request.headers, query, rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0) }
}

/**
 * Couriers' status webhooks: `/couriers/:accountId/webhook`. No session and no CSRF check (plugins/session.ts
 * exempts this path): a POST is trusted only when signed with the account's webhook secret, checked on the raw
 * body before anything is parsed or written (401 otherwise). GET answers a subscription check (Yalidine's crc_token).
 */
export async function courierWebhookRoutes(app: FastifyInstance): Promise<void> {
  // the signature is computed over the exact bytes sent: every body stays raw in this scope
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['couriers']

  /** The account's webhook handling; 404 for an account the shop does not have or a courier without webhooks. */
  const webhookOf = async (accountId: string): Promise<{ adapter: CourierAdapter; webhook: NonNullable<CourierAdapter['webhook']> }> => {
    if (!UUID.test(accountId) || !(await app.couriers.account(accountId))) throw new AppError('NOT_FOUND')
    const adapter = await app.couriers.adapter(accountId)
    if (!adapter.webhook) throw new AppError('NOT_FOUND')
    return { adapter, webhook: adapter.webhook }
  }

  api.get(
    '/couriers/:accountId/webhook',
    { schema: { tags, summary: "A courier's webhook subscription check", params: webhookParams, response: challengeReply } },
    async (request, reply) => {
      const accountId = request.params.accountId.toLowerCase()
      await app.rateLimitKeys('WEBHOOK', [`account:${accountId}`])
      const { webhook } = await webhookOf(accountId)
      const answer = webhook.challenge?.(webhookRequest(request))
      // sent as text, never through a reply schema: the courier checks its own shape
      if (answer === undefined) return reply.code(200).type('text/plain').send('')
      return typeof answer === 'string' ? reply.type('text/plain').send(answer) : reply.type('application/json').send(JSON.stringify(answer))
    },
  )

  api.post(
    '/couriers/:accountId/webhook',
    { schema: { tags, summary: "A courier's parcel events, signed with the account's webhook secret", params: webhookParams, response: ok(nothing) } },
    async (request, reply) => {
      const accountId = request.params.accountId.toLowerCase()
      await app.rateLimitKeys('WEBHOOK', [`account:${accountId}`])
      const { webhook } = await webhookOf(accountId)
      const incoming = webhookRequest(request)
      const secret = await app.couriers.webhookSecret(accountId)
      if (!secret || !webhook.verify(incoming, secret)) throw new AppError('BAD_SIGNATURE')
      let events
      try {
        events = webhook.parse(incoming)
      } catch (error) {
        request.log.warn({ err: error, accountId }, 'courier webhook body not understood')
        throw new AppError('VALIDATION_FAILED')
      }
      await applyCourierEvents(app.db, accountId, events, 'webhook', request.log)
      return reply.ok(null)
    },
  )
}
