import { callQueueNextReply, callQueueReply, type Locale, ok, type StaffRole } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import { getShopSettings } from '../settings/settings.repo.ts'
import { callQueueFields, listCallQueue, takeNextOrder } from './call-queue.repo.ts'
import { getOrderDetail } from './orders.admin-repo.ts'

/** The queue shows this many orders to call; the counts cover them all. */
const QUEUE_PAGE = 100

/** The order page of the order an agent works, with the queue's own fields. */
async function currentOrder(db: Db, orderId: string, locale: Locale, role: StaffRole) {
  const [page, queue] = await Promise.all([getOrderDetail(db, orderId, locale, role), callQueueFields(db, orderId)])
  return queue ? { ...page, ...queue } : null
}

export async function callQueueAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const agents = requireStaff('orders.work')
  const tags = ['admin: call queue']

  api.get(
    '/call-queue',
    { schema: { tags, summary: 'Orders to call now (callbacks due first, then oldest first) and the count of each bucket', response: ok(callQueueReply) }, onRequest: agents },
    async (request, reply) => reply.ok(await listCallQueue(app.db, request.locale, QUEUE_PAGE)),
  )

  api.post(
    '/call-queue/next',
    {
      schema: {
        tags,
        summary: 'Take the next order to call: held for the caller for the lease (the own orders first); null when the queue is empty',
        response: ok(callQueueNextReply),
      },
      onRequest: agents,
    },
    async (request, reply) => {
      const actor = staffOf(request)
      const { callLeaseMinutes } = await getShopSettings(app.db)
      const id = await takeNextOrder(app.db, actor.id, callLeaseMinutes)
      return reply.ok({ current: id ? await currentOrder(app.db, id, request.locale, actor.role) : null })
    },
  )
}
