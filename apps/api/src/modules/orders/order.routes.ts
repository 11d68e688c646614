import {
  clientOrdersQuery,
  clientOrdersReply,
  created,
  formatPrice,
  idempotencyKey,
  ok,
  orderIdParams,
  type PlaceOrderInput,
  placedOrderReply,
  placeOrderBody,
  placeOrderReply,
  returnRequestBody,
  translate,
} from '@shop/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../http/app-error.ts'
import { pageCount } from '../../http/paging.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { guestSessionId, requireClient } from '../../plugins/session.ts'
import { insertReturnRequest, listClientOrders, publicStatusMoves } from './client-orders.repo.ts'
import { findOrder, orderReplies, orderReply } from './order.read.ts'
import { enqueueMail } from '../mail/mail.jobs.ts'
import { recordPlacement } from '../pixels/conversions.ts'
import { firstRequestOf, isOrderReplay, type OrderContext, placeOrder } from './order.service.ts'

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  // 201 with the new order; 200 with the first one when the request replays an order already placed
  const placeReplies = { ...ok(placeOrderReply), ...created(placeOrderReply) }

  async function place(request: FastifyRequest<{ Body: PlaceOrderInput }>, reply: FastifyReply, clientId: string | null) {
    const header = request.headers['idempotency-key']
    const key = header === undefined ? null : idempotencyKey.safeParse(header)
    if (key && !key.success) throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'Idempotency-Key', message: 'validation:invalid' }] })
    const sessionId = clientId ? null : (guestSessionId(request) ?? null)
    const locale = request.locale
    const ctx: OrderContext = {
      clientId,
      guestSessionId: sessionId,
      idempotencyKey: key?.data ?? null,
      locale,
      // the confirmation e-mail is a job written in the order's transaction: sent after the commit by the
      // job runner, retried while the mail server refuses it, never sent for an order that rolled back.
      // Only when there is something to write: an order without one can be one statement (placeOrder)
      afterInsert: !app.serverEvents.enabled && !request.body.customer.email ? undefined : async (tx, order) => {
        // the ad platforms' click data, kept with the order when the shop sends server-side events
        if (app.serverEvents.enabled) await recordPlacement(tx, order, {
          cookies: request.cookies,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          pageUrl: request.headers.referer,
        })
        if (!order.email) return
        const mail = {
          to: order.email,
          subject: translate(locale, 'mail:orderSubject', { number: order.trackingNumber }),
          text: translate(locale, 'mail:orderBody', { name: order.firstName, number: order.trackingNumber, total: formatPrice(order.total, locale) }),
        }
        await enqueueMail(tx, mail, `order-mail:${order.id}`)
      },
    }
    // Guests and clients alike, a replay of a placed order excepted (it places nothing). Counted per
    // address + phone and per account, then per address alone under a looser limit: shoppers sharing a
    // carrier's NAT address each have their own window, a flood from one address is still capped. Both
    // limits in one statement; the address is counted only when the phone's and the account's windows
    // are not over, so one phone's refused tries leave the address's alone.
    const limits: Parameters<typeof app.rateLimitAll>[0] = [
      { name: 'ORDER', keys: [`phone:${request.body.customer.phone}:ip:${request.ip}`, ...(clientId ? [`client:${clientId}`] : [])] },
      { name: 'ORDER_ADDRESS', keys: [`ip:${request.ip}`] },
    ]
    // counters in the database: counted by the order's quote, in its statement, which also reads the key's
    // holder and counts nothing for a replay (placeOrder: one statement fewer); on Redis, counted here
    const groups = app.rateLimitGroups(limits)
    if (groups) ctx.rateLimits = groups
    else {
      ctx.firstRequest = await firstRequestOf(app.db, ctx)
      if (!isOrderReplay(ctx.firstRequest, request.body)) await app.rateLimitAll(limits)
    }
    const { created, reply: placed } = await placeOrder(app.db, request.body, ctx)
    if (created) reply.code(201)
    return reply.ok({ order: placed, replayed: !created }, 'success:orderPlaced')
  }

  api.post(
    '/order/guest',
    { schema: { tags: ['orders'], summary: 'Place an order as a guest (X-Session-Id, Idempotency-Key)', body: placeOrderBody, response: placeReplies } },
    async (request, reply) => place(request, reply, null),
  )

  api.post(
    '/order/client',
    { schema: { tags: ['orders'], summary: 'Place an order as the signed-in client (Idempotency-Key)', body: placeOrderBody, response: placeReplies }, preHandler: [requireClient] },
    async (request, reply) => place(request, reply, (request.client as { id: string }).id),
  )

  api.get(
    '/order/client',
    { schema: { tags: ['orders'], summary: "The client's orders, newest first", querystring: clientOrdersQuery, response: ok(clientOrdersReply) }, preHandler: [requireClient] },
    async (request, reply) => {
      const q = request.query
      const clientId = (request.client as { id: string }).id
      const { rows, total: totalOrders } = await listClientOrders(app.db, clientId, q)
      const [replies, history] = await Promise.all([
        orderReplies(app.db, rows, request.locale),
        publicStatusMoves(app.db, rows.map((row) => row.id)),
      ])
      return reply.ok({
        // each order with its status timeline (oldest first), as the account's order cards show it
        orders: replies.map((order) => ({
          ...order,
          history: history.filter((entry) => entry.orderId === order._id).map((entry) => ({ status: entry.status, date: entry.createdAt })),
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
    { schema: { tags: ['orders'], summary: 'One of the client’s orders', params: orderIdParams, response: ok(placedOrderReply) }, preHandler: [requireClient] },
    async (request, reply) => {
      const order = await findOrder(app.db, request.params.id)
      // someone else's order is "not found", never "forbidden": ids do not leak
      if (!order || order.clientId !== (request.client as { id: string }).id) throw new AppError('ORDER_NOT_FOUND')
      return reply.ok({ order: await orderReply(app.db, order, request.locale) })
    },
  )

  api.get(
    '/order/guest/:id',
    { schema: { tags: ['orders'], summary: 'An order placed by this guest session (thank-you page)', params: orderIdParams, response: ok(placedOrderReply) } },
    async (request, reply) => {
      const sessionId = guestSessionId(request)
      const order = await findOrder(app.db, request.params.id)
      if (!order || !sessionId || order.guestSessionId !== sessionId) throw new AppError('ORDER_NOT_FOUND')
      return reply.ok({ order: await orderReply(app.db, order, request.locale) })
    },
  )

  api.post(
    '/order/client/:id/return',
    { schema: { tags: ['orders'], summary: 'Ask to return a delivered order', params: orderIdParams, body: returnRequestBody, response: created(placedOrderReply) }, preHandler: [requireClient] },
    async (request, reply) => {
      const clientId = (request.client as { id: string }).id
      const order = await findOrder(app.db, request.params.id)
      if (!order || order.clientId !== clientId) throw new AppError('ORDER_NOT_FOUND')
      if (order.status !== 'delivered') throw new AppError('RETURN_NOT_ALLOWED')
      const inserted = await insertReturnRequest(app.db, order.id, clientId, request.body.reason)
      if (!inserted) throw new AppError('RETURN_NOT_ALLOWED')
      return reply.code(201).ok({ order: await orderReply(app.db, order, request.locale) }, 'success:returnRequested')
    },
  )
}
