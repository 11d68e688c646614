import {
  adminOrderParams,
  blacklistBody,
  blacklistReply,
  created,
  customerCardReply,
  customerParams,
  customerQuery,
  mergeOrderBody,
  ok,
  orderPage,
} from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireUuid } from '../../http/admin-common.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import { getOrderDetail } from '../orders/orders.admin-repo.ts'
import { mergeOrders } from './customers.merge.ts'
import { addToBlacklist, blacklistEntries, customerCardOf, phoneParam, removeFromBlacklist } from './customers.service.ts'

/** The customer card (every staff role), the blacklist (owner and manager) and the merge of duplicate orders. */
export async function customerAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const staffOnly = requireStaff('orders.work')
  const managers = requireStaff('orders.manage')
  const tags = ['admin: customers']

  api.get(
    '/customers/:phone',
    {
      schema: {
        tags,
        summary: "A phone's customer card: its orders, counts by outcome, success rate, notes, duplicates of `orderId` and risk",
        params: customerParams,
        querystring: customerQuery,
        response: ok(customerCardReply),
      },
      onRequest: staffOnly,
    },
    async (request, reply) => {
      const phone = phoneParam(request.params.phone)
      const orderId = request.query.orderId ? requireUuid(request.query.orderId, 'ORDER_NOT_FOUND') : undefined
      return reply.ok({ customer: await customerCardOf(app.db, phone, orderId) })
    },
  )

  api.get('/blacklist', { schema: { tags, summary: 'Blacklisted phones, newest first (owner, manager)', response: ok(blacklistReply) }, onRequest: managers }, async (_request, reply) => {
    return reply.ok({ entries: await blacklistEntries(app.db) })
  })

  api.post(
    '/blacklist',
    { schema: { tags, summary: 'Blacklist a phone (or change its reason); kept in the audit log (owner, manager)', body: blacklistBody, response: created(blacklistReply) }, onRequest: managers },
    async (request, reply) => {
      await addToBlacklist(app.db, staffOf(request), request.body.phone, request.body.reason)
      return reply.code(201).ok({ entries: await blacklistEntries(app.db) })
    },
  )

  api.delete(
    '/blacklist/:phone',
    { schema: { tags, summary: 'Take a phone off the blacklist; kept in the audit log (owner, manager)', params: z.object({ phone: z.string().max(30) }), response: ok(blacklistReply) }, onRequest: managers },
    async (request, reply) => {
      await removeFromBlacklist(app.db, staffOf(request), phoneParam(request.params.phone))
      return reply.ok({ entries: await blacklistEntries(app.db) })
    },
  )

  api.post(
    '/orders/:id/merge',
    {
      schema: {
        tags,
        summary: "Merge another open order of the same phone into this one (lines, coupon, totals; the other is cancelled); both versions must match",
        params: adminOrderParams,
        body: mergeOrderBody,
        response: ok(orderPage),
      },
      onRequest: staffOnly,
    },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
      const fromOrderId = requireUuid(request.body.fromOrderId, 'ORDER_NOT_FOUND')
      const actor = staffOf(request)
      await mergeOrders(app.db, { intoOrderId: id, version: request.body.version, fromOrderId, fromVersion: request.body.fromVersion, actor })
      return reply.ok(await getOrderDetail(app.db, id, request.locale, actor.role))
    },
  )
}
