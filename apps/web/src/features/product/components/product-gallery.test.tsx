import { render } from '@testing-library/react'
import type { ResponsiveImage } from '@shop/shared'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, test } from 'vitest'
import { createI18n } from '../../../lib/i18n.ts'
import { ALL_LANGUAGES } from '../../../test/all-languages.ts'
import { GALLERY_MAIN_SIZES, ProductGallery } from './product-gallery.tsx'

const photo = (name: string): ResponsiveImage => ({
  src: `/media/products/${name}-1200.webp`,
  srcSet: `/media/products/${name}-300.webp 300w, /media/products/${name}-600.webp 600w, /media/products/${name}-1200.webp 1200w`,
  width: 1200,
  height: 1200,
})

function renderGallery(images: ResponsiveImage[]) {
  const { container } = render(
    <I18nextProvider i18n={createI18n('fr', ALL_LANGUAGES)}>
      <ProductGallery images={images} name="Derby" />
    </I18nextProvider>,
  )
  return [...container.querySelectorAll('img')]
}

describe('product gallery images', () => {
  test('the first photo is the page’s largest paint: eager, high priority; the others wait until scrolled to', () => {
    const [first, second, third] = renderGallery([photo('a'), photo('b'), photo('c')])
    expect(first?.getAttribute('loading')).toBe('eager')
    expect(first?.getAttribute('fetchpriority')).toBe('high')
    for (const image of [second, third]) {
      expect(image?.getAttribute('loading')).toBe('lazy')
      expect(image?.getAttribute('fetchpriority')).toBe('auto')
      expect(image?.getAttribute('decoding')).toBe('async')
    }
  })

  test('every photo and thumbnail reserves its box and offers every stored width for its own size', () => {
    const images = renderGallery([photo('a'), photo('b')])
    expect(images).toHaveLength(4)
    for (const image of images) {
      expect(Number(image.getAttribute('width'))).toBeGreaterThan(0)
      expect(image.getAttribute('height')).toBe(image.getAttribute('width'))
      expect(image.getAttribute('srcset')).toContain('300w')
    }
    const [main, , thumbnail] = images
    // full width on phones, one of two columns (596 px at most) on wide screens: a 1440 px screen takes the 600 px file
    expect(main?.getAttribute('sizes')).toBe(GALLERY_MAIN_SIZES)
    expect(GALLERY_MAIN_SIZES).toBe('(min-width: 1280px) 596px, (min-width: 768px) calc(50vw - 44px), 100vw')
    expect(thumbnail?.getAttribute('sizes')).toBe('64px')
    expect(thumbnail?.getAttribute('loading')).toBe('lazy')
  })
})
