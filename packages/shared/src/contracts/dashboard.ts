import { z } from 'zod'
import { ORDER_STATUSES } from '../orders.ts'
import { count, isoDay } from './http.ts'

/** `GET /admin/dashboard`: "today" is the shop's day in Algeria; cancelled and deleted orders are not counted in it. */

export const lowStockVariant = z.object({
  variantId: z.string(),
  productId: z.string(),
  productName: z.object({ ar: z.string(), fr: z.string() }),
  size: z.string(),
  /** A colour key of the shared palette ('navy'). */
  color: z.string(),
  stock: z.number().int(),
})
export type LowStockVariant = z.output<typeof lowStockVariant>

export const dayFigures = z.object({
  /** '2025-11-21', the shop's day in Algeria. */
  date: isoDay,
  orders: count,
  revenue: count,
})
export type DayFigures = z.output<typeof dayFigures>

const groupFigures = z.object({ orders: count, amount: count })

export const dashboardFigures = z.object({
  ordersToday: count,
  /** Every order placed today but cancelled and deleted ones, confirmed or not. */
  revenueToday: count,
  /** Today's orders by where their money stands: not confirmed yet, confirmed and still to deliver, delivered. */
  revenueTodayByGroup: z.object({ pending: groupFigures, toDeliver: groupFigures, delivered: groupFigures }),
  awaitingConfirmation: count,
  ordersByStatus: z.record(z.enum(ORDER_STATUSES), count),
  lowStock: z.array(lowStockVariant),
  /** The last 30 days, oldest first. */
  last30Days: z.array(dayFigures),
})
export type DashboardFigures = z.output<typeof dashboardFigures>
