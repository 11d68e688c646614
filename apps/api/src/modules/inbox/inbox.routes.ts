import { contactBody, created, type Locale, newsletterBody, receivedReply } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { addSubscription, insertContactMessage } from './inbox.repo.ts'

/** The newsletter form and the contact form store what they receive for staff (no fake UI). */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()

  api.post('/newsletter', { schema: { tags: ['contact'], summary: 'Subscribe an e-mail to the newsletter', body: newsletterBody, response: created(receivedReply) } }, async (request, reply) => {
    await app.rateLimit('SIGNUP', request)
    await addSubscription(app.db, request.body.email.toLowerCase(), request.locale satisfies Locale)
    return reply.code(201).ok({}, 'success:newsletterSubscribed')
  })

  api.post('/contact', { schema: { tags: ['contact'], summary: 'Send a message to the shop', body: contactBody, response: created(receivedReply) } }, async (request, reply) => {
    await app.rateLimit('SIGNUP', request)
    await insertContactMessage(app.db, request.body)
    return reply.code(201).ok({}, 'success:contactReceived')
  })
}
