import type { OrderStatus, RevenueGroup } from '@shop/shared'

export interface LowStockVariant {
  variantId: string
  productId: string
  productName: { ar: string; fr: string }
  size: string
  /** A colour key of the shared palette ('navy'). */
  color: string
  stock: number
}

/** `GET /admin/dashboard`: "today" is the shop's day in Algeria; cancelled and deleted orders are not counted in it. */
export interface DashboardFigures {
  ordersToday: number
  /** Every order placed today but cancelled ones, confirmed or not: shown only by servers without the groups. */
  revenueToday: number
  /** Today's orders by where their money stands; older servers do not send it. */
  revenueTodayByGroup?: Record<RevenueGroup, { orders: number; amount: number }>
  awaitingConfirmation: number
  ordersByStatus: Record<OrderStatus, number>
  lowStock: LowStockVariant[]
  /** The last 30 days, oldest first; older servers do not send it. */
  last30Days?: DayFigures[]
}

export interface DayFigures {
  /** '2025-11-21', the shop's day in Algeria. */
  date: string
  orders: number
  revenue: number
}
