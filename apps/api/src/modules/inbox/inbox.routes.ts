import { emailAddress, type Locale } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { addSubscription, insertContactMessage } from './inbox.repo.ts'

const newsletterBody = z.object({ email: emailAddress })
const contactBody = z.object({
  name: z.string().trim().min(2).max(100),
  email: emailAddress,
  subject: z.string().trim().min(5).max(100),
  message: z.string().trim().min(10).max(1000),
})

/** The newsletter form and the contact form store what they receive for staff (no fake UI). */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post('/newsletter', { schema: { tags: ['contact'], summary: 'Subscribe an e-mail to the newsletter', body: newsletterBody } }, async (request, reply) => {
    await app.rateLimit('SIGNUP', request)
    await addSubscription(app.db, request.body.email.toLowerCase(), request.locale satisfies Locale)
    return reply.code(201).ok({}, 'success:newsletterSubscribed')
  })

  api.post('/contact', { schema: { tags: ['contact'], summary: 'Send a message to the shop', body: contactBody } }, async (request, reply) => {
    await app.rateLimit('SIGNUP', request)
    await insertContactMessage(app.db, request.body)
    return reply.code(201).ok({}, 'success:contactReceived')
  })
}
