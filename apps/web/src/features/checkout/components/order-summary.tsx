import { useLocale } from '@shop/client-kit'
import { formatPrice } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { DeliveryFee } from './delivery-fee.tsx'

export interface OrderSummaryProps {
  subtotal: number
  discount: number
  deliveryFee: number | undefined
  total: number | undefined
}

export function OrderSummary({ subtotal, discount, deliveryFee, total }: OrderSummaryProps) {
  const { t } = useTranslation('checkout')
  const locale = useLocale()
  return (
    <dl className="flex flex-col gap-2">
      <div className="flex justify-between gap-4">
        <dt>{t('summary.subtotal')}</dt>
        <dd>{formatPrice(subtotal, locale)}</dd>
      </div>
      {discount > 0 ? (
        <div className="flex justify-between gap-4 text-sale">
          <dt>{t('summary.discount')}</dt>
          <dd>{formatPrice(-discount, locale)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4">
        <dt>{t('summary.delivery')}</dt>
        <dd>
          <DeliveryFee fee={deliveryFee} placeholder={t('delivery.chooseWilaya')} />
        </dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-line pt-3 text-lg font-bold">
        <dt>{t('summary.total')}</dt>
        <dd data-testid="order-total">{total === undefined ? '—' : formatPrice(total, locale)}</dd>
      </div>
    </dl>
  )
}
