import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { IconBag } from '../../../components/icons/icon-bag.tsx'
import { CartBadge } from '../../../components/layout/cart-badge.tsx'
import { useCart } from '../api/use-cart.ts'

/**
 * The header's cart icon with its badge ("9+" above 9, a spinner while the cart loads) and a dropdown:
 * the lines, the subtotal, VIEW CART and CHECKOUT. Escape or a click outside closes it.
 */
// the open panel's code (the lines, the subtotal) is fetched when the shopper first opens it
const CartPanel = lazy(async () => ({ default: (await import('./cart-panel.tsx')).CartPanel }))

export function CartMenu() {
  const { t } = useTranslation(['cart', 'common'])
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
          <Suspense fallback={<p className="p-6 text-center text-sm text-muted">{t('loading')}</p>}>
            <CartPanel cart={isLoading ? undefined : cart} onNavigate={close} />
          </Suspense>
        </div>
      ) : null}
    </div>
  )
}
