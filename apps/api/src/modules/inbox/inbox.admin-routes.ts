import {
  contactMessageBody,
  contactMessageListQuery,
  contactMessageListReply,
  contactMessageParams,
  contactMessageReply,
  csv,
  ok,
  subscriptionListQuery,
  subscriptionListReply,
} from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff } from '../../plugins/session.ts'
import { paged, requireUuid, sendCsv } from '../../http/admin-common.ts'
import type { ContactMessageRow } from './inbox.repo.ts'
import { listContactMessages, listSubscriptions, markMessageHandled, subscriptionsCsv } from './inbox.service.ts'

function messageReply(m: ContactMessageRow): z.input<typeof contactMessageReply>['message'] {
  return {
    _id: m.id,
    name: m.name,
    email: m.email,
    subject: m.subject,
    message: m.message,
    handled: m.handledAt !== null,
    handledAt: m.handledAt,
    createdAt: m.createdAt,
  }
}

/** The newsletter subscriptions and the contact form's messages. */
export async function inboxAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['admin: messages']
  const staffOnly = requireStaff('inbox')
  api.get('/newsletter', { schema: { tags, summary: 'Newsletter subscriptions, newest first', querystring: subscriptionListQuery, response: ok(subscriptionListReply) }, onRequest: staffOnly }, async (request, reply) => {
    const { page, limit } = request.query
    const { rows, total } = await listSubscriptions(app.db, page, limit)
    return reply.ok({
      subscriptions: rows.map((r) => ({ _id: r.id, email: r.email, locale: r.locale, createdAt: r.createdAt })),
      ...paged(total, page, limit),
    })
  })
  api.get('/newsletter/export.csv', { schema: { tags, summary: 'Every subscription as CSV', response: csv() }, onRequest: staffOnly }, async (_request, reply) => {
    return sendCsv(reply, 'newsletter.csv', await subscriptionsCsv(app.db))
  })
  api.get('/contact-messages', { schema: { tags, summary: 'Contact form messages, newest first', querystring: contactMessageListQuery, response: ok(contactMessageListReply) }, onRequest: staffOnly }, async (request, reply) => {
    const { page, limit } = request.query
    const { rows, total } = await listContactMessages(app.db, request.query)
    return reply.ok({ messages: rows.map(messageReply), ...paged(total, page, limit) })
  })
  api.patch('/contact-messages/:id', { schema: { tags, summary: 'Mark a message handled (or not)', params: contactMessageParams, body: contactMessageBody, response: ok(contactMessageReply) }, onRequest: staffOnly }, async (request, reply) => {
    const row = await markMessageHandled(app.db, requireUuid(request.params.id), request.body.handled)
    return reply.ok({ message: messageReply(row) })
  })
}
