import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useShopName } from '../../lib/shop-settings.ts'

export interface ShopBrandProps {
  onNavigate?: () => void
}

/** The shop's name over "Administration", linking to the dashboard. */
export function ShopBrand({ onNavigate }: ShopBrandProps) {
  const { t } = useTranslation()
  const name = useShopName()
  return (
    <Link to="/" onClick={onNavigate} className="flex min-h-11 flex-col justify-center rounded-md leading-tight">
      {name === undefined ? (
        <span className="my-0.5 block h-6 w-20 rounded-md bg-line/70" aria-hidden="true" />
      ) : (
        <span className="text-lg font-bold tracking-tight text-brand">{name}</span>
      )}
      <span className="text-xs font-medium text-muted">{t('shop.backOffice')}</span>
    </Link>
  )
}
