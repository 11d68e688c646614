import { type AdminOrder, READY_TO_SHIP_STATUSES, type ShipResult } from '@shop/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { isolate } from '../../../lib/bidi.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useOrderShipping, useShippingAction } from '../api/use-shipping.ts'
import { ExchangeForm } from './exchange-form.tsx'
import { ShipmentCard } from './shipment-card.tsx'

export interface ShippingPanelProps {
  order: Pick<AdminOrder, '_id' | 'status'>
  /** Exchange parcels set cash to collect: managers and the owner. */
  canExchange: boolean
}

/**
 * The order at the couriers: ship it (with the wilaya's courier, or another account when the shop has several),
 * its parcels with their tracking number, courier status, label and timeline, cancel before pickup, and an
 * exchange parcel once delivered (the size swap).
 */
export function ShippingPanel({ order, canExchange }: ShippingPanelProps) {
  const { t } = useTranslation('orders')
  const shipping = useOrderShipping(order._id)
  const action = useShippingAction(order._id)
  const error = useErrorMessage(action.error)
  const [accountId, setAccountId] = useState('')
  const [refusal, setRefusal] = useState<ShipResult | null>(null)
  const [isExchangeOpen, setExchangeOpen] = useState(false)
  const shipments = shipping.data?.shipments ?? []
  const accounts = shipping.data?.accounts ?? []
  const hasLiveParcel = shipments.some((s) => s.kind === 'delivery' && s.status !== 'cancelled')
  const canShip = (READY_TO_SHIP_STATUSES as readonly string[]).includes(order.status) && !hasLiveParcel && accounts.length > 0

  const ship = async () => {
    setRefusal(null)
    const result = await action.mutateAsync({ kind: 'ship', accountId: accountId || undefined }).catch(() => null)
    if (result && !result.ok) setRefusal(result)
  }

  return (
    <SectionCard title={t('shipping.title')}>
      <div className="flex flex-col gap-3">
        {shipping.isError ? <p className="text-sm text-muted">{t('shipping.loadError')}</p> : null}
        {shipping.isSuccess && accounts.length === 0 && shipments.length === 0 ? <p className="text-sm text-muted">{t('shipping.noAccount')}</p> : null}
        {canShip ? (
          <div className="flex flex-wrap items-end gap-2">
            {accounts.length > 1 ? (
              <SelectField
                label={t('shipping.account')}
                name="accountId"
                value={accountId}
                onChange={(event) => setAccountId(event.target.value)}
                options={[{ value: '', label: t('shipping.wilayaCourier') }, ...accounts.map((a) => ({ value: a._id, label: a.name }))]}
              />
            ) : null}
            <button type="button" className={buttonClass('primary')} disabled={action.isPending} onClick={() => void ship()}>
              {action.isPending ? t('shipping.shipping') : t('shipping.ship')}
            </button>
          </div>
        ) : null}
        {refusal?.reason ? (
          <p role="alert" className="text-sm text-danger">
            {t('shipping.refused', { reason: isolate(refusal.reason.message) })}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        {shipments.map((shipment) => (
          <ShipmentCard
            key={shipment._id}
            shipment={shipment}
            isBusy={action.isPending}
            onCancel={() => {
              if (window.confirm(t('shipping.cancelConfirm', { tracking: isolate(shipment.tracking) }))) action.mutate({ kind: 'cancel', shipmentId: shipment._id })
            }}
          />
        ))}
        {canExchange && order.status === 'delivered' ? (
          isExchangeOpen ? (
            <ExchangeForm
              isBusy={action.isPending}
              onCancel={() => setExchangeOpen(false)}
              onSend={async (body) => {
                await action.mutateAsync({ kind: 'exchange', body }).then(
                  () => setExchangeOpen(false),
                  () => undefined,
                )
              }}
            />
          ) : (
            <button type="button" className={buttonClass('secondary', 'self-start')} onClick={() => setExchangeOpen(true)}>
              {t('shipping.exchange.open')}
            </button>
          )
        ) : null}
      </div>
    </SectionCard>
  )
}
