import { render } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { describe, expect, test } from 'vitest'
import { createI18n } from '../../../lib/i18n.ts'
import { ALL_LANGUAGES } from '../../../test/all-languages.ts'
import { BANNERS } from '../../../test/fixtures.ts'
import { HERO_IMAGE_SIZES, HeroSlide } from './hero-slide.tsx'

function slideImage(props: { isFirst: boolean; isEager: boolean }) {
  const banner = BANNERS[0]
  if (!banner) throw new Error('no banner fixture')
  const { container } = render(
    <I18nextProvider i18n={createI18n('ar', ALL_LANGUAGES)}>
      <MemoryRouter>
        <HeroSlide banner={banner} isActive={props.isFirst} label="1" {...props} />
      </MemoryRouter>
    </I18nextProvider>,
  )
  const image = container.querySelector('img')
  if (!image) throw new Error('no image')
  return image
}

describe('home banner image', () => {
  test('the first banner is the page’s largest paint: eager and high priority, its box reserved', () => {
    const image = slideImage({ isFirst: true, isEager: true })
    expect(image.getAttribute('loading')).toBe('eager')
    expect(image.getAttribute('fetchpriority')).toBe('high')
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1920', '1080'])
    expect(image.getAttribute('sizes')).toBe(HERO_IMAGE_SIZES)
  })

  test('the next banners load early at low priority, so they never compete with the first (nor get a preload)', () => {
    const next = slideImage({ isFirst: false, isEager: true })
    expect(next.getAttribute('loading')).toBe('eager')
    expect(next.getAttribute('fetchpriority')).toBe('low')
    expect(next.getAttribute('decoding')).toBe('async')
    const later = slideImage({ isFirst: false, isEager: false })
    expect(later.getAttribute('loading')).toBe('lazy')
  })
})
