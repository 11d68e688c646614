import { type AdminOrder, colorName, formatPrice } from '@shop/shared'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { isolate } from '../../../lib/bidi.ts'
import { formatShortDate } from '../../../lib/dates.ts'
import { pickLocalized } from '@shop/shared'
import { shopSettingsQuery, useShopName } from '../../../lib/shop-settings.ts'
import { useLocale } from '@shop/client-kit'
import { Barcode, isCode128Text } from './barcode.tsx'

export interface DeliverySlipProps {
  order: AdminOrder
  /** Shown on screen too (the batch page previews the slips); otherwise the slip exists only on paper. */
  isOnScreen?: boolean
}

/** What the barcode carries: the courier's parcel number once known, else the shop's order number. */
export function slipBarcodeValue(order: Pick<AdminOrder, 'deliveryTrackingId' | 'trackingNumber'>): string {
  const courier = order.deliveryTrackingId?.trim()
  return courier && isCode128Text(courier) ? courier : order.trackingNumber
}

/**
 * The parcel's slip: an A6 page (see `.delivery-slip` in index.css) with the shop and its phone, a Code 128
 * barcode, the customer, the address, each product with size, colour and quantity, and the amount the courier
 * collects (nothing when already paid). Several slips in a row print one per page.
 */
export function DeliverySlip({ order, isOnScreen = false }: DeliverySlipProps) {
  const { t } = useTranslation('orders')
  const locale = useLocale()
  const shop = useShopName()
  const settings = useQuery(shopSettingsQuery)
  const shopPhone = settings.data?.phone
  const name = order.customerName || `${order.customer.firstName} ${order.customer.lastName}`.trim()
  const toCollect = order.amountToCollect
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0)
  const barcode = slipBarcodeValue(order)
  return (
    <article
      className={`delivery-slip text-black ${isOnScreen ? 'mx-auto w-full max-w-[105mm] border border-line bg-white p-[6mm] print:border-0 print:p-0' : 'hidden print:block'}`}
      aria-hidden={isOnScreen ? undefined : true}
      aria-label={isOnScreen ? order.trackingNumber : undefined}
      data-slip={order.trackingNumber}
    >
      <div className="flex items-start justify-between gap-2 border-b-2 border-black pb-1">
        <div>
          <span className="block text-xs">{t('slip.from')}</span>
          <strong className="text-lg leading-tight">{shop}</strong>
          {shopPhone ? (
            <span className="block text-sm font-semibold">
              <bdi dir="ltr">{shopPhone}</bdi>
            </span>
          ) : null}
        </div>
        <span className="text-xs">{formatShortDate(order.createdAt, locale)}</span>
      </div>
      <div className="mt-2">
        <Barcode value={barcode} label={t('slip.barcodeOf', { value: isolate(barcode) })} />
      </div>
      {barcode !== order.trackingNumber ? (
        <p className="mt-1 text-center text-base font-bold tracking-wider">
          <bdi dir="ltr">{order.trackingNumber}</bdi>
        </p>
      ) : null}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-sm">
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
      </dl>
      <table className="mt-2 w-full border-collapse text-xs" aria-label={t('slip.products')}>
        <thead>
          <tr className="border-b border-black">
            <th scope="col" className="py-0.5 text-start">
              {t('slip.products')} ({t('slip.units', { count: units })})
            </th>
            <th scope="col" className="px-1 py-0.5 text-start">
              {t('slip.size')}
            </th>
            <th scope="col" className="px-1 py-0.5 text-start">
              {t('slip.color')}
            </th>
            <th scope="col" className="py-0.5 text-end">
              {t('slip.qty')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item._id} className="border-b border-black/30 align-top">
              <td className="py-0.5">
                <bdi>{pickLocalized(item.nameAr ?? item.name, item.nameFr ?? item.name, locale)}</bdi>
                {item.sku ? (
                  <span className="block text-[9pt]">
                    <bdi dir="ltr">{item.sku}</bdi>
                  </span>
                ) : null}
              </td>
              <td className="px-1 py-0.5">
                <bdi dir="ltr">{item.size}</bdi>
              </td>
              <td className="px-1 py-0.5">
                <bdi>{colorName(item.color, locale)}</bdi>
              </td>
              <td className="py-0.5 text-end font-bold">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 border-2 border-black p-2 text-center text-lg font-bold">
        {toCollect > 0 ? t('slip.collect', { amount: formatPrice(toCollect, locale) }) : t('slip.paid')}
      </p>
    </article>
  )
}
