import { type AdminOrderRow, formatPrice } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { OrderStatusChip } from '../../../components/ui/order-status-chip.tsx'
import { tableClasses } from '../../../components/ui/table-classes.ts'
import { isolate } from '../../../lib/bidi.ts'
import { formatDateTime } from '../../../lib/dates.ts'
import { useLocale } from '@shop/client-kit'

export interface OrdersTableProps {
  orders: AdminOrderRow[]
  /** Kept for the order page's back link, so staff come back to the same filtered page. */
  listSearch: string
  /** The orders ticked for printing their slips together; without it, no tick boxes. */
  selected?: ReadonlySet<string>
  onSelect?: (ids: string[], isSelected: boolean) => void
}

/** One table for phones and laptops: on a phone the secondary columns step aside, the call-relevant ones stay. */
// Tighter cells on a phone, so number, customer, status and total fit 390 px without scrolling sideways.
const tight = (classes: string) => classes.replace('px-3', 'px-2 md:px-3')

export function OrdersTable({ orders, listSearch, selected, onSelect }: OrdersTableProps) {
  const { t } = useTranslation('orders')
  const locale = useLocale()
  const wide = 'hidden md:table-cell'
  const c = {
    ...tableClasses,
    th: tight(tableClasses.th),
    thFigure: tight(tableClasses.thFigure),
    td: tight(tableClasses.td),
    tdFigure: tight(tableClasses.tdFigure),
  }
  return (
    <div className={`${c.box} max-h-[calc(100dvh-16rem)] min-h-40`}>
      <table className={c.table} aria-label={t('list.tableLabel')}>
        <thead>
          <tr>
            {selected && onSelect ? (
              // printing slips is desk work: on a phone the column steps aside so the list fits 390 px
              <th scope="col" className={`${c.th} ${wide} w-10`}>
                <input
                  type="checkbox"
                  aria-label={t('select.all')}
                  checked={orders.length > 0 && orders.every((o) => selected.has(o._id))}
                  onChange={(event) => onSelect(orders.map((o) => o._id), event.target.checked)}
                  className="size-5 accent-brand"
                />
              </th>
            ) : null}
            <th scope="col" className={c.th}>
              {t('list.number')}
            </th>
            <th scope="col" className={`${c.th} ${wide}`}>
              {t('list.date')}
            </th>
            <th scope="col" className={c.th}>
              {t('list.customer')}
            </th>
            <th scope="col" className={`${c.th} ${wide}`}>
              {t('list.wilaya')}
            </th>
            <th scope="col" className={c.th}>
              {t('list.status')}
            </th>
            <th scope="col" className={`${c.th} hidden lg:table-cell`}>
              {t('list.payment')}
            </th>
            <th scope="col" className={`${c.thFigure} ${wide}`}>
              {t('list.calls')}
            </th>
            <th scope="col" className={c.thFigure}>
              {t('list.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id} className="hover:bg-paper">
              {selected && onSelect ? (
                <td className={`${c.td} ${wide}`}>
                  <input
                    type="checkbox"
                    aria-label={t('select.one', { number: isolate(order.trackingNumber) })}
                    checked={selected.has(order._id)}
                    onChange={(event) => onSelect([order._id], event.target.checked)}
                    className="size-5 accent-brand"
                  />
                </td>
              ) : null}
              <th scope="row" className={`${c.td} text-xs font-semibold whitespace-nowrap md:text-sm`}>
                <Link
                  to={`/orders/${order._id}`}
                  state={{ listSearch }}
                  className="text-brand underline-offset-2 hover:underline"
                >
                  <bdi dir="ltr">{order.trackingNumber}</bdi>
                </Link>
                {order.source !== 'storefront' ? (
                  <span className="block text-xs font-normal text-muted">{t(`source.${order.source}`)}</span>
                ) : null}
                {order.hasReturnRequest ? (
                  <span className="ms-2 rounded-full bg-clay-soft px-2 py-0.5 text-xs font-semibold text-clay-ink">
                    {t('list.returnFlag')}
                  </span>
                ) : null}
              </th>
              <td className={`${c.td} ${wide} whitespace-nowrap text-muted`}>
                {formatDateTime(order.createdAt, locale)}
              </td>
              <td className={`${c.td} text-xs md:text-sm`}>
                <span className="block font-medium">
                  <bdi>{order.customerName}</bdi>
                </span>
                <a href={`tel:${order.phone}`} className="text-xs text-muted underline-offset-2 hover:underline">
                  <bdi dir="ltr">{order.phone}</bdi>
                </a>
              </td>
              <td className={`${c.td} ${wide}`}>
                <span className="block">
                  <bdi dir="ltr">{String(order.wilayaCode).padStart(2, '0')}</bdi> {order.wilayaName}
                </span>
                <span className="text-xs text-muted">
                  {order.communeName} · {t(`deliveryType.${order.deliveryType}`)}
                </span>
              </td>
              <td className={c.td}>
                <OrderStatusChip status={order.status} />
              </td>
              <td className={`${c.td} hidden lg:table-cell`}>
                <span className="block">{t(`paymentMethod.${order.paymentMethod}`)}</span>
                {order.paymentMethod !== 'cash_on_delivery' ? (
                  <span className={`text-xs ${order.paymentStatus === 'paid' ? 'text-brand' : 'text-muted'}`}>
                    {t(`paymentStatus.${order.paymentStatus}`)}
                  </span>
                ) : null}
              </td>
              <td className={`${c.tdFigure} ${wide}`}>{order.callAttempts}</td>
              <td className={`${c.tdFigure} text-xs font-semibold whitespace-nowrap md:text-sm`}>
                {formatPrice(order.totalAmount, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
