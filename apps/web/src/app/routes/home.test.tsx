import { formatPrice } from '@shop/shared'
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { PRODUCT_GRID_SIZES } from '../../features/catalogue/components/product-card.tsx'
import { BANNERS, CATEGORIES, SETTINGS } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { stubApi } from '../../test/stub-api.ts'

// Prices keep their narrow no-break spaces: compare the text exactly as formatPrice wrote it.
const exact = { normalizer: (text: string) => text }

function stubHome(overrides: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/settings': { data: { settings: SETTINGS } },
    '/banner/active': { data: { banners: BANNERS } },
    '/product/homepage/categories': { data: { categories: CATEGORIES } },
    ...overrides,
  })
}

describe('home page', () => {
  test('shows a section per category with its product cards, prices from formatPrice (Arabic)', async () => {
    const fetchMock = stubHome()
    renderApp({ locale: 'ar' })

    const men = await screen.findByRole('region', { name: 'رجال' })
    expect(within(men).getAllByRole('listitem')).toHaveLength(4)
    expect(within(men).getByRole('link', { name: 'عرض كل منتجات رجال' }).getAttribute('href')).toBe('/category/c-men')

    const derby = within(men).getByRole('link', { name: /حذاء ديربي جلد/ })
    expect(derby.getAttribute('href')).toBe('/product/p-1')
    expect(within(derby).getByText(formatPrice(5400, 'ar'), exact)).toBeTruthy()
    const image = derby.querySelector('img')
    expect(image?.getAttribute('loading')).toBe('lazy')
    expect(image?.getAttribute('width')).toBe('1200')
    expect(image?.getAttribute('srcset')).toContain('300w')
    expect(image?.getAttribute('decoding')).toBe('async')
    // a card is at most half a phone's width less the padding and the gap: 300 px files at DPR 2
    expect(image?.getAttribute('sizes')).toBe(PRODUCT_GRID_SIZES)
    expect(PRODUCT_GRID_SIZES).toMatch(/\(min-width: 1280px\) 290px, .*calc\(50vw - 22px\)$/)

    const discounted = within(men).getByRole('link', { name: /حذاء رياضي أبيض/ })
    expect(within(discounted).getByText(formatPrice(4000, 'ar'), exact)).toBeTruthy()
    expect(within(discounted).getByText(formatPrice(5000, 'ar'), exact).tagName).toBe('S')
    expect(within(discounted).getByText('-20%')).toBeTruthy()

    const soldOut = within(men).getByRole('link', { name: /موكاسان/ })
    expect(within(soldOut).getByText('نفد المخزون')).toBeTruthy()

    const women = screen.getByRole('region', { name: 'نساء' })
    expect(within(women).getByText(formatPrice(12900, 'ar'), exact)).toBeTruthy()

    // The hero is the first banner, in Arabic, loaded first.
    expect(screen.getByRole('heading', { name: 'تشكيلة الصيف' })).toBeTruthy()
    const hero = screen.getByRole('group', { name: '1 من 1' }).querySelector('img')
    expect(hero?.getAttribute('loading')).toBe('eager')
    expect(hero?.getAttribute('fetchpriority')).toBe('high')

    const homepageCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/homepage/categories'))
    expect(String(homepageCall?.[0])).toBe('/api/v1/product/homepage/categories?productsPerCategory=4')
    expect(new Headers(homepageCall?.[1]?.headers).get('Accept-Language')).toBe('ar')
  })

  test('in French, names come from nameFr (Arabic when empty) and prices read DA', async () => {
    stubHome()
    renderApp({ locale: 'fr' })

    const men = await screen.findByRole('region', { name: 'Hommes' })
    const derby = within(men).getByRole('link', { name: /Derby en cuir/ })
    expect(within(derby).getByText(formatPrice(5400, 'fr'), exact)).toBeTruthy()
    expect(formatPrice(5400, 'fr')).toBe('5\u202F400 DA')
    expect(within(men).getByRole('link', { name: /صندل صيفي/ })).toBeTruthy()
    expect(within(men).getByText('Épuisé')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Collection été' })).toBeTruthy()
  })

  test('shows the shop’s own hero when banners fail', async () => {
    const fetchMock = stubHome({ '/banner/active': { status: 500, code: 'INTERNAL' } })
    renderApp({ locale: 'ar' })

    // Banners are retried once (about a second later), then the page stops waiting for them.
    const title = await screen.findByRole('heading', { level: 1, name: 'خطوة' }, { timeout: 3000 })
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/banner/active'))).toHaveLength(2)
    const hero = within(title.closest('section') ?? document.body)
    expect(hero.getByText('أحذية جزائرية 100%')).toBeTruthy()
    expect(hero.getByRole('link', { name: 'اكتشف التشكيلة' }).getAttribute('href')).toBe('/collection')
    expect(hero.getByRole('status').textContent).toBe('تعذّر تحميل العروض. يُرجى المحاولة لاحقًا.')
    expect(await screen.findByRole('region', { name: 'رجال' })).toBeTruthy()
  })

  test('shows the shop’s own hero when there is no active banner', async () => {
    stubHome({ '/banner/active': { data: { banners: [] } } })
    renderApp({ locale: 'en' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Khatwa' })).toBeTruthy()
    // nothing failed: no error message
    expect(screen.queryByText('Unable to load banners. Please try again later.')).toBeNull()
  })

  test('a failed catalogue says so and loads again on retry', async () => {
    const fetchMock = stubHome({ '/product/homepage/categories': { status: 503, code: 'UNAVAILABLE' } })
    renderApp({ locale: 'fr' })

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Impossible de charger les produits.')).toBeTruthy()

    stubHome()
    expect(fetchMock).toHaveBeenCalled()
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByRole('region', { name: 'Hommes' })).toBeTruthy()
  })
})
