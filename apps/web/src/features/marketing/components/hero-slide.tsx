import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { pickLocalized } from '../../../lib/localized.ts'
import { useLocale } from '../../../lib/use-locale.ts'
import { bannerTarget } from '../banner-link.ts'
import type { Banner } from '../types.ts'
import { HERO_FRAME } from './hero-frame.ts'

export interface HeroSlideProps {
  banner: Banner
  /** The first slide is the page's largest paint: loaded eagerly and first. */
  isFirst: boolean
  label: string
}

export function HeroSlide({ banner, isFirst, label }: HeroSlideProps) {
  const { t } = useTranslation('marketing')
  const locale = useLocale()
  const title = pickLocalized(banner.titleAr, banner.titleFr, locale) || banner.title
  const description = pickLocalized(banner.descriptionAr, banner.descriptionFr, locale) || banner.description
  const target = bannerTarget(banner.link)
  const cta = buttonClass('primary', 'mt-4 self-start')

  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide with role="group"
    <div role="group" aria-roledescription="slide" aria-label={label} className={`${HERO_FRAME} shrink-0 snap-start`}>
      <img
        src={banner.image.src}
        srcSet={banner.image.srcSet}
        sizes="100vw"
        width={banner.image.width}
        height={banner.image.height}
        alt=""
        loading={isFirst ? 'eager' : 'lazy'}
        fetchPriority={isFirst ? 'high' : 'auto'}
        decoding={isFirst ? 'sync' : 'async'}
        className="absolute inset-0 size-full object-cover"
      />
      {title || target ? (
        <div className="absolute inset-x-4 bottom-4 flex flex-col rounded-lg bg-paper/95 p-4 sm:inset-x-auto sm:start-8 sm:bottom-8 sm:max-w-md sm:p-6 lg:start-12 lg:bottom-12">
          {title ? <h2 className="text-xl font-bold sm:text-2xl">{title}</h2> : null}
          {description ? <p className="mt-1 line-clamp-2 text-sm text-muted sm:text-base">{description}</p> : null}
          {target?.kind === 'internal' ? (
            <Link to={target.to} className={cta}>
              {t('hero.shopNow')}
            </Link>
          ) : null}
          {target?.kind === 'external' ? (
            <a href={target.href} rel="noopener" className={cta}>
              {t('hero.shopNow')}
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
