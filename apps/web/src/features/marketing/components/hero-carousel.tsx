import '../../../lib/arabic-texts/marketing.ts'
import { useLocale } from '@shop/client-kit'
import { textDirection } from '@shop/shared'
import { type FocusEvent, type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { IconChevronEnd } from '../../../components/icons/icon-chevron-end.tsx'
import { AUTOPLAY_MS, MOVE_LOCK_MS, moveForKey, stepForSwipe, wrapIndex } from '../carousel-rules.ts'
import type { ActiveBanner as Banner } from '@shop/shared'
import { HeroSlide } from './hero-slide.tsx'

export interface HeroCarouselProps {
  banners: Banner[]
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  )
}

/**
 * The home page's banners (WAI-ARIA carousel): a new one every 5 s, paused while the shopper points at,
 * focuses or touches it, stopped by its pause button and for shoppers who ask for reduced motion.
 * Previous/next buttons, dots, arrow keys in the reading direction, Home and End, and a swipe past 50 px
 * move it, one move per 300 ms at most; it goes round at both ends.
 */
export function HeroCarousel({ banners }: HeroCarouselProps) {
  const { t } = useTranslation('marketing')
  const direction = textDirection(useLocale())
  const total = banners.length
  const [active, setActive] = useState(0)
  const activeRef = useRef(0)
  const lockedUntil = useRef(0)
  const [isPointerOver, setPointerOver] = useState(false)
  const [hasFocusWithin, setFocusWithin] = useState(false)
  const [isTouching, setTouching] = useState(false)
  const [isStopped, setStopped] = useState(false)
  const prefersReducedMotion = usePrefersReducedMotion()
  const swipe = useRef<{ x: number; y: number; id: number } | null>(null)
  const swiped = useRef(false)
  const track = useRef<HTMLDivElement>(null)
  const followFocus = useRef(false)

  const moveTo = useCallback(
    (index: number) => {
      const now = performance.now()
      const next = wrapIndex(index, total)
      if (now < lockedUntil.current || next === activeRef.current) return
      lockedUntil.current = now + MOVE_LOCK_MS
      // The slide that had the focus becomes inert: the focus goes along to the new one.
      followFocus.current = Boolean(track.current?.contains(document.activeElement))
      activeRef.current = next
      setActive(next)
    },
    [total],
  )
  useEffect(() => {
    if (!followFocus.current) return
    followFocus.current = false
    const slide = track.current?.children[active]
    const target = slide?.querySelector<HTMLElement>('a:not([tabindex="-1"])') ?? (slide instanceof HTMLElement ? slide : null)
    target?.focus({ preventScroll: true })
  }, [active])
  const step = useCallback((by: number) => moveTo(activeRef.current + by), [moveTo])

  const canPlay = total > 1 && !prefersReducedMotion
  const isPlaying = canPlay && !isStopped && !isPointerOver && !hasFocusWithin && !isTouching
  useEffect(() => {
    if (!isPlaying) return
    // Restarted by every move (`active`), so a banner the shopper chose stays its full 5 s.
    const timer = window.setTimeout(() => step(1), AUTOPLAY_MS)
    return () => window.clearTimeout(timer)
  }, [isPlaying, active, step])

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
    const move = moveForKey(event.key, direction)
    if (!move) return
    event.preventDefault()
    if (move.kind === 'step') step(move.by)
    else moveTo(move.index === 'first' ? 0 : total - 1)
  }

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocusWithin(false)
  }

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    swipe.current = { x: event.clientX, y: event.clientY, id: event.pointerId }
    swiped.current = false
  }
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const start = swipe.current
    swipe.current = null
    if (!start || start.id !== event.pointerId) return
    const by = stepForSwipe(event.clientX - start.x, event.clientY - start.y, direction)
    if (by === 0) return
    swiped.current = true
    step(by)
  }
  // A drag that moved the banners is not also a click on the banner under it.
  const onClickCapture = (event: { preventDefault: () => void; stopPropagation: () => void }) => {
    if (!swiped.current) return
    swiped.current = false
    event.preventDefault()
    event.stopPropagation()
  }

  const shift = (direction === 'rtl' ? 1 : -1) * active * 100
  const control =
    'absolute top-[50vw] z-10 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-paper/90 text-ink shadow-md hover:bg-paper sm:top-1/2'

  return (
    <section
      aria-roledescription={t('hero.carouselRole')}
      aria-label={t('hero.label')}
      onKeyDown={total > 1 ? onKeyDown : undefined}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setPointerOver(true)}
      onPointerLeave={() => setPointerOver(false)}
      onFocus={() => setFocusWithin(true)}
      onBlur={onBlur}
      onTouchStart={() => setTouching(true)}
      onTouchEnd={() => setTouching(false)}
      onTouchCancel={() => setTouching(false)}
    >
      <div className="relative overflow-hidden">
        <div
          ref={track}
          aria-live={isPlaying ? 'off' : 'polite'}
          onPointerDown={total > 1 ? onPointerDown : undefined}
          onPointerUp={total > 1 ? onPointerUp : undefined}
          onPointerCancel={() => {
            swipe.current = null
          }}
          onClickCapture={onClickCapture}
          style={{ transform: `translateX(${shift}%)` }}
          className="flex touch-pan-y transition-transform duration-300 ease-out motion-reduce:transition-none"
        >
          {banners.map((banner, index) => (
            <HeroSlide
              key={banner._id}
              banner={banner}
              isActive={index === active}
              isFirst={index === 0}
              // Spec: two banners loaded up front; then always the one that comes next.
              isEager={index <= 1 || index === wrapIndex(active + 1, total) || index === active}
              label={t('hero.slide', { index: index + 1, total })}
            />
          ))}
        </div>
        {total > 1 ? (
          <>
            <button type="button" aria-label={t('hero.previous')} onClick={() => step(-1)} className={`${control} start-2`}>
              <span className="inline-flex -scale-x-100">
                <IconChevronEnd className="size-5" />
              </span>
            </button>
            <button type="button" aria-label={t('hero.next')} onClick={() => step(1)} className={`${control} end-2`}>
              <IconChevronEnd className="size-5" />
            </button>
          </>
        ) : null}
      </div>
      {total > 1 ? (
        <div className="flex items-center justify-center">
          {canPlay ? (
            <button
              type="button"
              aria-label={isStopped ? t('hero.play') : t('hero.pause')}
              onClick={() => setStopped((stopped) => !stopped)}
              className="inline-flex size-11 items-center justify-center rounded-full text-ink/70 hover:text-ink"
            >
              {isStopped ? <IconPlay /> : <IconPause />}
            </button>
          ) : null}
          {banners.map((banner, index) => (
            <button
              key={banner._id}
              type="button"
              aria-label={t('hero.goTo', { index: index + 1 })}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => moveTo(index)}
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

/** Media controls are never mirrored. */
function IconPause() {
  return (
    <svg className="size-4" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <rect x="6" y="5" width="4" height="14" rx="1" />
      <rect x="14" y="5" width="4" height="14" rx="1" />
    </svg>
  )
}

function IconPlay() {
  return (
    <svg className="size-4" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
    </svg>
  )
}
