import { formatPrice, normalizeDzMobile, ORDER_STATUSES, toLatinDigits, translate } from '@shop/shared'
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { orderStatusHistory, orders, returnRequests } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { containing, pageCount, pagingQuery } from '../../http/paging.ts'
import { requireClient } from '../../plugins/session.ts'
import { guestSessionId } from '../cart/cart.routes.ts'
import { placeOrderBody } from './order-input.ts'
import { findOrder, orderReplies, orderReply } from './order.read.ts'
import { isOrderReplay, placeOrder } from './order.service.ts'

const idParams = z.object({ id: z.string().uuid('validation:invalid') })
const idempotencyKey = z.string().trim().regex(/^[A-Za-z0-9_.:-]{8,128}$/, 'validation:invalid')

const listQuery = z.object({
  ...pagingQuery(10),
  // the storefront's filter sends capitalised forms ("Pending"): statuses are compared in lower case
  status: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['', 'all', ...ORDER_STATUSES]))
    .optional(),
  startDate: z.coerce.date().optional(),
  endDate: z.coerce.date().optional(),
  searchOrders: z.string().trim().max(100).optional(),
  sort: z.string().optional(),
})

const returnBody = z.object({ reason: z.string().trim().min(3).max(500) })

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()

  async function place(request: FastifyRequest<{ Body: z.output<typeof placeOrderBody> }>, reply: FastifyReply, clientId: string | null) {
    const header = request.headers['idempotency-key']
    const key = header === undefined ? null : idempotencyKey.safeParse(header)
    if (key && !key.success) throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'Idempotency-Key', message: 'validation:invalid' }] })
    const sessionId = clientId ? null : (guestSessionId(request) ?? null)
    const ctx = { clientId, guestSessionId: sessionId, idempotencyKey: key?.data ?? null, locale: request.locale }
    // Guests and clients alike, a replay of a placed order excepted (it places nothing). Counted per
    // address + phone and per account, then per address alone under a looser limit: shoppers sharing a
    // carrier's NAT address each have their own window, a flood from one address is still capped.
    if (!(await isOrderReplay(app.db, request.body, ctx))) {
      await app.rateLimitKeys('ORDER', [`phone:${request.body.customer.phone}:ip:${request.ip}`, ...(clientId ? [`client:${clientId}`] : [])])
      await app.rateLimitKeys('ORDER_ADDRESS', [`ip:${request.ip}`])
    }
    const { order, created } = await placeOrder(app.db, request.body, ctx)
    if (created) {
      reply.code(201)
      if (order.email) {
        // sent after the reply is decided and never awaited: a slow mail server must not slow the order
        void app.mailer.send({
          to: order.email,
          subject: translate(request.locale, 'mail:orderSubject', { number: order.trackingNumber }),
          text: translate(request.locale, 'mail:orderBody', { name: order.firstName, number: order.trackingNumber, total: formatPrice(order.total, request.locale) }),
        })
      }
    }
    return reply.ok({ order: await orderReply(app.db, order, request.locale), replayed: !created }, 'success:orderPlaced')
  }

  api.post(
    '/order/guest',
    { schema: { tags: ['orders'], summary: 'Place an order as a guest (X-Session-Id, Idempotency-Key)', body: placeOrderBody } },
    async (request, reply) => place(request, reply, null),
  )

  api.post(
    '/order/client',
    { schema: { tags: ['orders'], summary: 'Place an order as the signed-in client (Idempotency-Key)', body: placeOrderBody }, preHandler: [requireClient] },
    async (request, reply) => place(request, reply, (request.client as { id: string }).id),
  )

  api.get(
    '/order/client',
    { schema: { tags: ['orders'], summary: "The client's orders, newest first", querystring: listQuery }, preHandler: [requireClient] },
    async (request, reply) => {
      const q = request.query
      const clientId = (request.client as { id: string }).id
      const filters: (SQL | undefined)[] = [eq(orders.clientId, clientId)]
      if (q.status && q.status !== 'all') filters.push(eq(orders.status, q.status))
      if (q.startDate) filters.push(gte(orders.createdAt, q.startDate))
      if (q.endDate) filters.push(lt(orders.createdAt, new Date(q.endDate.getTime() + 24 * 60 * 60 * 1000)))
      if (q.searchOrders) {
        // Arabic phone keyboards type ٠-٩: the term is read in 0-9 first
        const term = toLatinDigits(q.searchOrders)
        const pattern = containing(term)
        // the shopper's own number in any usual form (0661…, +213 661…, 213661…) finds the orders placed with it
        const phone = normalizeDzMobile(term)
        filters.push(
          or(
            ilike(orders.trackingNumber, pattern),
            phone ? eq(orders.phone, phone) : undefined,
            sql`exists (select 1 from order_items i where i.order_id = ${orders.id} and (shop_fold(i.name_ar || ' ' || i.name_fr) like shop_fold(${pattern})))`,
          ),
        )
      }
      const where = and(...filters)
      const [rows, [total]] = await Promise.all([
        app.db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(q.limit).offset((q.page - 1) * q.limit),
        app.db.select({ n: count() }).from(orders).where(where),
      ])
      const totalOrders = Number(total?.n ?? 0)
      const [replies, history] = await Promise.all([
        orderReplies(app.db, rows, request.locale),
        rows.length === 0
          ? []
          : app.db
              .select({ orderId: orderStatusHistory.orderId, status: orderStatusHistory.toStatus, createdAt: orderStatusHistory.createdAt })
              .from(orderStatusHistory)
              // status moves only: staff notes, courier ids and payments stay in the back office
              .where(and(inArray(orderStatusHistory.orderId, rows.map((row) => row.id)), eq(orderStatusHistory.kind, 'status')))
              .orderBy(asc(orderStatusHistory.createdAt)),
      ])
      return reply.ok({
        // each order with its status timeline (oldest first), as the account's order cards show it
        orders: replies.map((order) => ({
          ...order,
          history: history.filter((entry) => entry.orderId === order._id).map((entry) => ({ status: entry.status, date: entry.createdAt.toISOString() })),
        })),
        currentPage: q.page,
        totalPages: pageCount(totalOrders, q.limit),
        totalOrders,
        results: rows.length,
      })
    },
  )

  api.get(
    '/order/client/:id',
    { schema: { tags: ['orders'], summary: 'One of the client’s orders', params: idParams }, preHandler: [requireClient] },
    async (request, reply) => {
      const order = await findOrder(app.db, request.params.id)
      // someone else's order is "not found", never "forbidden": ids do not leak
      if (!order || order.clientId !== (request.client as { id: string }).id) throw new AppError('ORDER_NOT_FOUND')
      return reply.ok({ order: await orderReply(app.db, order, request.locale) })
    },
  )

  api.get(
    '/order/guest/:id',
    { schema: { tags: ['orders'], summary: 'An order placed by this guest session (thank-you page)', params: idParams } },
    async (request, reply) => {
      const sessionId = guestSessionId(request)
      const order = await findOrder(app.db, request.params.id)
      if (!order || !sessionId || order.guestSessionId !== sessionId) throw new AppError('ORDER_NOT_FOUND')
      return reply.ok({ order: await orderReply(app.db, order, request.locale) })
    },
  )

  api.post(
    '/order/client/:id/return',
    { schema: { tags: ['orders'], summary: 'Ask to return a delivered order', params: idParams, body: returnBody }, preHandler: [requireClient] },
    async (request, reply) => {
      const clientId = (request.client as { id: string }).id
      const order = await findOrder(app.db, request.params.id)
      if (!order || order.clientId !== clientId) throw new AppError('ORDER_NOT_FOUND')
      if (order.status !== 'delivered') throw new AppError('RETURN_NOT_ALLOWED')
      const inserted = await app.db.transaction(async (tx) => {
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update')
        const existing = await tx.select({ id: returnRequests.id }).from(returnRequests).where(eq(returnRequests.orderId, order.id)).limit(1)
        if (existing.length > 0) return false
        await tx.insert(returnRequests).values({ orderId: order.id, clientId, reason: request.body.reason })
        return true
      })
      if (!inserted) throw new AppError('RETURN_NOT_ALLOWED')
      return reply.code(201).ok({ order: await orderReply(app.db, order, request.locale) }, 'success:returnRequested')
    },
  )
}
