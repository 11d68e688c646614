import type { OrderStatus } from '@shop/shared'

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
  revenueToday: number
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
