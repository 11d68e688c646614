import { useLocale } from '@shop/client-kit'
import { formatPrice } from '@shop/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { INPUT_CLASS } from '../../../components/ui/form-field.tsx'
import type { CouponController } from '../api/use-coupon.ts'

export interface CouponBoxProps {
  coupon: CouponController
  /** Why the server refused the code posted with the plain form (already translated). */
  sentBackError?: string | undefined
}

export function CouponBox({ coupon, sentBackError }: CouponBoxProps) {
  const { t } = useTranslation('checkout')
  const locale = useLocale()
  const [needValid, setNeedValid] = useState(false)
  const { state } = coupon

  if (state.status === 'applied') {
    return (
      <div className="flex flex-col gap-1 rounded-md border border-brand/40 bg-brand/5 p-3">
        <div className="flex items-center justify-between gap-2">
          <p className="font-medium">
            {t('coupon.appliedCode', { code: state.code, amount: formatPrice(state.discount, locale) })}
          </p>
          <button type="button" onClick={coupon.remove} className="inline-flex min-h-11 items-center px-2 text-sm underline">
            {t('coupon.remove')}
          </button>
        </div>
        <p
          role="status"
          className={`text-sm text-brand transition-opacity duration-500 ${coupon.showApplied ? 'opacity-100' : 'opacity-0'}`}
        >
          {coupon.showApplied ? t('coupon.applied') : ''}
        </p>
      </div>
    )
  }

  let message: { text: string; tone: 'muted' | 'ok' | 'error' } | null = null
  if (state.status === 'validating') message = { text: t('coupon.validating'), tone: 'muted' }
  if (state.status === 'valid') message = { text: t('coupon.valid', { amount: formatPrice(state.discount, locale) }), tone: 'ok' }
  if (state.status === 'removed') message = { text: t('coupon.removed', { code: state.code }), tone: 'muted' }
  if (state.status === 'error') {
    const text =
      state.reason === 'minOrder'
        ? state.minOrderAmount !== undefined
          ? t('coupon.minOrder', { amount: formatPrice(state.minOrderAmount, locale) })
          : state.message || t('coupon.invalid')
        : t(`coupon.${state.reason}`)
    message = { text, tone: 'error' }
  }
  if (!message && needValid) message = { text: t('coupon.validateFirst'), tone: 'error' }
  if (!message && state.status === 'idle' && sentBackError) message = { text: sentBackError, tone: 'error' }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="coupon-code" className="text-sm font-medium">
        {t('coupon.label')}
      </label>
      <div className="flex gap-2">
        <input
          id="coupon-code"
          name="coupon"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={coupon.input}
          placeholder={t('coupon.placeholder')}
          aria-describedby={message ? 'coupon-message' : undefined}
          aria-invalid={message?.tone === 'error'}
          onChange={(event) => {
            setNeedValid(false)
            coupon.setInput(event.target.value)
          }}
          className={`${INPUT_CLASS} flex-1 uppercase`}
        />
        <button
          type="button"
          onClick={() => setNeedValid(!coupon.apply())}
          className="inline-flex min-h-11 items-center rounded-md border border-ink/20 px-4 font-semibold hover:bg-surface"
        >
          {t('coupon.apply')}
        </button>
      </div>
      {message ? (
        <p
          id="coupon-message"
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`text-sm ${message.tone === 'error' ? 'text-sale' : message.tone === 'ok' ? 'text-brand' : 'text-muted'}`}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  )
}
