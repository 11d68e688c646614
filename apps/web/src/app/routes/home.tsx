import { useTranslation } from 'react-i18next'
import { HomeCategories } from '../../features/catalogue/components/home-categories.tsx'
import { ProductRail } from '../../features/catalogue/components/product-rail.tsx'
import { HomeHero } from '../../features/marketing/components/home-hero.tsx'
import { TrustStrip } from '../../features/marketing/components/trust-strip.tsx'
import { useShopName } from '../../lib/shop-settings.ts'
import { DocumentTitle } from '../../lib/document-title.tsx'

export function HomePage() {
  const { t } = useTranslation()
  const name = useShopName() ?? t('shop.name')
  return (
    <>
      <DocumentTitle>{`${name} · ${t('shop.tagline')}`}</DocumentTitle>
      <HomeHero />
      <TrustStrip />
      <ProductRail kind="latest" viewAllHref="/collection?sort=newest" />
      <HomeCategories />
      <ProductRail kind="best-sellers" viewAllHref="/collection" />
    </>
  )
}
