import { useLocale } from '@shop/client-kit'
import { formatPrice } from '@shop/shared'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { IconBag } from '../../../components/icons/icon-bag.tsx'
import { CartBadge } from '../../../components/layout/cart-badge.tsx'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { useCart } from '../api/use-cart.ts'
import { CartEmpty } from './cart-empty.tsx'
import { CartLine } from './cart-line.tsx'

/**
 * The header's cart icon with its badge ("9+" above 9, a spinner while the cart loads) and a dropdown:
 * the lines, the subtotal, VIEW CART and CHECKOUT. Escape or a click outside closes it.
 */
export function CartMenu() {
  const { t } = useTranslation(['cart', 'common'])
  const locale = useLocale()
  const { cart, isLoading } = useCart()
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const panelId = useId()
  const { pathname } = useLocation()
  const count = cart?.cartCount ?? 0

  // A page change (a link in the panel, the back button) closes the panel.
  const [lastPath, setLastPath] = useState(pathname)
  if (lastPath !== pathname) {
    setLastPath(pathname)
    setOpen(false)
  }

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const close = () => setOpen(false)

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        // until the cart answers, the label says it is loading: never "empty" for a cart not read yet
        aria-label={isLoading ? t('badgeLoading') : t('common:cart.label', { count })}
        aria-busy={isLoading}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="relative inline-flex size-11 items-center justify-center rounded-md hover:bg-surface"
      >
        <IconBag />
        <CartBadge count={count} loading={isLoading} />
      </button>
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label={t('dropdown.title', { count })}
          className="fixed inset-x-2 top-16 z-30 max-h-[80dvh] overflow-hidden rounded-lg border border-line bg-paper shadow-lg sm:absolute sm:inset-x-auto sm:end-0 sm:top-12 sm:w-96"
        >
          {isLoading || !cart ? (
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
        </div>
      ) : null}
    </div>
  )
}
