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

/**
 * `GET /admin/dashboard/call-figures?from&to`: the confirmation calls and what became of the orders, over shop
 * days in Algeria (`from` and `to` included; the last 30 days when not given).
 */
export const callFiguresQuery = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
})

/** A share between 0 and 1, or null when there is nothing to divide by. */
const rate = z.number().min(0).max(1).nullable()

/** One agent's calls on one day: every call outcome they recorded that day. */
export const agentDayFigures = z.object({
  date: isoDay,
  staffId: z.string(),
  staffName: z.string(),
  calls: count,
  /** Orders they called that day. */
  ordersCalled: count,
  /** Of those, the orders they confirmed. */
  confirmed: count,
  /** confirmed / ordersCalled. */
  confirmationRate: rate,
  /** Orders whose first call they made that day, and the mean wait from the order to that call, in minutes. */
  firstCalls: count,
  minutesToFirstCall: z.number().nullable(),
})
export type AgentDayFigures = z.output<typeof agentDayFigures>

/** The orders placed in the period with one wilaya, one product or one source. */
export const outcomeFigures = z.object({
  /** The wilaya's code, the product's id or the source ('storefront', 'whatsapp'...). */
  key: z.string(),
  /** The wilaya's or the product's name (the source's key for sources). */
  label: z.object({ ar: z.string(), fr: z.string() }),
  orders: count,
  /** Orders that were confirmed (even if cancelled afterwards). */
  confirmed: count,
  /** Orders handed to delivery: shipped, out for delivery, delivered or returned. */
  shipped: count,
  delivered: count,
  returned: count,
  /** confirmed / orders, delivered / shipped, returned / shipped. */
  confirmationRate: rate,
  deliveryRate: rate,
  returnRate: rate,
})
export type OutcomeFigures = z.output<typeof outcomeFigures>

export const callFigures = z.object({
  from: isoDay,
  to: isoDay,
  /** Newest day first, then the agent's name. */
  agents: z.array(agentDayFigures),
  /** Most orders first. */
  byWilaya: z.array(outcomeFigures),
  byProduct: z.array(outcomeFigures),
  bySource: z.array(outcomeFigures),
})
export type CallFigures = z.output<typeof callFigures>

/** `GET /admin/dashboard/call-figures.csv?table&from&to`: one of the four tables as CSV. */
export const CALL_FIGURES_TABLES = ['agents', 'wilayas', 'products', 'sources'] as const
export type CallFiguresTable = (typeof CALL_FIGURES_TABLES)[number]
export const callFiguresCsvQuery = callFiguresQuery.extend({ table: z.enum(CALL_FIGURES_TABLES) })
