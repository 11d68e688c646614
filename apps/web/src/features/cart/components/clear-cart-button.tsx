import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useClearCart } from '../api/use-cart-items.ts'

/** Emptying the cart asks first: it cannot be undone. */
export function ClearCartButton() {
  const { t } = useTranslation('cart')
  const clear = useClearCart()
  const [confirming, setConfirming] = useState(false)
  if (!confirming) {
    return (
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className="inline-flex min-h-11 items-center rounded-md px-2 text-sm text-muted underline-offset-4 hover:text-sale hover:underline"
      >
        {t('clear')}
      </button>
    )
  }
  return (
    <div role="alertdialog" aria-label={t('clearConfirm')} className="flex flex-wrap items-center gap-2 rounded-md bg-surface p-3">
      <p className="text-sm font-medium">{t('clearConfirm')}</p>
      <button
        type="button"
        disabled={clear.isPending}
        onClick={() => clear.mutate(undefined, { onSettled: () => setConfirming(false) })}
        className="inline-flex min-h-11 items-center rounded-md bg-sale px-3 text-sm font-semibold text-white disabled:opacity-60"
      >
        {t('clearYes')}
      </button>
      <button type="button" onClick={() => setConfirming(false)} className="inline-flex min-h-11 items-center rounded-md px-3 text-sm">
        {t('clearNo')}
      </button>
    </div>
  )
}
