import { useLocale } from '@shop/client-kit'
import { type Cart, formatPrice } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { CartEmpty } from './cart-empty.tsx'
import { CartLine } from './cart-line.tsx'

/** The header's cart panel: the lines, the subtotal, VIEW CART and CHECKOUT (its own chunk, see cart-menu.tsx). */
export function CartPanel({ cart, onNavigate: close }: { cart: Cart | undefined; onNavigate: () => void }) {
  const { t } = useTranslation(['cart', 'common'])
  const locale = useLocale()
  const count = cart?.cartCount ?? 0
  return (
    <>
      {!cart ? (
        <p className="p-6 text-center text-sm text-muted">{t('loading')}</p>
      ) : cart.isEmpty ? (
        <CartEmpty onNavigate={close} />
      ) : (
        <div className="flex max-h-[80dvh] flex-col">
          <p className="border-b border-line px-4 py-3 font-semibold">{t('dropdown.title', { count })}</p>
          <ul className="flex-1 divide-y divide-line overflow-y-auto px-4">
            {cart.items.map((item) => (
              <CartLine key={item._id} item={item} compact onNavigate={close} />
            ))}
          </ul>
          <div className="flex flex-col gap-3 border-t border-line p-4">
            <p className="flex justify-between font-semibold">
              <span>{t('summary.subtotal')}</span>
              <span>{formatPrice(cart.subtotal, locale)}</span>
            </p>
            <div className="grid grid-cols-2 gap-2">
              <Link to="/cart" onClick={close} className={buttonClass('secondary', 'px-3')}>
                {t('viewCart')}
              </Link>
              <Link to="/place-order" onClick={close} className={buttonClass('primary', 'px-3')}>
                {t('checkout')}
              </Link>
            </div>
          </div>
        </div>
      )}
    </>
  )
}
