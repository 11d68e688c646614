import {
  CALL_OUTCOMES,
  canMoveOrderAs,
  colorName,
  type Locale,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_METHODS,
  READY_TO_SHIP_STATUSES,
} from '@shop/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pagingQuery } from '../../http/paging.ts'
import { AppError } from '../../http/app-error.ts'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import { csvDocument, optionalText, paged, requireUuid, sendCsv } from '../../http/admin-common.ts'
import { exportRows, getOrderDetail, listOrders, type OrderFilter } from './orders.admin-repo.ts'
import { addStaffNote, handleReturnRequest, markPaid, moveOrder, recordCall, updateOrderFields } from './orders.admin-service.ts'

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation:invalid')
/** One status, or several separated by commas ('confirmed,processing,shipped'): the dashboard's groups. */
const statusFilter = z
  .string()
  .transform((raw) => [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))])
  .pipe(z.array(z.enum(ORDER_STATUSES, { message: 'validation:invalid' })).min(1).max(ORDER_STATUSES.length))
  .transform((list) => (list.length === 1 ? list[0] : list))
const filterQuery = {
  status: statusFilter.optional(),
  from: day.optional(),
  to: day.optional(),
  wilaya: z.coerce.number().int().min(1).max(99).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  search: z.string().trim().max(100).optional(),
}
const listQuery = z.object({ ...filterQuery, ...pagingQuery(20) })
/**
 * The export's `status`: one status or several separated by commas, or `all` (every status but deleted).
 * Without it, the orders ready to ship (READY_TO_SHIP_STATUSES).
 */
const exportStatus = z
  .string()
  .trim()
  .max(200)
  .transform((value, ctx): OrderStatus[] | 'all' => {
    if (value === 'all') return 'all'
    const list = [...new Set(value.split(',').map((s) => s.trim()))]
    if (list.length === 0 || !list.every((s): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s))) {
      ctx.addIssue({ code: 'custom', message: 'validation:invalid' })
      return z.NEVER
    }
    return list as OrderStatus[]
  })
const exportQuery = z.object({ ...filterQuery, status: exportStatus.optional() })
const orderParams = z.object({ id: z.string() })
const version = z.number().int().min(1)
const note = optionalText(500)
const statusBody = z.object({ status: z.enum(ORDER_STATUSES), note, version })
const callBody = z.object({ outcome: z.enum(CALL_OUTCOMES), note, version })
const versionBody = z.object({ version })
// strict: the customer's note is not editable, a `notes` field is refused rather than silently dropped
const patchBody = z.strictObject({ deliveryTrackingId: optionalText(100), version })
const staffNoteBody = z.object({ text: z.string().trim().min(1, 'validation:required').max(1000) })
const returnParams = z.object({ id: z.string(), requestId: z.string() })
const returnBody = z.object({ status: z.enum(['accepted', 'refused', 'received']), note })

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

function filterOf(query: z.infer<typeof listQuery>): OrderFilter {
  return { status: query.status, from: query.from, to: query.to, wilaya: query.wilaya, paymentMethod: query.paymentMethod, search: query.search }
}

/** The export's filter: the list's, with several statuses; ready-to-ship orders when no status is given. */
function exportFilterOf(query: z.infer<typeof exportQuery>): OrderFilter {
  const statuses = query.status === 'all' ? undefined : (query.status ?? [...READY_TO_SHIP_STATUSES])
  return { statuses, from: query.from, to: query.to, wilaya: query.wilaya, paymentMethod: query.paymentMethod, search: query.search }
}

export async function orderAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()
  // agents work orders (see, call, notes, moves up to shipped); money, returns, the export and the
  // other moves (delivered, returned, deleted) need orders.manage
  const staffOnly = requireStaff('orders.work')
  const managers = requireStaff('orders.manage')
  const tags = ['admin: orders']
  /** The order as the caller's role sees it (its allowed moves), in the caller's language: every order route replies with it. */
  const detailFor = (request: FastifyRequest, id: string) => getOrderDetail(app.db, id, request.locale, staffOf(request).role)

  api.get('/orders', { schema: { tags, summary: 'Orders, newest first, filtered and searched', querystring: listQuery }, onRequest: staffOnly }, async (request, reply) => {
    const q = request.query
    const { orders, total } = await listOrders(app.db, filterOf(q), q.page, q.limit, request.locale)
    return reply.ok({ orders, ...paged(total, q.page, q.limit) })
  })

  api.get(
    '/orders/export.csv',
    {
      schema: {
        tags,
        summary: 'CSV for the delivery company: ready-to-ship orders unless `status` asks for others (comma list or all)',
        querystring: exportQuery,
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
          .map((l) => `${(locale === 'ar' ? l.nameAr || l.nameFr : l.nameFr || l.nameAr)} ${l.size} ${colorName(l.color, locale)} x${l.quantity}`)
          .join('; '),
        row.notes ?? '',
      ])
      const stamp = new Date().toISOString().slice(0, 10)
      return sendCsv(reply, `orders-${stamp}.csv`, csvDocument([CSV_HEADERS[locale], ...lines]))
    },
  )

  api.get('/orders/:id', { schema: { tags, summary: 'One order with its history and allowed moves', params: orderParams }, onRequest: staffOnly }, async (request, reply) => {
    const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
    return reply.ok(await detailFor(request, id))
  })

  api.post(
    '/orders/:id/status',
    { schema: { tags, summary: 'Move the order to another status (version must match)', params: orderParams, body: statusBody }, onRequest: staffOnly },
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
    { schema: { tags, summary: 'Record a confirmation call and its outcome', params: orderParams, body: callBody }, onRequest: staffOnly },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
      const { outcome, note, version } = request.body
      await recordCall(app.db, { orderId: id, outcome, note, version, actor: staffOf(request) })
      return reply.ok(await detailFor(request, id))
    },
  )

  api.post(
    '/orders/:id/mark-paid',
    { schema: { tags, summary: 'Mark a bank transfer or CCP order paid', params: orderParams, body: versionBody }, onRequest: managers },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
      await markPaid(app.db, id, request.body.version, staffOf(request))
      return reply.ok(await detailFor(request, id))
    },
  )

  api.patch(
    '/orders/:id',
    { schema: { tags, summary: "The delivery company's tracking id (kept in the history)", params: orderParams, body: patchBody }, onRequest: staffOnly },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
      await updateOrderFields(app.db, id, request.body.version, request.body, staffOf(request).id)
      return reply.ok(await detailFor(request, id))
    },
  )

  api.post(
    '/orders/:id/notes',
    { schema: { tags, summary: 'Add a staff note (append-only, kept in the history, never exported)', params: orderParams, body: staffNoteBody }, onRequest: staffOnly },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
      await addStaffNote(app.db, { orderId: id, staffId: staffOf(request).id, text: request.body.text })
      return reply.code(201).ok(await detailFor(request, id))
    },
  )

  api.patch(
    '/orders/:id/return-requests/:requestId',
    { schema: { tags, summary: "Accept, refuse or receive a client's return", params: returnParams, body: returnBody }, onRequest: managers },
    async (request, reply) => {
      const id = requireUuid(request.params.id, 'ORDER_NOT_FOUND')
      const requestId = requireUuid(request.params.requestId)
      await handleReturnRequest(app.db, { orderId: id, requestId, ...request.body, staffId: staffOf(request).id })
      return reply.ok(await detailFor(request, id))
    },
  )
}
