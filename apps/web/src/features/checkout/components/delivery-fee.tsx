import { useLocale } from '@shop/client-kit'
import { formatPrice } from '@shop/shared'
import { useTranslation } from 'react-i18next'

export interface DeliveryFeeProps {
  fee: number | undefined
  /** Shown while the fee is unknown (no wilaya yet, loading). */
  placeholder?: string
}

/** A delivery fee as the shopper reads it: "free" for 0, the price otherwise. */
export function DeliveryFee({ fee, placeholder = '—' }: DeliveryFeeProps) {
  const { t } = useTranslation('checkout')
  const locale = useLocale()
  if (fee === undefined) return <span className="text-muted">{placeholder}</span>
  if (fee === 0) return <span className="font-semibold text-brand">{t('delivery.free')}</span>
  return <span>{formatPrice(fee, locale)}</span>
}
