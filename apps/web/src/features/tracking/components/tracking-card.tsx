import '../../../lib/arabic-texts/tracking.ts'
import { formatPrice, type TrackedOrder } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { useLocale } from '@shop/client-kit'
import { trackedTotal } from '../tracked-order.ts'
import { StatusBadge } from './status-badge.tsx'

export interface TrackingCardProps {
  order: TrackedOrder
  onDetails: () => void
}

export function formatTrackingDate(date: string, locale: string): string {
  const value = new Date(date)
  if (Number.isNaN(value.getTime())) return ''
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(value)
}

export function TrackingCard({ order, onDetails }: TrackingCardProps) {
  const { t } = useTranslation('tracking')
  const locale = useLocale()
  const image = order.firstProduct?.image ?? null
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-line bg-white/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {t('card.number')} <bdi dir="ltr">{order.trackingNumber}</bdi>
        </p>
        <StatusBadge status={order.status} />
      </div>
      <p className="text-sm text-muted">{formatTrackingDate(order.orderDate, locale)}</p>
      {order.firstProduct ? (
        <div className="flex items-center gap-3">
          <span className="size-14 shrink-0 overflow-hidden rounded-md bg-surface">
            {image ? <img src={image} alt="" width={56} height={56} loading="lazy" className="size-full object-cover" /> : null}
          </span>
          <span className="min-w-0">
            <span className="block truncate font-medium">{order.firstProduct.name || t('details.productFallback')}</span>
            <span className="block text-sm text-muted">{formatPrice(order.firstProduct.price, locale)}</span>
          </span>
        </div>
      ) : null}
      <p className="text-sm">
        <bdi>{order.customerName}</bdi> · {t('card.place', { city: order.shippingAddress.cityName, state: order.shippingAddress.stateName })}
      </p>
      <div className="flex items-center justify-between border-t border-line pt-2">
        <span className="font-bold">{formatPrice(trackedTotal(order), locale)}</span>
        <button type="button" onClick={onDetails} className="inline-flex min-h-11 items-center rounded-md border border-ink/20 px-4 text-sm font-semibold hover:bg-surface">
          {t('card.details')}
        </button>
      </div>
    </li>
  )
}
