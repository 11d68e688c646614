import { type Cart, formatPrice } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { useLocale } from '@shop/client-kit'

export interface CartSummaryProps {
  cart: Cart
}

/** Subtotal now, delivery set at checkout by wilaya (the shopper sees the real fee there before confirming). */
export function CartSummary({ cart }: CartSummaryProps) {
  const { t } = useTranslation('cart')
  const locale = useLocale()
  return (
    <section aria-labelledby="cart-summary" className="flex flex-col gap-4 rounded-lg bg-surface/70 p-5">
      <h2 id="cart-summary" className="text-lg font-semibold">
        {t('summary.title')}
      </h2>
      <dl className="flex flex-col gap-2 text-base">
        <div className="flex justify-between gap-4">
          <dt>{t('summary.subtotal')}</dt>
          <dd className="font-semibold">{formatPrice(cart.subtotal, locale)}</dd>
        </div>
        <div className="flex justify-between gap-4 text-sm text-muted">
          <dt>{t('summary.delivery')}</dt>
          <dd>{t('summary.deliveryLater')}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-line pt-3 text-lg font-bold">
          <dt>{t('summary.total')}</dt>
          <dd>{formatPrice(cart.subtotal, locale)}</dd>
        </div>
      </dl>
      {cart.hasUnavailable ? <p className="text-sm text-sale">{t('unavailableNotice')}</p> : null}
      <Link to="/place-order" className={buttonClass('primary', 'w-full')}>
        {t('checkout')}
      </Link>
      <Link to="/collection" className={buttonClass('secondary', 'w-full')}>
        {t('continue')}
      </Link>
      <ul className="flex flex-col gap-1 text-sm text-muted">
        <li>{t('secure')}</li>
        <li>{t('payments')}</li>
      </ul>
    </section>
  )
}
