import {
  callFigures as callFiguresReply,
  callFiguresCsvQuery,
  callFiguresQuery,
  type CallFigures,
  type CallFiguresTable,
  dashboardFigures as dashboardReply,
  type Locale,
  ok,
  ORDER_STATUSES,
  type OrderStatus,
} from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { csvDocument, sendCsv } from '../../http/admin-common.ts'
import { AppError } from '../../http/app-error.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff } from '../../plugins/session.ts'
import { callFigures, lastShopDays } from './call-figures.repo.ts'
import { dashboardFigures } from './dashboard.repo.ts'

/** The longest period the figures cover at once. */
const MAX_DAYS = 366

/** The period asked for (the last 30 shop days by default), refused when it runs backwards or is too long. */
function periodOf(query: { from?: string | undefined; to?: string | undefined }): { from: string; to: string } {
  const fallback = lastShopDays(30)
  const from = query.from ?? (query.to ? query.to : fallback.from)
  const to = query.to ?? (query.from ? lastShopDays(1).to : fallback.to)
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000
  if (!Number.isFinite(days) || days < 0) throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'to', message: 'validation:periodBackwards' }] })
  if (days >= MAX_DAYS) throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'from', message: 'validation:periodTooLong' }] })
  return { from, to }
}

const percent = (rate: number | null) => (rate === null ? '' : Math.round(rate * 1000) / 10)

const CSV_HEADERS: Record<Locale, Record<CallFiguresTable, string[]>> = {
  ar: {
    agents: ['اليوم', 'الموظف', 'المكالمات', 'الطلبات المتصل بها', 'المؤكدة', 'نسبة التأكيد %', 'أول مكالمة', 'متوسط الانتظار قبل أول مكالمة (دقيقة)'],
    wilayas: ['الرمز', 'الولاية', 'الطلبات', 'المؤكدة', 'المشحونة', 'المسلّمة', 'المرتجعة', 'نسبة التأكيد %', 'نسبة التسليم %', 'نسبة الإرجاع %'],
    products: ['المعرّف', 'المنتج', 'الطلبات', 'المؤكدة', 'المشحونة', 'المسلّمة', 'المرتجعة', 'نسبة التأكيد %', 'نسبة التسليم %', 'نسبة الإرجاع %'],
    sources: ['المصدر', 'المصدر', 'الطلبات', 'المؤكدة', 'المشحونة', 'المسلّمة', 'المرتجعة', 'نسبة التأكيد %', 'نسبة التسليم %', 'نسبة الإرجاع %'],
  },
  fr: {
    agents: ['Jour', 'Agent', 'Appels', 'Commandes appelées', 'Confirmées', 'Taux de confirmation %', 'Premiers appels', 'Attente moyenne avant le premier appel (min)'],
    wilayas: ['Code', 'Wilaya', 'Commandes', 'Confirmées', 'Expédiées', 'Livrées', 'Retournées', 'Taux de confirmation %', 'Taux de livraison %', 'Taux de retour %'],
    products: ['Id', 'Produit', 'Commandes', 'Confirmées', 'Expédiées', 'Livrées', 'Retournées', 'Taux de confirmation %', 'Taux de livraison %', 'Taux de retour %'],
    sources: ['Source', 'Source', 'Commandes', 'Confirmées', 'Expédiées', 'Livrées', 'Retournées', 'Taux de confirmation %', 'Taux de livraison %', 'Taux de retour %'],
  },
  en: {
    agents: ['Day', 'Agent', 'Calls', 'Orders called', 'Confirmed', 'Confirmation rate %', 'First calls', 'Mean wait before the first call (min)'],
    wilayas: ['Code', 'Wilaya', 'Orders', 'Confirmed', 'Shipped', 'Delivered', 'Returned', 'Confirmation rate %', 'Delivery rate %', 'Return rate %'],
    products: ['Id', 'Product', 'Orders', 'Confirmed', 'Shipped', 'Delivered', 'Returned', 'Confirmation rate %', 'Delivery rate %', 'Return rate %'],
    sources: ['Source', 'Source', 'Orders', 'Confirmed', 'Shipped', 'Delivered', 'Returned', 'Confirmation rate %', 'Delivery rate %', 'Return rate %'],
  },
}

function csvRows(figures: CallFigures, table: CallFiguresTable, locale: Locale): (string | number)[][] {
  if (table === 'agents') {
    return figures.agents.map((a) => [a.date, a.staffName, a.calls, a.ordersCalled, a.confirmed, percent(a.confirmationRate), a.firstCalls, a.minutesToFirstCall ?? ''])
  }
  const list = table === 'wilayas' ? figures.byWilaya : table === 'products' ? figures.byProduct : figures.bySource
  return list.map((row) => [
    row.key,
    locale === 'ar' ? row.label.ar : row.label.fr,
    row.orders,
    row.confirmed,
    row.shipped,
    row.delivered,
    row.returned,
    percent(row.confirmationRate),
    percent(row.deliveryRate),
    percent(row.returnRate),
  ])
}

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

  // figures on the agents' work and the shop's outcomes: for those who run the shop, not for the agents themselves
  const managers = requireStaff('orders.manage')
  api.get(
    '/dashboard/call-figures',
    {
      schema: {
        tags: ['admin'],
        summary: 'Calls per agent and day; confirmation, delivery and return rates by wilaya, product and source',
        querystring: callFiguresQuery,
        response: ok(callFiguresReply),
      },
      onRequest: managers,
    },
    async (request, reply) => reply.ok(await callFigures(app.db, periodOf(request.query))),
  )

  api.get(
    '/dashboard/call-figures.csv',
    {
      schema: { tags: ['admin'], summary: 'One table of the call figures as CSV', querystring: callFiguresCsvQuery, response: { 200: z.string() } },
      onRequest: managers,
    },
    async (request, reply) => {
      const { table } = request.query
      const period = periodOf(request.query)
      const figures = await callFigures(app.db, period)
      const body = csvDocument([CSV_HEADERS[request.locale][table], ...csvRows(figures, table, request.locale)])
      return sendCsv(reply, `figures-${table}-${period.from}-${period.to}.csv`, body)
    },
  )
}
