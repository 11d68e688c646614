import { ORDER_STATUSES, type OrderStatus } from '@shop/shared'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { OrderStatusChip } from '../../../components/ui/order-status-chip.tsx'
import { tableClasses as c } from '../../../components/ui/table-classes.ts'

export interface OrdersByStatusTableProps {
  counts: Record<OrderStatus, number>
}

/** Every status in the order of an order's life, zeros included, so the table never changes shape. */
export function OrdersByStatusTable({ counts }: OrdersByStatusTableProps) {
  const { t } = useTranslation('dashboard')
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h2 id={titleId} className="text-base font-semibold">
        {t('byStatus.title')}
      </h2>
      <div className={c.box}>
        <table className={c.table} aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col" className={c.th}>
                {t('byStatus.status')}
              </th>
              <th scope="col" className={c.thFigure}>
                {t('byStatus.count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {ORDER_STATUSES.map((status) => {
              const count = counts[status] ?? 0
              return (
                <tr key={status}>
                  <th scope="row" className={`${c.td} font-normal`}>
                    <OrderStatusChip status={status} />
                  </th>
                  <td className={`${c.tdFigure} ${count === 0 ? 'text-muted' : 'font-semibold'}`}>{count}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </section>
  )
}
