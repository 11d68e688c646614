import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useShopName, useShopSettings } from '../../lib/shop-settings.ts'

export interface ShopBrandProps {
  onNavigate?: () => void
}

/** The shop's logo (or its name when it has none), linking home. Never mirrored in Arabic. */
export function ShopBrand({ onNavigate }: ShopBrandProps) {
  const { t } = useTranslation()
  const name = useShopName()
  const logo = useShopSettings().data?.logo ?? null
  if (name === undefined) return <span className="block h-7 w-24 rounded-md bg-surface" aria-hidden="true" />
  return (
    <Link
      to="/"
      onClick={onNavigate}
      aria-label={t('shop.homeLink', { name })}
      className="inline-flex min-h-11 items-center rounded-md text-xl font-bold tracking-tight text-brand"
    >
      {logo ? <img src={logo} alt="" height={32} className="h-8 w-auto" /> : name}
    </Link>
  )
}
