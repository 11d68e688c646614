import {
  type Locale,
  ok,
  trackedOrder,
  trackedOrderReply,
  trackingBody,
  trackingDetailBody,
  trackingParams,
  trackingQuery,
  trackingReply,
} from '@shop/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { AppError } from '../../http/app-error.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { publicCourierTimeline } from '../couriers/shipping.repo.ts'
import { findOrder, orderReplies, type OrderRow, statusHistory } from '../orders/order.read.ts'
import { recentOrdersOfPhone } from './tracking.repo.ts'

/** Public tracking shows orders of the last 180 days only (docs/decisions.md, Tracking). */
const TRACKING_DAYS = 180

/** "12 rue Didouche Mourad" → "12 r••••••••••••••••••••": enough for the shopper to recognise, not to find the door. */
export function maskAddress(address: string | null): string | null {
  if (!address) return null
  const visible = address.slice(0, Math.min(4, Math.ceil(address.length / 4)))
  return `${visible}${'•'.repeat(Math.max(4, address.length - visible.length))}`
}

/** What anyone with the phone number sees: a parcel slip, not the customer file. */
async function trackingViews(app: FastifyInstance, rows: OrderRow[], locale: Locale): Promise<z.input<typeof trackedOrder>[]> {
  const full = await orderReplies(app.db, rows, locale)
  return full.map((order, index) => {
    const row = rows[index] as OrderRow
    const first = order.orderItems[0]
    return {
      _id: order._id,
      trackingNumber: order.trackingNumber,
      status: order.status,
      // the spec's tracking reply counts in hundredths
      totalAmount: order.totalAmount * 100,
      // the lines of the total, in whole dinars like every other amount (subtotal - discount + fee = total)
      subtotal: order.subtotal,
      discountAmount: order.discountAmount,
      shippingFee: order.shippingFee,
      orderDate: order.createdAt,
      customerName: `${row.firstName} ${row.lastName.slice(0, 1)}.`,
      deliveryType: order.shippingAddress.type,
      firstProduct: first ? { name: first.product.name, image: first.product.image, price: first.priceAtPurchase } : null,
      shippingAddress: {
        cityName: order.shippingAddress.cityName,
        stateName: order.shippingAddress.stateName,
        address: maskAddress(order.shippingAddress.address),
        postalCode: order.shippingAddress.postalCode,
      },
      items: order.orderItems.map((item) => ({ product: { name: item.product.name, image: item.product.image }, quantity: item.quantity, price: item.priceAtPurchase, size: item.size, color: item.color })),
    }
  })
}

export async function trackingRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['tracking']

  api.post('/tracking', { schema: { tags, summary: 'Orders of a phone number (last 180 days), as parcel slips', body: trackingBody, response: ok(trackingReply) } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    await app.rateLimit('TRACKING', request, `phone:${request.body.phoneNumber}`)
    const rows = await recentOrdersOfPhone(app.db, request.body.phoneNumber, TRACKING_DAYS)
    return reply.ok({ orders: await trackingViews(app, rows, request.locale) })
  })

  async function detail(request: FastifyRequest, reply: FastifyReply, orderId: string, phone: string | undefined) {
    reply.header('cache-control', 'no-store')
    if (!phone) throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'phoneNumber', message: 'validation:phone.required' }] })
    await app.rateLimit('TRACKING', request, `phone:${phone}`)
    const order = await findOrder(app.db, orderId)
    const visible = order && order.phone === phone && order.createdAt.getTime() > Date.now() - TRACKING_DAYS * 86_400_000
    if (!order || !visible) throw new AppError('ORDER_NOT_FOUND')
    const [view] = await trackingViews(app, [order], request.locale)
    if (!view) throw new AppError('ORDER_NOT_FOUND')
    return reply.ok({ order: { ...view, history: await statusHistory(app.db, order.id), courier: await publicCourierTimeline(app.db, order.id) } })
  }

  api.get(
    '/tracking/:orderId',
    { schema: { tags, summary: 'One order of a phone number, with its status history', params: trackingParams, querystring: trackingQuery, response: ok(trackedOrderReply) } },
    async (request, reply) => detail(request, reply, request.params.orderId, request.query.phoneNumber),
  )
  api.post(
    '/tracking/:orderId',
    { schema: { tags, summary: 'The same, with the phone in the body (kept out of URLs and logs)', params: trackingParams, body: trackingDetailBody, response: ok(trackedOrderReply) } },
    async (request, reply) => detail(request, reply, request.params.orderId, request.body?.phoneNumber),
  )
}
