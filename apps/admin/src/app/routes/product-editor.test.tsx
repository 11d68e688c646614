import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { category, categoryList, editorProduct, OWNER, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, type StubHandler, stubApi } from '../../test/stub-api.ts'
import { isolate } from '../../lib/bidi.ts'

const URL = '/admin/products/p-1'

/** A derby in 42 black, 20 in stock when the owner opens it. */
const PRODUCT = editorProduct({
  stockTotal: 20,
  variants: [{ _id: 'v-42', size: '42', color: 'black', colorHex: null, sku: 'DERBY-42-BLACK', stock: 20, hasOrders: false }],
})

function stubProduct(overrides: Record<string, StubHandler> = {}) {
  return stubApi({
    '/admin/auth/me': { data: { staff: OWNER } },
    '/settings': { data: SHOP },
    '/admin/categories': { data: categoryList([category()]) },
    '/admin/products/p-1': { data: { product: PRODUCT } },
    ...overrides,
  })
}

/** 5 were sold while the grid was open: the server has 15. */
const CONFLICT = {
  status: 409,
  code: 'STOCK_CONFLICT',
  message: 'Le stock a changé.',
  data: { variants: [{ _id: 'v-42', size: '42', color: 'black', sku: 'DERBY-42-BLACK', expectedStock: 20, stock: 15 }] },
}

// sizes and colours are isolated in the grid's labels (bidi: Latin codes inside Arabic sentences)
const STOCK_42_BLACK = `Stock ${isolate('42')} · ${isolate('Noir')}`

describe('product editor: the variant grid', () => {
  test('saving the grid as loaded plus a new size sends the stock each variant was loaded with', async () => {
    const fetchMock = stubProduct({ '/admin/products/p-1/variants': { data: { product: PRODUCT } } })
    renderApp({ url: URL, locale: 'fr' })
    const grid = await screen.findByRole('region', { name: 'Tailles, couleurs et stock' })
    fireEvent.change(within(grid).getByLabelText('Nouvelle taille'), { target: { value: '43' } })
    fireEvent.click(within(grid).getByRole('button', { name: 'Ajouter' }))
    fireEvent.click(within(grid).getByRole('button', { name: 'Enregistrer le stock et les variantes' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/products/p-1/variants')).toHaveLength(1))
    const [call] = callsTo(fetchMock, '/admin/products/p-1/variants')
    expect(call?.method).toBe('PUT')
    // 42 untouched: the server keeps whatever sales left (expectedStock = stock); 43 is new
    expect(call?.body).toEqual([
      { size: '42', color: 'black', stock: 20, sku: 'DERBY-42-BLACK', expectedStock: 20 },
      { size: '43', color: 'black', stock: 0 },
    ])
  })

  test('a stock conflict shows in view, keeps what was typed, and takes the current stock on demand', async () => {
    let attempt = 0
    const fetchMock = stubProduct({
      '/admin/variants/stock': () => {
        attempt += 1
        return attempt === 1 ? CONFLICT : { data: { variants: [] } }
      },
    })
    renderApp({ url: URL, locale: 'fr' })
    const grid = await screen.findByRole('region', { name: 'Tailles, couleurs et stock' })
    const stock = within(grid).getByLabelText(STOCK_42_BLACK) as HTMLInputElement
    fireEvent.change(stock, { target: { value: '30' } })
    fireEvent.click(within(grid).getByRole('button', { name: 'Enregistrer le stock et les variantes' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/variants/stock')).toHaveLength(1))
    const alert = await within(grid).findByRole('alert')
    expect(within(alert).getByText('Le stock a changé pendant que vous modifiiez la grille')).toBeTruthy()
    expect(within(alert).getByText(`${isolate('42')} · ${isolate('Noir')} : 20 à l’ouverture, 15 maintenant, vous avez saisi 30`)).toBeTruthy()
    expect(document.activeElement).toBe(alert)
    expect(callsTo(fetchMock, '/admin/variants/stock')[0]?.body).toEqual({ items: [{ variantId: 'v-42', stock: 30, expectedStock: 20 }] })
    // nothing reloaded behind the owner's back: the typed 30 is still there
    expect(stock.value).toBe('30')
    expect(callsTo(fetchMock, '/admin/products/p-1')).toHaveLength(1)

    fireEvent.click(within(alert).getByRole('button', { name: 'Reprendre le stock actuel' }))
    expect(within(grid).queryByRole('alert')).toBeNull()
    expect((within(grid).getByLabelText(STOCK_42_BLACK) as HTMLInputElement).value).toBe('15')
    fireEvent.change(within(grid).getByLabelText(STOCK_42_BLACK), { target: { value: '18' } })
    fireEvent.click(within(grid).getByRole('button', { name: 'Enregistrer le stock et les variantes' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/variants/stock')).toHaveLength(2))
    expect(callsTo(fetchMock, '/admin/variants/stock')[1]?.body).toEqual({ items: [{ variantId: 'v-42', stock: 18, expectedStock: 15 }] })
  })

  test('after a conflict the owner may keep the typed numbers: they are saved over the current stock knowingly (Arabic)', async () => {
    let attempt = 0
    const fetchMock = stubProduct({
      '/admin/variants/stock': () => {
        attempt += 1
        return attempt === 1 ? CONFLICT : { data: { variants: [] } }
      },
    })
    renderApp({ url: URL, locale: 'ar' })
    const grid = await screen.findByRole('region', { name: 'المقاسات والألوان والمخزون' })
    const stock = within(grid).getAllByRole('spinbutton').find((input) => (input as HTMLInputElement).value === '20') as HTMLInputElement
    fireEvent.change(stock, { target: { value: '30' } })
    fireEvent.click(within(grid).getByRole('button', { name: /حفظ/ }))
    const alert = await within(grid).findByRole('alert')
    fireEvent.click(within(alert).getByRole('button', { name: 'الإبقاء على أرقامي' }))
    expect(stock.value).toBe('30')
    fireEvent.click(within(grid).getByRole('button', { name: /حفظ/ }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/variants/stock')).toHaveLength(2))
    expect(callsTo(fetchMock, '/admin/variants/stock')[1]?.body).toEqual({ items: [{ variantId: 'v-42', stock: 30, expectedStock: 15 }] })
  })
})
