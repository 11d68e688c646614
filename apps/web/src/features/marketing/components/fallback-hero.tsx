import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useShopName } from '../../../lib/shop-settings.ts'
import { HERO_FRAME } from './hero-frame.ts'

export interface FallbackHeroProps {
  /** The banners could not load: say so (spec: banners), under the shop's own hero. */
  hasLoadError?: boolean
}

/** Shown when the shop has no active banner, or banners could not load: the shop's name and promise. */
export function FallbackHero({ hasLoadError = false }: FallbackHeroProps) {
  const { t } = useTranslation(['marketing', 'common'])
  const name = useShopName() ?? t('common:shop.name')
  return (
    <section
      className={`${HERO_FRAME} flex flex-col items-center justify-center bg-brand px-6 text-center text-on-brand`}
    >
      <h1 className="text-2xl font-bold">{name}</h1>
      <p className="mt-2 text-lg">{t('common:shop.tagline')}</p>
      <Link
        to="/collection"
        className="mt-6 inline-flex min-h-11 items-center justify-center rounded-md bg-paper px-5 text-base font-semibold text-brand hover:bg-surface focus-visible:outline-paper"
      >
        {t('fallback.cta')}
      </Link>
      {hasLoadError ? (
        <p role="status" className="mt-6 max-w-prose rounded-md bg-paper/15 px-4 py-2 text-sm">
          {t('fallback.loadError')}
        </p>
      ) : null}
    </section>
  )
}
