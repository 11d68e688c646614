import type { TrackedOrder } from '@shop/shared'

/** Converts the tracking reply's hundredths to the whole dinars every price display takes. */
export function trackedTotal(order: Pick<TrackedOrder, 'totalAmount'>): number {
  return Math.round(order.totalAmount / 100)
}
