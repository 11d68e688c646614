import {
  adminOrderList,
  adminOrderParams,
  adminOrdersQuery,
  bulkOrdersBody,
  bulkOrdersReply,
  canMoveOrderAs,
  colorName,
  type Locale,
  manualOrderBody,
  ok,
  orderCallBody,
  orderEditBody,
  orderEditReply,
  orderExportCheck,
  orderExportCheckQuery,
  orderExportCsv,
  orderExportQuery,
  orderPage,
  orderPatchBody,
  orderStatusBody,
  type OrderStatus,
  orderVersionBody,
  pickLocalized,
  READY_TO_SHIP_STATUSES,
  returnDecisionBody,
  returnDecisionParams,
  staffNoteBody,
  created,
} from '@shop/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { AppError } from '../../http/app-error.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import { csvDocument, paged, requireUuid, sendCsv } from '../../http/admin-common.ts'
import { exportCheck, exportRows, getOrderDetail, listOrders, type OrderFilter } from './orders.admin-repo.ts'
import { addStaffNote, handleReturnRequest, markPaid, moveOrder, recordCall, updateOrderFields } from './orders.admin-service.ts'
import { bulkOrders } from './order-bulk.service.ts'
import { editOrder } from './order-edit.service.ts'
import { placeOrder } from './order.service.ts'

/** Orders can be exported this many at a time (a day's or a week's parcels). */
const EXPORT_MAX = 20_000

const CSV_HEADERS: Record<Locale, string[]> = {
  ar: ['رقم التتبع', 'التاريخ', 'الحالة', 'الاسم', 'اللقب', 'الهاتف', 'رمز الولاية', 'الولاية', 'البلدية', 'العنوان', 'نوع التوصيل', 'المبلغ المطلوب', 'المنتجات', 'ملاحظة الزبون'],
  fr: ['N° de suivi', 'Date', 'Statut', 'Prénom', 'Nom', 'Téléphone', 'Code wilaya', 'Wilaya', 'Commune', 'Adresse', 'Type de livraison', 'Montant à encaisser', 'Produits', 'Remarque du client'],
  en: ['Tracking number', 'Date', 'Status', 'First name', 'Last name', 'Phone', 'Wilaya code', 'Wilaya', 'Commune', 'Address', 'Delivery type', 'Amount to collect', 'Products', "Customer's note"],
}
/** The back office's status names (apps/admin/src/locales/<locale>/common.json, orderStatus). */
const STATUS_LABELS: Record<Locale, Record<OrderStatus, string>> = {
  ar: {
    pending: 'قيد الانتظار',
    confirmed: 'مؤكدة',
    processing: 'قيد التحضير',
    shipped: 'مشحونة',
    out_for_delivery: 'قيد التوصيل',
    delivered: 'مسلّمة',
    returned: 'مرتجعة',
    cancelled: 'ملغاة',
    deleted: 'محذوفة',
  },
  fr: {
    pending: 'En attente',
    confirmed: 'Confirmée',
    processing: 'En préparation',
    shipped: 'Expédiée',
    out_for_delivery: 'En cours de livraison',
    delivered: 'Livrée',
    returned: 'Retournée',
    cancelled: 'Annulée',
    deleted: 'Supprimée',
  },
  en: {
    pending: 'Pending',
    confirmed: 'Confirmed',
    processing: 'Processing',
    shipped: 'Shipped',
    out_for_delivery: 'Out for delivery',
    delivered: 'Delivered',
    returned: 'Returned',
    cancelled: 'Cancelled',
    deleted: 'Deleted',
  },
}
/** Nothing to collect on an order already paid, or one that will never be delivered. */
const NOTHING_TO_COLLECT: readonly string[] = ['cancelled', 'deleted', 'returned']
const DELIVERY_LABELS: Record<Locale, Record<string, string>> = {
  ar: { domicil: 'توصيل إلى المنزل', stopdesk: 'مكتب التوصيل' },
  fr: { domicil: 'À domicile', stopdesk: 'Stop desk' },
  en: { domicil: 'Home', stopdesk: 'Stop desk' },
}

/** '2026-03-01 14:05' in Algeria's time (UTC+1 all year). */
function algiersTime(date: Date): string {
  return new Date(date.getTime() + 3_600_000).toISOString().slice(0, 16).replace('T', ' ')
}

function filterOf(query: z.output<typeof adminOrdersQuery>): OrderFilter {
  return {
    status: query.status,
    from: query.from,
    to: query.to,
    wilaya: query.wilaya,
    paymentMethod: query.paymentMethod,
    source: query.source,
    search: query.search,
  }
}

/** The export's filter: the list's, with several statuses; ready-to-ship orders when no status is given. */
function exportFilterOf(query: z.output<typeof orderExportQuery>): OrderFilter {
  const statuses = query.status === 'all' ? undefined : (query.status ?? [...READY_TO_SHIP_STATUSES])
  return {
    statuses,
    from: query.from,
    to: query.to,
    wilaya: query.wilaya,
    paymentMethod: query.paymentMethod,
    source: query.source,
    ids: query.ids,
    search: query.search,
  }
}

export async function orderAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  // agents work orders (see, call, notes, moves up to shipped); money, returns, the export and the
  // other moves (delivered, returned, deleted) need orders.manage
  const staffOnly = requireStaff('orders.work')
  const managers = requireStaff('orders.manage')
  const tags = ['admin: orders']
  /** The order as the caller's role sees it (its allowed moves), in the caller's language: every order route replies with it. */
  const detailFor = (request: FastifyRequest, id: string) => getOrderDetail(app.db, id, request.locale, staffOf(request).role)

  api.get('/orders', { schema: { tags, summary: 'Orders, newest first, filtered and searched', querystring: adminOrdersQuery, response: ok(adminOrderList) }, onRequest: staffOnly }, async (request, reply) => {
    const q = request.query
    const { orders, total } = await listOrders(app.db, filterOf(q), q.page, q.limit, request.locale)
    return reply.ok({ orders, ...paged(total, q.page, q.limit) })
  })

  api.get(
    '/orders/export-check',
    {
      schema: { tags, summary: 'Which ticked orders the courier CSV takes, and why the others are left out', querystring: orderExportCheckQuery, response: ok(orderExportCheck) },
      onRequest: managers,
    },
    async (request, reply) => reply.ok({ orders: await exportCheck(app.db, request.query.ids) }),
  )

  api.get(
    '/orders/export.csv',
    {
      schema: {
        tags,
        summary: 'CSV for the delivery company: ready-to-ship orders unless `status` asks for others (comma list or all)',
        querystring: orderExportQuery,
        response: { 200: orderExportCsv },
      },
      onRequest: managers,
    },
    async (request, reply) => {
      const locale = request.locale
      const rows = await exportRows(app.db, exportFilterOf(request.query), EXPORT_MAX)
      const lines = rows.map((row) => [
        row.trackingNumber,
        algiersTime(row.createdAt),
        STATUS_LABELS[locale][row.status as OrderStatus] ?? row.status,
        row.firstName,
        row.lastName,
        row.phone,
        String(row.wilayaCode58).padStart(2, '0'),
        locale === 'ar' ? row.wilayaNameAr : row.wilayaNameFr,
        locale === 'ar' ? row.communeNameAr : row.communeNameFr,
        row.address ?? '',
        DELIVERY_LABELS[locale][row.deliveryType] ?? row.deliveryType,
        row.paymentStatus === 'paid' || NOTHING_TO_COLLECT.includes(row.status) ? 0 : row.total,
        row.lines
          .map((l) => `${pickLocalized(l.nameAr, l.nameFr, locale)} ${l.size} ${colorName(l.color, locale)} x${l.quantity}`)
          .join('; '),
        row.notes ?? '',
      ])
      const stamp = new Date().toISOString().slice(0, 10)
      return sendCsv(reply, `orders-${stamp}.csv`, csvDocument([CSV_HEADERS[locale], ...lines]))
    },
  )

  api.get('/orders/:id', { schema: { tags, summary: 'One order with its history and allowed moves', params: adminOrderParams, response: ok(orderPage) }, onRequest: staffOnly }, async (request, reply) => {
    const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
    return reply.ok(await detailFor(request, id))
  })

  api.post(
    '/orders/:id/status',
    { schema: { tags, summary: 'Move the order to another status (version must match)', params: adminOrderParams, body: orderStatusBody, response: ok(orderPage) }, onRequest: staffOnly },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
      const { status, note, version } = request.body
      const actor = staffOf(request)
      if (!canMoveOrderAs(actor.role, status)) throw new AppError('FORBIDDEN')
      await moveOrder(app.db, { orderId: id, to: status, note, version, actor })
      return reply.ok(await detailFor(request, id))
    },
  )

  api.post(
    '/orders/:id/call',
    { schema: { tags, summary: 'Record a confirmation call and its outcome', params: adminOrderParams, body: orderCallBody, response: ok(orderPage) }, onRequest: staffOnly },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
      const { outcome, note, version, callbackAt, keptOrderId } = request.body
      await recordCall(app.db, { orderId: id, outcome, note, version, callbackAt, keptOrderId, actor: staffOf(request) })
      return reply.ok(await detailFor(request, id))
    },
  )

  api.post(
    '/orders/:id/mark-paid',
    { schema: { tags, summary: 'Mark a bank transfer or CCP order paid', params: adminOrderParams, body: orderVersionBody, response: ok(orderPage) }, onRequest: managers },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
      await markPaid(app.db, id, request.body.version, staffOf(request))
      return reply.ok(await detailFor(request, id))
    },
  )

  api.patch(
    '/orders/:id',
    { schema: { tags, summary: "The delivery company's tracking id (kept in the history)", params: adminOrderParams, body: orderPatchBody, response: ok(orderPage) }, onRequest: staffOnly },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
      await updateOrderFields(app.db, id, request.body.version, request.body, staffOf(request).id)
      return reply.ok(await detailFor(request, id))
    },
  )

  api.post(
    '/orders/:id/notes',
    { schema: { tags, summary: 'Add a staff note (append-only, kept in the history, never exported)', params: adminOrderParams, body: staffNoteBody, response: created(orderPage) }, onRequest: staffOnly },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
      await addStaffNote(app.db, { orderId: id, staffId: staffOf(request).id, text: request.body.text })
      return reply.code(201).ok(await detailFor(request, id))
    },
  )

  api.patch(
    '/orders/:id/return-requests/:requestId',
    { schema: { tags, summary: "Accept, refuse or receive a client's return", params: returnDecisionParams, body: returnDecisionBody, response: ok(orderPage) }, onRequest: managers },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
      const requestId = requireUuid(request.params.requestId)
      await handleReturnRequest(app.db, { orderId: id, requestId, ...request.body, staffId: staffOf(request).id })
      return reply.ok(await detailFor(request, id))
    },
  )

  api.put(
    '/orders/:id',
    {
      schema: {
        tags,
        summary: "Edit the order's lines, customer, place and delivery type: priced again, stock moved (preview: true writes nothing)",
        params: adminOrderParams,
        body: orderEditBody,
        response: ok(orderEditReply),
      },
      onRequest: staffOnly,
    },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
      const quote = await editOrder(app.db, id, request.body, staffOf(request), request.locale)
      return reply.ok({ quote, page: request.body.preview ? null : await detailFor(request, id) })
    },
  )

  api.post(
    '/orders',
    {
      schema: {
        tags,
        summary: 'An order staff take for a customer (phone, WhatsApp, Instagram, Facebook, in person): priced and checked as checkout does',
        body: manualOrderBody,
        response: created(orderPage),
      },
      onRequest: staffOnly,
    },
    async (request, reply) => {
      const { source, status, order } = request.body
      const ctx = { clientId: null, guestSessionId: null, idempotencyKey: null, locale: request.locale }
      const placed = await placeOrder(app.db, order, ctx, { source, status, staffId: staffOf(request).id })
      return reply.code(201).ok(await detailFor(request, placed.order.id))
    },
  )

  api.post(
    '/orders/bulk',
    {
      schema: { tags, summary: 'One action on several orders, each all or nothing, with a result per order', body: bulkOrdersBody, response: ok(bulkOrdersReply) },
      onRequest: staffOnly,
    },
    async (request, reply) => {
      const results = await bulkOrders(app.db, request.body, staffOf(request), request.locale)
      const okCount = results.filter((r) => r.ok).length
      return reply.ok({ results, okCount, failedCount: results.length - okCount })
    },
  )
}
