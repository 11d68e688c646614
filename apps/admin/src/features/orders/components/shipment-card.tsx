import { useLocale } from '@shop/client-kit'
import { formatPrice, type ShipmentReply } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { isolate } from '../../../lib/bidi.ts'
import { formatDateTime } from '../../../lib/dates.ts'
import { labelUrl } from '../api/use-shipping.ts'

export interface ShipmentCardProps {
  shipment: ShipmentReply
  isBusy: boolean
  onCancel: () => void
}

/** One parcel: tracking number, courier, status, cash to collect, label, cancel before pickup, and the courier's timeline (newest first). */
export function ShipmentCard({ shipment, isBusy, onCancel }: ShipmentCardProps) {
  const { t } = useTranslation('orders')
  const locale = useLocale()
  return (
    <article aria-label={t('shipping.parcel', { tracking: isolate(shipment.tracking) })} className="rounded-md border border-line p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          <bdi dir="ltr">{shipment.tracking}</bdi>
          <span className="ms-2 font-normal text-muted">
            {shipment.accountName}
            {shipment.kind === 'exchange' ? ` · ${t('shipping.kind.exchange')}` : ''}
          </span>
        </p>
        <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold" data-testid="shipment-status">
          {t(`shipping.status.${shipment.status}`)}
        </span>
      </div>
      <p className="mt-1 text-muted">
        {t('shipping.cod', { amount: formatPrice(shipment.codAmount, locale) })}
        {shipment.failure ? ` · ${t(`shipping.failure.${shipment.failure}`)}` : ''}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {shipment.status !== 'cancelled' ? (
          <a href={labelUrl(shipment._id)} target="_blank" rel="noopener" className={buttonClass('secondary')}>
            {t('shipping.label')}
          </a>
        ) : null}
        {shipment.cancellable ? (
          <button type="button" className={buttonClass('ghost')} disabled={isBusy} onClick={onCancel}>
            {t('shipping.cancel')}
          </button>
        ) : null}
      </div>
      {shipment.events.length > 0 ? (
        <ol aria-label={t('shipping.timeline')} className="mt-3 flex flex-col gap-1.5 border-s-2 border-line ps-3">
          {[...shipment.events].reverse().map((event, index) => (
            <li key={`${event.occurredAt}-${index}`}>
              <p>
                <span className="font-medium">{t(`shipping.status.${event.status}`)}</span>{' '}
                <bdi dir="ltr" className="text-muted">
                  ({event.statusRaw})
                </bdi>
              </p>
              <p className="text-xs text-muted">
                {formatDateTime(event.occurredAt, locale)}
                {event.reason ? (
                  <>
                    {' · '}
                    <bdi>{event.reason}</bdi>
                  </>
                ) : null}
                {event.centre ? (
                  <>
                    {' · '}
                    <bdi>{event.centre}</bdi>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ol>
      ) : null}
    </article>
  )
}
