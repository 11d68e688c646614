import '../../../lib/arabic-texts/tracking.ts'
import { useLocale } from '@shop/client-kit'
import { colorName, formatPrice, type TrackedOrder } from '@shop/shared'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { IconClose } from '../../../components/icons/icon-close.tsx'
import { useTrackedOrderDetails } from '../api/use-tracking.ts'
import { trackedTotal } from '../tracked-order.ts'
import { CourierTimeline } from './courier-timeline.tsx'
import { StatusBadge } from './status-badge.tsx'
import { formatTrackingDate } from './tracking-card.tsx'
import { TrackingTimeline } from './tracking-timeline.tsx'

export interface TrackingDetailsModalProps {
  /** The card's summary: shown while the details load or fail. */
  order: TrackedOrder | null
  phoneNumber: string
  onClose: () => void
}

export function TrackingDetailsModal({ order, phoneNumber, onClose }: TrackingDetailsModalProps) {
  const { t } = useTranslation('tracking')
  const locale = useLocale()
  const dialog = useRef<HTMLDialogElement>(null)
  const details = useTrackedOrderDetails(order?._id ?? null, phoneNumber)
  const shown = details.data ?? order

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (order && !element.open) element.showModal?.()
    if (!order && element.open) element.close?.()
  }, [order])

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled by the modal dialog itself
    <dialog
      ref={dialog}
      aria-labelledby="tracking-details-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
      className="m-auto max-h-[90dvh] w-[min(40rem,calc(100vw-1rem))] overflow-y-auto rounded-lg bg-paper p-0 text-ink backdrop:bg-ink/40"
    >
      {shown ? (
        <div className="flex flex-col gap-5 p-5">
          <div className="flex items-center justify-between">
            <h2 id="tracking-details-title" className="text-lg font-semibold">
              {t('details.title')}
            </h2>
            <button type="button" onClick={onClose} aria-label={t('details.close')} className="-me-2 inline-flex size-11 items-center justify-center rounded-md hover:bg-surface">
              <IconClose />
            </button>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <p className="font-semibold">
                {t('card.number')} <bdi dir="ltr">{shown.trackingNumber}</bdi>
              </p>
              <p className="text-sm text-muted">{formatTrackingDate(shown.orderDate, locale)}</p>
            </div>
            <StatusBadge status={shown.status} />
          </div>
          {details.isPending ? (
            <p role="status" className="flex items-center gap-2 text-muted">
              <span aria-hidden="true" className="size-5 rounded-full border-2 border-brand border-t-transparent motion-safe:animate-spin" />
              {t('details.loading')}
            </p>
          ) : details.isError ? (
            <div role="alert" className="flex flex-col items-start gap-2 rounded-md bg-sale/10 p-3 text-sm text-sale">
              {t('details.failed')}
              <button type="button" onClick={() => void details.refetch()} className="inline-flex min-h-11 items-center rounded-md border border-sale/40 px-3 font-semibold">
                {t('details.retry')}
              </button>
            </div>
          ) : null}
          <TrackingTimeline status={shown.status} />
          {details.data?.courier ? <CourierTimeline events={details.data.courier} /> : null}
          {details.data?.items?.length ? (
            <section aria-labelledby="tracking-items">
              <h3 id="tracking-items" className="font-semibold">
                {t('details.items')}
              </h3>
              <ul className="mt-2 flex flex-col divide-y divide-line">
                {details.data.items.map((item, index) => {
                  const image = item.product.image
                  return (
                    <li key={`${item.product.name}-${index}`} className="flex items-center gap-3 py-2">
                      <span className="size-12 shrink-0 overflow-hidden rounded-md bg-surface">
                        {image ? <img src={image} alt="" width={48} height={48} loading="lazy" className="size-full object-cover" /> : null}
                      </span>
                      <span className="flex-1">
                        <span className="block">{item.product.name || t('details.productFallback')}</span>
                        <span className="block text-sm text-muted">
                          {[
                            item.size ? t('details.size', { size: item.size }) : '',
                            item.color ? t('details.color', { color: colorName(item.color, locale) }) : '',
                            t('details.quantity', { count: item.quantity }),
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </span>
                      <span className="font-medium">{formatPrice(item.price * item.quantity, locale)}</span>
                    </li>
                  )
                })}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="tracking-address">
            <h3 id="tracking-address" className="font-semibold">
              {t('details.address')}
            </h3>
            <p className="mt-1 text-sm">
              <bdi>{shown.customerName}</bdi>
              <br />
              {shown.shippingAddress.address ? (
                <>
                  <bdi>{shown.shippingAddress.address}</bdi>
                  <br />
                </>
              ) : null}
              {t('card.place', { city: shown.shippingAddress.cityName, state: shown.shippingAddress.stateName })}
              {shown.shippingAddress.postalCode ? ` ${shown.shippingAddress.postalCode}` : ''}
            </p>
          </section>
          <dl className="flex flex-col gap-2 border-t border-line pt-3">
            {shown.subtotal !== undefined ? (
              <div className="flex justify-between gap-4">
                <dt>{t('details.subtotal')}</dt>
                <dd>{formatPrice(shown.subtotal, locale)}</dd>
              </div>
            ) : null}
            {shown.discountAmount ? (
              <div className="flex justify-between gap-4 text-sale">
                <dt>{t('details.discount')}</dt>
                <dd>{formatPrice(-shown.discountAmount, locale)}</dd>
              </div>
            ) : null}
            {shown.shippingFee !== undefined ? (
              <div className="flex justify-between gap-4">
                <dt>{t('details.deliveryFee')}</dt>
                <dd>{shown.shippingFee === 0 ? t('details.freeDelivery') : formatPrice(shown.shippingFee, locale)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4 text-lg font-bold">
              <dt>{t('details.total')}</dt>
              <dd>{formatPrice(trackedTotal(shown), locale)}</dd>
            </div>
          </dl>
        </div>
      ) : null}
    </dialog>
  )
}
