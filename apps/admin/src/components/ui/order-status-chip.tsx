import type { OrderStatus } from '@shop/shared'
import { useTranslation } from 'react-i18next'

// Red is kept for errors: a cancelled order is grey, not alarming. Each pair passes WCAG AA.
const TONE = {
  pending: 'bg-amber-soft text-amber-ink',
  confirmed: 'bg-blue-soft text-blue-ink',
  processing: 'bg-violet-soft text-violet-ink',
  shipped: 'bg-teal-soft text-teal-ink',
  out_for_delivery: 'bg-teal-soft text-teal-ink',
  delivered: 'bg-brand-soft text-brand',
  returned: 'bg-clay-soft text-clay-ink',
  cancelled: 'bg-surface text-muted',
  deleted: 'bg-surface text-muted',
} as const satisfies Record<OrderStatus, string>

export interface OrderStatusChipProps {
  status: OrderStatus
}

/** An order status as a coloured chip that always carries its name: colour alone says nothing to some readers. */
export function OrderStatusChip({ status }: OrderStatusChipProps) {
  const { t } = useTranslation()
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[status]}`}>
      {t(`orderStatus.${status}`)}
    </span>
  )
}
