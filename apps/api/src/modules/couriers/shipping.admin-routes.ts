import {
  adminOrderParams,
  bulkShipBody,
  created,
  exchangeBody,
  labelsQuery,
  ok,
  orderShipmentsReply,
  refreshReply,
  SHIP_MAX_ORDERS,
  shipmentParams,
  shipOrderBody,
  shipReply,
  type ShipResult,
} from '@shop/shared'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { requireUuid } from '../../http/admin-common.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import { mergePdfs } from './shipping.labels.ts'
import { orderShipping } from './shipping.repo.ts'
import { cancelShipment, createExchange, labelsOf } from './shipping.parcels.ts'
import { confirmedOrderIds, shipOrders } from './shipping.service.ts'
import { pollOpenShipments } from './shipping.sync.ts'

function replyOf(results: ShipResult[]) {
  const okCount = results.filter((r) => r.ok).length
  return { results, okCount, failedCount: results.length - okCount }
}

function sendPdf(reply: FastifyReply, fileName: string, body: Uint8Array) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(body))
}

const pdf = { 200: { description: 'A PDF file', content: { 'application/pdf': { schema: z.string() } } } }

/**
 * Parcels at the couriers from the back office (issue 17). Shipping, cancelling, labels and refresh are the
 * order work agents do (they move orders up to shipped); an exchange parcel sets cash to collect: managers.
 */
export async function shippingAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const staffOnly = requireStaff('orders.work')
  const managers = requireStaff('orders.manage')
  const tags = ['admin: shipping']

  api.get(
    '/orders/:id/shipments',
    { schema: { tags, summary: "The order's parcels and their courier timelines", params: adminOrderParams, response: ok(orderShipmentsReply) }, onRequest: staffOnly },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
      return reply.ok(await orderShipping(app.db, id))
    },
  )

  api.post(
    '/orders/:id/ship',
    {
      schema: { tags, summary: "Hands the order to its wilaya's courier (or the account named): one result", params: adminOrderParams, body: shipOrderBody, response: ok(shipReply) },
      onRequest: staffOnly,
    },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
      const results = await shipOrders(app.db, app.couriers, { orderIds: [id], accountId: request.body.accountId, actor: staffOf(request), locale: request.locale })
      return reply.ok(replyOf(results))
    },
  )

  api.post(
    '/shipments',
    {
      schema: { tags, summary: 'Ships the orders picked (or every confirmed order) with their couriers, a result per order', body: bulkShipBody, response: ok(shipReply) },
      onRequest: staffOnly,
    },
    async (request, reply) => {
      const orderIds = request.body.orderIds ?? (await confirmedOrderIds(app.db, SHIP_MAX_ORDERS))
      const results = await shipOrders(app.db, app.couriers, { orderIds, accountId: request.body.accountId, actor: staffOf(request), locale: request.locale })
      return reply.ok(replyOf(results))
    },
  )

  api.post(
    '/shipments/:id/cancel',
    { schema: { tags, summary: 'Cancels a parcel the courier has not picked up yet', params: shipmentParams, response: ok(orderShipmentsReply) }, onRequest: staffOnly },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'SHIPMENT_NOT_FOUND')
      const orderId = await cancelShipment(app.db, app.couriers, id, staffOf(request))
      return reply.ok(await orderShipping(app.db, orderId))
    },
  )

  api.get(
    '/shipments/labels',
    { schema: { tags, summary: "The labels of several parcels (or of the orders' parcels) as one PDF", querystring: labelsQuery, response: pdf }, onRequest: staffOnly },
    async (request, reply) => {
      const labels = await labelsOf(app.db, app.couriers, request.query.ids)
      return sendPdf(reply, 'labels.pdf', await mergePdfs(labels))
    },
  )

  api.get(
    '/shipments/:id/label',
    { schema: { tags, summary: "The parcel's label (PDF), fetched from its courier", params: shipmentParams, response: pdf }, onRequest: staffOnly },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'SHIPMENT_NOT_FOUND')
      const [label] = await labelsOf(app.db, app.couriers, [id])
      return sendPdf(reply, `label-${id}.pdf`, label ?? new Uint8Array())
    },
  )

  api.post(
    '/orders/:id/exchange',
    { schema: { tags, summary: 'An exchange parcel for a delivered order (the size swap)', params: adminOrderParams, body: exchangeBody, response: created(orderShipmentsReply) }, onRequest: managers },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
      await createExchange(app.db, app.couriers, id, request.body, staffOf(request))
      return reply.code(201).ok(await orderShipping(app.db, id))
    },
  )

  api.post(
    '/shipments/refresh',
    { schema: { tags, summary: 'Asks the couriers now about every parcel still moving', response: ok(refreshReply) }, onRequest: staffOnly },
    async (_request, reply) => reply.ok(await pollOpenShipments(app)),
  )
}
