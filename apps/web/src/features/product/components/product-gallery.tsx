import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ResponsiveImage } from '@shop/shared'
import { ImagePlaceholder } from '../../../components/ui/image-placeholder.tsx'

export interface ProductGalleryProps {
  images: ResponsiveImage[]
  /** The product's name, for the images' text alternative. */
  name: string
}

/**
 * The main photo's width on screen: full width on phones; from md up one of two columns (24 px page
 * padding, 40 px gap), 596 px in the 1280 px container. apps/api storefront-html.ts preloads with the same value.
 */
export const GALLERY_MAIN_SIZES = '(min-width: 1280px) 596px, (min-width: 768px) calc(50vw - 44px), 100vw'

/**
 * The photos in the order given (the page puts the chosen colour's first; it remounts the gallery when
 * the colour changes, so the first photo is the one on screen). A swipeable strip (native scroll snapping: it follows the reading direction and the finger, with no
 * script on the scroll path) and thumbnails that jump to an image.
 */
export function ProductGallery({ images, name }: ProductGalleryProps) {
  const { t } = useTranslation('product')
  const strip = useRef<HTMLUListElement>(null)
  const [current, setCurrent] = useState(0)

  if (images.length === 0) {
    return (
      <div className="aspect-square overflow-hidden md:rounded-md">
        <ImagePlaceholder label={t('gallery.noImage')} />
      </div>
    )
  }

  const show = (index: number) => {
    const slide = strip.current?.children[index]
    if (slide instanceof HTMLElement) slide.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' })
    setCurrent(index)
  }

  const onScroll = () => {
    const element = strip.current
    if (!element || element.clientWidth === 0) return
    // scrollLeft is negative in right-to-left pages: the distance is what counts.
    const index = Math.round(Math.abs(element.scrollLeft) / element.clientWidth)
    if (index !== current && index < images.length) setCurrent(index)
  }

  return (
    <section aria-roledescription={t('gallery.roleDescription')} aria-label={t('gallery.label', { name })}>
      <ul
        ref={strip}
        onScroll={onScroll}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] md:rounded-md"
      >
        {images.map((image, index) => (
          <li
            key={image.src}
            className="aspect-square w-full shrink-0 snap-start snap-always bg-surface"
            aria-label={t('gallery.position', { index: index + 1, count: images.length })}
          >
            <img
              src={image.src}
              srcSet={image.srcSet}
              sizes={GALLERY_MAIN_SIZES}
              width={image.width}
              height={image.height}
              alt={index === 0 ? name : t('gallery.imageAlt', { name, index: index + 1 })}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding={index === 0 ? 'sync' : 'async'}
              className="size-full object-cover"
              draggable={false}
            />
          </li>
        ))}
      </ul>
      {images.length > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto px-4 md:px-0" aria-label={t('gallery.thumbnails')}>
          {images.map((image, index) => (
            <li key={image.src} className="shrink-0">
              <button
                type="button"
                onClick={() => show(index)}
                aria-label={t('gallery.show', { index: index + 1 })}
                aria-current={index === current ? 'true' : undefined}
                className="block size-16 overflow-hidden rounded-md border-2 border-transparent bg-surface aria-[current=true]:border-ink"
              >
                <img
                  src={image.src}
                  srcSet={image.srcSet}
                  sizes="64px"
                  width={64}
                  height={64}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
