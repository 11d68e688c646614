import { dashboardFigures as dashboardReply, ok, ORDER_STATUSES, type OrderStatus } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff } from '../../plugins/session.ts'
import { dashboardFigures } from './dashboard.repo.ts'

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  api.get(
    '/dashboard',
    { schema: { tags: ['admin'], summary: "Today's orders and revenue, calls to make, low stock", response: ok(dashboardReply) }, onRequest: requireStaff('dashboard') },
    async (_request, reply) => {
      const figures = await dashboardFigures(app.db)
      const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>
      for (const row of figures.byStatus) ordersByStatus[row.status as OrderStatus] = row.n
      return reply.ok({
        ordersToday: figures.ordersToday,
        revenueToday: figures.revenueToday,
        // today's orders by where their money stands: not confirmed yet, confirmed and still to deliver, delivered
        revenueTodayByGroup: figures.revenueTodayByGroup,
        awaitingConfirmation: ordersByStatus.pending,
        ordersByStatus,
        lowStock: figures.lowStock,
        last30Days: figures.last30Days,
      })
    },
  )
}
