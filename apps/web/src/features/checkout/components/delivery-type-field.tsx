/**
 * Home (domicil) or stop desk (stopdesk) delivery, each with its fee for the chosen wilaya. Stop desk is
 * disabled when the wilaya has none; a stop-desk choice switches back to home if the wilaya changes to one
 * without a stop desk.
 *
 *   <DeliveryTypeField wilaya={place.wilaya} value={type} onChange={setType} error={msg} />
 *   const quote = useDeliveryQuote(place.wilaya, type)   // the fee to add to the total
 */
import { DELIVERY_TYPES, type DeliveryType } from '@shop/shared'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useDeliveryPrices } from '../api/use-delivery-quote.ts'
import { DeliveryFee } from './delivery-fee.tsx'

export interface DeliveryTypeFieldProps {
  wilaya: string
  value: DeliveryType | ''
  onChange: (type: DeliveryType) => void
  error?: string
  idPrefix?: string
  /** The radios' name in a plain HTML form post (default `${idPrefix}-type`). */
  name?: string
}

export function DeliveryTypeField({ wilaya, value, onChange, error, idPrefix = 'delivery', name }: DeliveryTypeFieldProps) {
  const { t } = useTranslation('checkout')
  const prices = useDeliveryPrices(wilaya)
  const noStopdesk = prices.data?.stopdesk === null

  useEffect(() => {
    if (noStopdesk && value === 'stopdesk') onChange('domicil')
  }, [noStopdesk, value, onChange])

  const feeOf = (type: DeliveryType) => (prices.data ? (type === 'domicil' ? prices.data.domicil : (prices.data.stopdesk ?? undefined)) : undefined)
  const errorId = error ? `${idPrefix}-error` : undefined

  return (
    <fieldset aria-describedby={errorId} aria-invalid={Boolean(error)} className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('delivery.type')}</legend>
      {DELIVERY_TYPES.map((type) => {
        const disabled = type === 'stopdesk' && noStopdesk
        return (
          <label
            key={type}
            className={`flex min-h-12 items-center gap-3 rounded-md border px-3 py-2 ${
              value === type ? 'border-brand bg-brand/5' : 'border-ink/20'
            } ${disabled ? 'opacity-60' : 'cursor-pointer'}`}
          >
            <input
              type="radio"
              name={name ?? `${idPrefix}-type`}
              value={type}
              checked={value === type}
              disabled={disabled}
              onChange={() => onChange(type)}
              className="size-5 accent-brand"
            />
            <span className="flex-1">
              <span className="block font-medium">{t(`delivery.${type}`)}</span>
              <span className="block text-xs text-muted">
                {disabled ? t('delivery.noStopdesk') : t(`delivery.${type}Hint`)}
              </span>
            </span>
            {wilaya !== '' && !disabled ? (
              <span className="text-sm">
                <DeliveryFee fee={feeOf(type)} placeholder={prices.isPending ? '…' : '—'} />
              </span>
            ) : null}
          </label>
        )
      })}
      {prices.isError ? (
        <p className="text-sm text-sale">
          {t('delivery.loadFailed')}{' '}
          <button type="button" className="underline min-h-11" onClick={() => void prices.refetch()}>
            {t('delivery.retry')}
          </button>
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-sale">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
