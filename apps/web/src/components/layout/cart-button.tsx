import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { IconBag } from '../icons/icon-bag.tsx'
import { CartBadge } from './cart-badge.tsx'

export interface CartButtonProps {
  count: number
}

export function CartButton({ count }: CartButtonProps) {
  const { t } = useTranslation()
  return (
    <Link
      to="/cart"
      aria-label={t('cart.label', { count })}
      className="relative inline-flex size-11 items-center justify-center rounded-md hover:bg-surface"
    >
      <IconBag />
      <CartBadge count={count} />
    </Link>
  )
}
