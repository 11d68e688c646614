import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Banner } from '../types.ts'
import { HeroSlide } from './hero-slide.tsx'

export interface HeroCarouselProps {
  banners: Banner[]
}

/**
 * Banners side by side in a scroll-snap track: the browser does the swiping, in the reading direction
 * (right to left in Arabic), with no script on the scroll path. No autoplay: it moves only when asked.
 */
export function HeroCarousel({ banners }: HeroCarouselProps) {
  const { t } = useTranslation('marketing')
  const track = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState(0)
  const total = banners.length

  // scrollLeft is negative in right-to-left tracks: the distance from the start is its absolute value.
  const onScroll = () => {
    const element = track.current
    if (!element || element.clientWidth === 0) return
    setActive(Math.min(total - 1, Math.round(Math.abs(element.scrollLeft) / element.clientWidth)))
  }

  const goTo = (index: number) => {
    const slide = track.current?.children[index]
    if (slide instanceof HTMLElement) {
      const isReduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
      slide.scrollIntoView({ behavior: isReduced ? 'auto' : 'smooth', block: 'nearest', inline: 'start' })
    }
  }

  return (
    <section aria-roledescription="carousel" aria-label={t('hero.label')}>
      <div
        ref={track}
        onScroll={total > 1 ? onScroll : undefined}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {banners.map((banner, index) => (
          <HeroSlide
            key={banner._id}
            banner={banner}
            isFirst={index === 0}
            label={t('hero.slide', { index: index + 1, total })}
          />
        ))}
      </div>
      {total > 1 ? (
        <div className="flex justify-center">
          {banners.map((banner, index) => (
            <button
              key={banner._id}
              type="button"
              aria-label={t('hero.goTo', { index: index + 1 })}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => goTo(index)}
              className="group inline-flex size-11 items-center justify-center rounded-full"
            >
              <span className="h-2 w-2 rounded-full bg-ink/40 transition-all motion-reduce:transition-none group-aria-[current=true]:w-6 group-aria-[current=true]:bg-brand" />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  )
}
