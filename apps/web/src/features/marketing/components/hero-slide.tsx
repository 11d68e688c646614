import '../../../lib/arabic-texts/marketing.ts'
import { useLocale } from '@shop/client-kit'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { pickLocalized } from '@shop/shared'
import { type BannerTarget, bannerTarget } from '../banner-link.ts'
import { squareCropPosition, textSide } from '../carousel-rules.ts'
import { recordBannerClick } from '../record-banner-click.ts'
import type { ActiveBanner as Banner } from '@shop/shared'

/** The picture's width on screen: the whole width from sm up; on phones the square frame shows a 16:9 picture 16/9 as wide. */
export const HERO_IMAGE_SIZES = '(min-width: 640px) 100vw, 178vw'

// On wide screens the text sits on the side of the picture away from its subject: physical sides on purpose,
// since the picture is the same in Arabic and French (the text inside stays aligned to the reading direction).
const CARD_SIDE = {
  left: 'sm:left-8 lg:left-12',
  right: 'sm:right-8 lg:right-12',
  start: 'sm:start-8 lg:start-12',
} as const

export interface HeroSlideProps {
  banner: Banner
  /** Shown now: the others are out of the tab order and hidden from screen readers. */
  isActive: boolean
  /** The first slide is the page's largest paint: loaded first, with high priority. */
  isFirst: boolean
  /** Loaded now rather than when scrolled to (the first two, and the next one to come). */
  isEager: boolean
  label: string
}

export function HeroSlide({ banner, isActive, isFirst, isEager, label }: HeroSlideProps) {
  const { t } = useTranslation('marketing')
  const locale = useLocale()
  const title = pickLocalized(banner.titleAr, banner.titleFr, locale) || banner.title
  const description = pickLocalized(banner.descriptionAr, banner.descriptionFr, locale) || banner.description
  const target = bannerTarget(banner.link)
  const onFollow = () => recordBannerClick(banner._id)

  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide with role="group"
    <div
      role="group"
      aria-roledescription={t('hero.slideRole')}
      aria-label={label}
      aria-hidden={isActive ? undefined : true}
      inert={!isActive}
      // focusable from script only: where the focus goes when a slide without a link comes in
      tabIndex={-1}
      className="flex w-full shrink-0 flex-col sm:relative sm:aspect-video"
    >
      <div className="relative aspect-square w-full overflow-hidden sm:absolute sm:inset-0 sm:aspect-auto">
        <BannerAnchor target={target} onFollow={onFollow} className="block size-full" isDecorative>
          <img
            src={banner.image.src}
            srcSet={banner.image.srcSet}
            sizes={HERO_IMAGE_SIZES}
            width={banner.image.width}
            height={banner.image.height}
            alt=""
            draggable={false}
            loading={isEager ? 'eager' : 'lazy'}
            // the next slides load early but after the first: at low priority, and without the <link rel=preload>
            // React writes into the server-rendered <head> for every eager image that is not low priority
            fetchPriority={isFirst ? 'high' : 'low'}
            decoding={isFirst ? 'sync' : 'async'}
            style={{ objectPosition: squareCropPosition(banner.focalPoint) }}
            className="size-full object-cover"
          />
        </BannerAnchor>
      </div>
      {title || target ? (
        <div
          className={`flex min-h-44 flex-1 flex-col bg-paper p-4 sm:absolute sm:bottom-8 sm:min-h-0 sm:max-w-md sm:flex-none sm:rounded-lg sm:bg-paper/95 sm:p-6 sm:shadow-lg lg:bottom-12 ${CARD_SIDE[textSide(banner.focalPoint)]}`}
        >
          {title ? <h2 className="text-xl font-bold sm:text-2xl">{title}</h2> : null}
          {description ? <p className="mt-1 line-clamp-2 text-sm text-muted sm:text-base">{description}</p> : null}
          <BannerAnchor target={target} onFollow={onFollow} className={buttonClass('primary', 'mt-4 self-start')}>
            {t('hero.shopNow')}
          </BannerAnchor>
        </div>
      ) : null}
    </div>
  )
}

interface BannerAnchorProps {
  target: BannerTarget
  onFollow: () => void
  className: string
  /** The picture's link: a second way to the same place, so kept out of the tab order and the accessibility tree. */
  isDecorative?: boolean
  children: ReactNode
}

/**
 * Where a banner leads: store pages in the same tab, other sites in a new one (without handing them this
 * page). Each click is counted, middle clicks included.
 */
function BannerAnchor({ target, onFollow, className, isDecorative = false, children }: BannerAnchorProps) {
  if (!target) return isDecorative ? <>{children}</> : null
  const common = {
    className,
    draggable: false,
    onClick: onFollow,
    onAuxClick: (event: { button: number }) => {
      if (event.button === 1) onFollow()
    },
    ...(isDecorative ? { tabIndex: -1, 'aria-hidden': true } : {}),
  }
  if (target.kind === 'internal') {
    return (
      <Link to={target.to} {...common}>
        {children}
      </Link>
    )
  }
  return (
    <a href={target.href} target="_blank" rel="noopener noreferrer" {...common}>
      {children}
    </a>
  )
}
