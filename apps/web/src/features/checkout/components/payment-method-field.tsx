import { PAYMENT_METHODS, type PaymentMethod } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { useShopSettings } from '../../../lib/shop-settings.ts'

export interface PaymentMethodFieldProps {
  value: PaymentMethod
  onChange: (method: PaymentMethod) => void
}

/** Settings may carry the shop's bank and CCP details (text written by staff). */

export function PaymentMethodField({ value, onChange }: PaymentMethodFieldProps) {
  const { t } = useTranslation('checkout')
  const settings = useShopSettings().data
  const details = value === 'bank_transfer' ? settings?.bankDetails : value === 'ccp' ? settings?.ccpDetails : null

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{t('sections.payment')}</legend>
      {PAYMENT_METHODS.map((method) => (
        <label
          key={method}
          className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 ${
            value === method ? 'border-brand bg-brand/5' : 'border-ink/20'
          }`}
        >
          <input
            type="radio"
            name="paymentMethod"
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
            className="size-5 accent-brand"
          />
          <span>
            <span className="block font-medium">{t(`payment.${method}`)}</span>
            <span className="block text-xs text-muted">{t(`payment.${method}Hint`)}</span>
          </span>
        </label>
      ))}
      {value !== 'cash_on_delivery' ? (
        <div className="rounded-md bg-surface p-3 text-sm">
          <p className="font-semibold">{t('payment.accountTitle')}</p>
          {details ? (
            <p className="mt-1 whitespace-pre-line" dir="auto">
              {details}
            </p>
          ) : (
            <p className="mt-1 text-muted">{t('payment.accountMissing')}</p>
          )}
        </div>
      ) : null}
    </fieldset>
  )
}
