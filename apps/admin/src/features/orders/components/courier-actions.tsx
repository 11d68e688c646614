import type { ShipReply } from '@shop/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { isolate } from '../../../lib/bidi.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useBulkShip, useRefreshShipments } from '../api/use-shipping.ts'

/**
 * The couriers from the order list: every confirmed order shipped at once (each refusal listed with its reason),
 * and "refresh now" (the couriers asked about every parcel still moving, as the half-hourly job does).
 */
export function CourierActions() {
  const { t } = useTranslation('orders')
  const ship = useBulkShip()
  const refresh = useRefreshShipments()
  const error = useErrorMessage(ship.error ?? refresh.error)
  const [shipped, setShipped] = useState<ShipReply | null>(null)

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={ship.isPending}
          onClick={() => {
            if (window.confirm(t('couriers.shipConfirmedAsk'))) ship.mutate({ allConfirmed: true }, { onSuccess: setShipped })
          }}
        >
          {t('couriers.shipConfirmed')}
        </button>
        <button type="button" className={buttonClass('ghost')} disabled={refresh.isPending} onClick={() => refresh.mutate()}>
          {refresh.isPending ? t('couriers.refreshing') : t('couriers.refresh')}
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {refresh.data ? (
        <p role="status" className="text-sm">
          {t('couriers.refreshed', { parcels: refresh.data.shipments, events: refresh.data.events })}
          {refresh.data.failed > 0 ? ` ${t('couriers.refreshFailed', { accounts: refresh.data.failed })}` : ''}
        </p>
      ) : null}
      {shipped ? (
        <section aria-label={t('bulk.shipResults')} className="rounded-md border border-line bg-white p-2 text-sm" aria-live="polite">
          <p className="font-semibold">{t('couriers.shippedSummary', { ok: shipped.okCount, failed: shipped.failedCount })}</p>
          <ul className="mt-1 flex flex-col gap-0.5">
            {shipped.results
              .filter((r) => !r.ok)
              .map((r) => (
                <li key={r.orderId}>
                  <bdi dir="ltr" className="font-semibold">
                    {r.trackingNumber ?? r.orderId}
                  </bdi>
                  {' · '}
                  {isolate(r.reason?.message ?? '')}
                </li>
              ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
