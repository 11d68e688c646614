import '../../../lib/arabic-texts/marketing.ts'
import { useTranslation } from 'react-i18next'
import { useShopName } from '../../../lib/shop-settings.ts'
import { useActiveBanners } from '../api/use-active-banners.ts'
import { FallbackHero } from './fallback-hero.tsx'
import { HeroCarousel } from './hero-carousel.tsx'
import { HeroSkeleton } from './hero-skeleton.tsx'

/** The top of the home page: the active banners, or the shop's own hero when there is none (or they fail). */
export function HomeHero() {
  const { t } = useTranslation()
  const banners = useActiveBanners()
  const name = useShopName() ?? t('shop.name')

  if (banners.isPending) return <HeroSkeleton />
  if (banners.isError) return <FallbackHero hasLoadError />
  if (banners.data.length === 0) return <FallbackHero />
  return (
    <>
      <h1 className="sr-only">
        {name}, {t('shop.tagline')}
      </h1>
      <HeroCarousel banners={banners.data} />
    </>
  )
}
