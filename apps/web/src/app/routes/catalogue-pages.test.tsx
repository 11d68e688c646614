import { fixture } from '@shop/client-kit'
import { catalogueCategory, formatPrice, type ProductDetail, productDetail, productPage } from '@shop/shared'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { product, SETTINGS } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { stubApi } from '../../test/stub-api.ts'

const exact = { normalizer: (text: string) => text }

const CATEGORY_LIST = [
  fixture(catalogueCategory, { _id: 'c-men', slug: 'hommes', name: 'رجال', nameAr: 'رجال', nameFr: 'Hommes', description: '', parentId: null, position: 0 }),
  fixture(catalogueCategory, { _id: 'c-women', slug: 'femmes', name: 'نساء', nameAr: 'نساء', nameFr: 'Femmes', description: '', parentId: null, position: 1 }),
]

const PAGE = fixture(productPage, {
  products: [product(), product({ _id: 'p-2', nameAr: 'حذاء رياضي أبيض', nameFr: 'Basket blanche' })],
  currentPage: 2,
  totalPages: 3,
  totalProducts: 26,
})

/** The query strings the app asked the API for, on one path. */
function calls(fetchMock: ReturnType<typeof stubApi>, pathname: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === `/api/v1${pathname}`)
    .map((url) => url.searchParams)
}

const plain = (query: URLSearchParams | undefined) => Object.fromEntries(query ?? [])

describe('collection page', () => {
  test('category, sort and page from the URL go to the API; changing the sort starts again at page 1', async () => {
    const fetchMock = stubApi({
      '/settings': { data: { settings: SETTINGS } },
      '/category': { data: { categories: CATEGORY_LIST } },
      '/product': { data: PAGE },
    })
    const { router } = renderApp({ locale: 'fr', path: '/collection?category=c-men&sort=price_asc&page=2' })

    expect(await screen.findByText('26 produits')).toBeTruthy()
    expect(plain(calls(fetchMock, '/product')[0])).toEqual({ category: 'c-men', sort: 'price_asc', page: '2', limit: '12' })
    expect((screen.getByRole('radio', { name: 'Hommes' }) as HTMLInputElement).checked).toBe(true)
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: /Suivant/ }).getAttribute('href')).toBe(
      '/collection?category=c-men&sort=price_asc&page=3',
    )

    fireEvent.change(screen.getByLabelText('Trier'), { target: { value: 'newest' } })
    await waitFor(() => expect(router.state.location.search).toBe('?category=c-men&sort=newest'))
    await waitFor(() =>
      expect(plain(calls(fetchMock, '/product').at(-1))).toEqual({ category: 'c-men', sort: 'newest', page: '1', limit: '12' }),
    )

    fireEvent.click(screen.getByRole('radio', { name: 'Femmes' }))
    await waitFor(() => expect(plain(calls(fetchMock, '/product').at(-1))).toMatchObject({ category: 'c-women', page: '1' }))
  })

  test('typing a search applies it after a pause, and an empty result says so', async () => {
    const fetchMock = stubApi({
      '/category': { data: { categories: CATEGORY_LIST } },
      '/product': { data: { products: [], currentPage: 1, totalPages: 1, totalProducts: 0 } },
    })
    const { router } = renderApp({ locale: 'ar', path: '/collection' })
    fireEvent.change(await screen.findByRole('searchbox', { name: 'ابحث عن منتج' }), { target: { value: 'صندل' } })
    await waitFor(() => expect(router.state.location.search).toBe(`?search=${encodeURIComponent('صندل')}`))
    await waitFor(() => expect(plain(calls(fetchMock, '/product').at(-1))).toMatchObject({ search: 'صندل' }))
    expect(await screen.findByText('لا توجد منتجات مطابقة.')).toBeTruthy()
    expect(screen.getAllByRole('link', { name: 'مسح التصفية' }).length).toBeGreaterThan(0)
  })

  test('a search whose total reached the count cap says "or more", in Arabic and French', async () => {
    const capped = fixture(productPage, { ...PAGE, currentPage: 1, totalPages: 20, totalProducts: 240, totalIsLowerBound: true })
    stubApi({ '/category': { data: { categories: CATEGORY_LIST } }, '/product': { data: capped } })
    const ar = renderApp({ locale: 'ar', path: `/collection?search=${encodeURIComponent('حذاء')}` })
    expect(await screen.findByText('240 منتجًا أو أكثر')).toBeTruthy()
    ar.unmount()
    renderApp({ locale: 'fr', path: '/collection?search=chaussure' })
    expect(await screen.findByText('240 produits ou plus')).toBeTruthy()
  })

  test('a failed list offers a retry', async () => {
    stubApi({ '/category': { data: { categories: CATEGORY_LIST } }, '/product': { status: 500, code: 'INTERNAL' } })
    renderApp({ locale: 'fr', path: '/collection' })
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Impossible de charger les produits.')).toBeTruthy()
    stubApi({ '/category': { data: { categories: CATEGORY_LIST } }, '/product': { data: PAGE } })
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByText('26 produits')).toBeTruthy()
  })
})

describe('category page', () => {
  test('the price range and sort go to the category route, 12 a page', async () => {
    const fetchMock = stubApi({
      '/product/category/c-men': { data: { ...PAGE, currentPage: 1, category: CATEGORY_LIST[0] } },
    })
    const { router } = renderApp({ locale: 'fr', path: '/category/c-men' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Hommes' })).toBeTruthy()
    expect(plain(calls(fetchMock, '/product/category/c-men')[0])).toEqual({ page: '1', limit: '12', sort: 'newest' })

    fireEvent.change(screen.getByLabelText('Prix min (DA)'), { target: { value: '2000' } })
    fireEvent.change(screen.getByLabelText('Prix max (DA)'), { target: { value: '9000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Appliquer' }))
    await waitFor(() => expect(router.state.location.search).toBe('?minPrice=2000&maxPrice=9000'))
    fireEvent.change(screen.getByLabelText('Trier'), { target: { value: 'name_desc' } })
    await waitFor(() =>
      expect(plain(calls(fetchMock, '/product/category/c-men').at(-1))).toEqual({
        page: '1',
        limit: '12',
        sort: 'name_desc',
        minPrice: '2000',
        maxPrice: '9000',
      }),
    )
  })

  test('an unknown category shows the not-found state, not an error', async () => {
    stubApi({ '/product/category/gone': { status: 404, code: 'CATEGORY_NOT_FOUND' } })
    renderApp({ locale: 'ar', path: '/category/gone' })
    expect(await screen.findByRole('heading', { name: 'الفئة غير موجودة' })).toBeTruthy()
    expect(screen.getByText('هذه الفئة غير موجودة أو تم حذفها.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'تصفح كل المنتجات' }).getAttribute('href')).toBe('/collection')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

function detail(overrides: Partial<z.input<typeof productDetail>> = {}): ProductDetail {
  const base = product({ price: 4000, compareAtPrice: 5000, percentOff: 20, stock: 11 })
  return fixture(productDetail, {
    ...base,
    description: 'Cuir pleine fleur.',
    descriptionAr: 'جلد طبيعي.',
    descriptionFr: 'Cuir pleine fleur.',
    images: base.image ? [{ ...base.image, color: null }] : [],
    variants: [
      { _id: 'v-40', size: '40', color: 'black', stock: 0 },
      { _id: 'v-41', size: '41', color: 'black', stock: 3 },
      { _id: 'v-42', size: '42', color: 'black', stock: 8 },
    ],
    category: { _id: 'c-men', slug: 'hommes', name: 'Hommes' },
    ...overrides,
  })
}

describe('product page', () => {
  test('shows the price struck through with the saving and percent off; sold-out sizes are disabled', async () => {
    stubApi({ '/product/p-1': { data: { product: detail(), related: [] } } })
    renderApp({ locale: 'fr', path: '/product/p-1' })

    expect(await screen.findByRole('heading', { level: 1, name: 'Derby en cuir' })).toBeTruthy()
    expect(screen.getAllByText(formatPrice(4000, 'fr'), exact).length).toBeGreaterThan(0)
    expect(screen.getByText(formatPrice(5000, 'fr'), exact).tagName).toBe('S')
    expect(screen.getByText(`Vous économisez ${formatPrice(1000, 'fr')}`, exact)).toBeTruthy()
    expect(screen.getByText('-20 %')).toBeTruthy()

    const soldOut = screen.getByRole('radio', { name: '40, épuisé' }) as HTMLButtonElement
    expect(soldOut.disabled).toBe(true)
    expect((screen.getByRole('radio', { name: '41' }) as HTMLButtonElement).disabled).toBe(false)
    // No fake reviews: no rating, no count; the review policy says there are none yet.
    expect(screen.queryByText(/★|\d\s*\/\s*5|\(\d+\s*(avis|reviews)\)/i)).toBeNull()
    expect(screen.getByText(/^Pas encore d’avis\./)).toBeTruthy()
  })

  test('the quantity stepper stops at the chosen size’s stock; a low stock is announced', async () => {
    stubApi({ '/product/p-1': { data: { product: detail(), related: [] } } })
    renderApp({ locale: 'en', path: '/product/p-1' })

    fireEvent.click(await screen.findByRole('radio', { name: '41' }))
    expect(screen.getByText('Only 3 left')).toBeTruthy()
    const more = screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement
    const quantity = screen.getByLabelText('Quantity') as HTMLInputElement
    fireEvent.click(more)
    fireEvent.click(more)
    expect(quantity.value).toBe('3')
    expect(more.disabled).toBe(true)
    fireEvent.click(more)
    expect(quantity.value).toBe('3')

    // A size with more stock lets the count go on; back to the small one, it is capped again.
    fireEvent.click(screen.getByRole('radio', { name: '42' }))
    expect(more.disabled).toBe(false)
    fireEvent.click(more)
    expect(quantity.value).toBe('4')
    fireEvent.click(screen.getByRole('radio', { name: '41' }))
    expect(quantity.value).toBe('3')
  })

  test('ordering without a size asks for one', async () => {
    stubApi({ '/product/p-1': { data: { product: detail(), related: [] } } })
    renderApp({ locale: 'en', path: '/product/p-1' })
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }))
    expect((await screen.findAllByText('Choose a size first.')).length).toBeGreaterThan(0)
  })

  test('an unknown product shows "Product Not Found"', async () => {
    stubApi({ '/product/nope': { status: 404, code: 'PRODUCT_NOT_FOUND' } })
    renderApp({ locale: 'en', path: '/product/nope' })
    expect(await screen.findByRole('heading', { name: 'Product Not Found' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy()
  })
})
