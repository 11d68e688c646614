import { useTranslation } from 'react-i18next'
import { HomeCategories } from '../../features/catalogue/components/home-categories.tsx'
import { ProductRail } from '../../features/catalogue/components/product-rail.tsx'
import { HomeHero } from '../../features/marketing/components/home-hero.tsx'
import { TrustStrip } from '../../features/marketing/components/trust-strip.tsx'
import { useShopName } from '../../lib/shop-settings.ts'
import { DocumentTitle } from '../../lib/document-title.tsx'
import { HydratePart } from '../../lib/hydrate-in-parts.tsx'

export function HomePage() {
  const { t } = useTranslation()
  const name = useShopName() ?? t('shop.name')
  return (
    <>
      <DocumentTitle>{`${name} · ${t('shop.tagline')}`}</DocumentTitle>
      <HomeHero />
      <TrustStrip />
      {/* the product lists below the fold are hydrated after the rest of the page, each in a task of its own */}
      <HydratePart name="latest">
        <ProductRail kind="latest" viewAllHref="/collection?sort=newest" />
      </HydratePart>
      <HydratePart name="categories">
        <HomeCategories />
      </HydratePart>
      <HydratePart name="best-sellers">
        <ProductRail kind="best-sellers" viewAllHref="/collection" />
      </HydratePart>
    </>
  )
}
