import { formatPrice } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { formatShortDate } from '../../../lib/dates.ts'
import { useShopName } from '../../../lib/shop-settings.ts'
import { useLocale } from '../../../lib/use-locale.ts'
import type { OrderDetail } from '../types.ts'

export interface DeliverySlipProps {
  order: OrderDetail
}

/**
 * The parcel's slip, only on paper: an A6 page (see `.delivery-slip` in index.css) with the shop, the order
 * number, the customer, the address and the amount the courier collects (nothing when already paid).
 */
export function DeliverySlip({ order }: DeliverySlipProps) {
  const { t } = useTranslation('orders')
  const locale = useLocale()
  const shop = useShopName()
  const name = order.customerName || `${order.customer.firstName} ${order.customer.lastName}`.trim()
  const toCollect = order.amountToCollect
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0)
  return (
    <div className="delivery-slip hidden text-black print:block" aria-hidden="true">
      <div className="flex items-baseline justify-between border-b-2 border-black pb-1">
        <strong className="text-lg">{shop}</strong>
        <span className="text-xs">{formatShortDate(order.createdAt, locale)}</span>
      </div>
      <p className="mt-2 text-center text-2xl font-bold tracking-wider">
        <bdi dir="ltr">{order.trackingNumber}</bdi>
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
        <dt>{t('slip.to')}</dt>
        <dd className="font-bold">
          <bdi>{name}</bdi>
        </dd>
        <dt>{t('customer.phone')}</dt>
        <dd className="font-bold">
          <bdi dir="ltr">{order.phone}</bdi>
        </dd>
        <dt>{t('customer.wilaya')}</dt>
        <dd>
          <bdi dir="ltr">{String(order.address.wilayaCode).padStart(2, '0')}</bdi> {order.address.wilayaName} · {order.address.communeName}
        </dd>
        <dt>{t('customer.deliveryType')}</dt>
        <dd>{t(`deliveryType.${order.deliveryType}`)}</dd>
        {order.address.street ? (
          <>
            <dt>{t('customer.address')}</dt>
            <dd>
              <bdi>{order.address.street}</bdi>
            </dd>
          </>
        ) : null}
        <dt>{t('slip.content')}</dt>
        <dd>{t('slip.units', { count: units })}</dd>
        {order.deliveryTrackingId ? (
          <>
            <dt>{t('edit.deliveryTrackingId')}</dt>
            <dd>
              <bdi dir="ltr">{order.deliveryTrackingId}</bdi>
            </dd>
          </>
        ) : null}
      </dl>
      <p className="mt-3 border-2 border-black p-2 text-center text-lg font-bold">
        {t('slip.collect', { amount: formatPrice(toCollect, locale) })}
      </p>
    </div>
  )
}
