import { useLocale } from '@shop/client-kit'
import { colorName, formatPrice } from '@shop/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../components/ui/toast.ts'
import { useApiErrorText } from '../../../lib/error-text.ts'
import { useRequestReturn } from '../api/use-orders.ts'
import type { ClientOrder } from '@shop/shared'

const SHOWN_ITEMS = 3

const STATUS_TONE: Record<string, string> = {
  delivered: 'bg-brand/10 text-brand',
  cancelled: 'bg-sale/10 text-sale',
  deleted: 'bg-sale/10 text-sale',
  returned: 'bg-sale/10 text-sale',
}

export interface OrderCardProps {
  order: ClientOrder
}

export function OrderCard({ order }: OrderCardProps) {
  const { t } = useTranslation('account')
  const locale = useLocale()
  const errorText = useApiErrorText()
  const requestReturn = useRequestReturn()
  const [asking, setAsking] = useState(false)
  const [reason, setReason] = useState('')
  const hidden = order.orderItems.length - SHOWN_ITEMS
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(order.createdAt))
  const timeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  const { address: street, cityName, stateName } = order.shippingAddress
  const address = [street, cityName, stateName].filter(Boolean).join(locale === 'ar' ? '، ' : ', ')
  // without the list's history (an older reply), the timeline starts and ends at the current status
  const history = order.history?.length ? order.history : [{ status: order.status, date: order.createdAt }]

  return (
    <li className="flex flex-col gap-3 rounded-lg border border-line bg-white/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {t('orders.number')} <bdi dir="ltr">{order.trackingNumber}</bdi>
        </p>
        <span className={`rounded-full px-3 py-1 text-xs font-semibold ${STATUS_TONE[order.status] ?? 'bg-surface text-ink'}`}>
          {t(`status.${order.status}`, { defaultValue: order.status })}
        </span>
      </div>
      <p className="text-sm text-muted">{date}</p>
      <ul className="flex flex-col gap-2 text-sm">
        {order.orderItems.slice(0, SHOWN_ITEMS).map((item) => (
          <li key={item._id} className="flex justify-between gap-3">
            <span className="min-w-0">
              <span className="block truncate">
                {item.product.name} × {item.quantity}
              </span>
              {item.size || item.color ? (
                <span className="block text-muted">
                  {item.size ? <span className="me-3">{t('orders.size', { size: item.size })}</span> : null}
                  {item.color ? <span>{t('orders.color', { color: colorName(item.color, locale) })}</span> : null}
                </span>
              ) : null}
            </span>
            <span className="shrink-0">{formatPrice(item.lineTotal, locale)}</span>
          </li>
        ))}
        {hidden > 0 ? <li className="text-muted">{t('orders.moreItems', { count: hidden })}</li> : null}
      </ul>
      <div className="text-sm">
        <p className="font-medium">{t(`orders.delivery.${order.shippingAddress.type}`)}</p>
        <p className="text-muted">{address}</p>
      </div>
      {history.length > 0 ? (
        <div className="text-sm">
          <p className="font-medium">{t('orders.timeline')}</p>
          <ol aria-label={t('orders.timeline')} className="mt-1 flex flex-col gap-1 border-s-2 border-brand/30 ps-3">
            {history.map((entry, index) => (
              <li key={`${entry.status}-${index}`} className="flex flex-wrap justify-between gap-x-3">
                <span className={index === history.length - 1 ? 'font-semibold' : ''}>{t(`status.${entry.status}`, { defaultValue: entry.status })}</span>
                <span className="text-muted">{timeFormat.format(new Date(entry.date))}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <div className="flex items-center justify-between border-t border-line pt-2">
        <span className="text-sm text-muted">
          {t(`payment.${order.paymentStatus}`)}
        </span>
        <span className="font-bold">{formatPrice(order.totalAmount, locale)}</span>
      </div>
      {order.returnRequest ? (
        <p className="text-sm text-brand">{t('orders.returnRequested')}</p>
      ) : order.status === 'delivered' ? (
        asking ? (
          <form
            className="flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault()
              requestReturn.mutate(
                { orderId: order._id, reason: reason.trim() || t('orders.returnDefaultReason') },
                {
                  onSuccess: () => {
                    toast.success(t('orders.returnDone'))
                    setAsking(false)
                  },
                  onError: (error) => toast.error(errorText(error, t('orders.returnFailed'))),
                },
              )
            }}
          >
            <label htmlFor={`reason-${order._id}`} className="text-sm font-medium">
              {t('orders.returnReason')}
            </label>
            <textarea id={`reason-${order._id}`} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} className="rounded-md border border-ink/25 bg-white p-2" />
            <div className="flex gap-2">
              <button type="submit" disabled={requestReturn.isPending} className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-60">
                {t('orders.returnSend')}
              </button>
              <button type="button" onClick={() => setAsking(false)} className="inline-flex min-h-11 items-center px-3">
                {t('orders.cancel')}
              </button>
            </div>
          </form>
        ) : (
          <button type="button" onClick={() => setAsking(true)} className="inline-flex min-h-11 items-center self-start rounded-md border border-ink/20 px-4 text-sm font-semibold">
            {t('orders.requestReturn')}
          </button>
        )
      ) : null}
    </li>
  )
}
