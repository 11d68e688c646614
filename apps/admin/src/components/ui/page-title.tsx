import { useTranslation } from 'react-i18next'
import { useShopName } from '../../lib/shop-settings.ts'

export interface PageTitleProps {
  page: string
}

/** The tab's title (React 19 hoists <title> into <head>): "Tableau de bord · Khatwa". */
export function PageTitle({ page }: PageTitleProps) {
  const { t } = useTranslation()
  const shop = useShopName() ?? t('shop.name')
  return <title>{t('pageTitle', { page, shop })}</title>
}
