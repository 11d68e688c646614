import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { category, categoryList, editorProduct, OWNER, productList, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, type StubHandler, stubApi } from '../../test/stub-api.ts'

const CATEGORY = category()
const PRODUCT = editorProduct({
  nameFr: 'Derby en cuir',
  price: 8900,
  stockTotal: 5,
  variants: [{ _id: 'v-1', size: '42', color: 'brown', colorHex: null, sku: 'DERBY-42-BROWN', stock: 5, hasOrders: false }],
})

function stubEditor(overrides: Record<string, StubHandler> = {}) {
  return stubApi({
    '/admin/auth/me': { data: { staff: OWNER } },
    '/settings': { data: SHOP },
    '/admin/categories': { data: categoryList([CATEGORY]) },
    '/admin/products': { data: productList([]) },
    '/admin/products/p-1': { data: { product: PRODUCT } },
    ...overrides,
  })
}

const nativeConfirm = window.confirm
afterEach(() => {
  window.confirm = nativeConfirm
})

describe('product editor: unsaved changes', () => {
  test('leaving with a changed name asks first; "stay" keeps the text, "leave" goes', async () => {
    stubEditor()
    const { router } = renderApp({ url: '/admin/products/p-1', locale: 'en' })
    const name = await screen.findByLabelText('Name in French')
    fireEvent.change(name, { target: { value: 'Derby en cuir noir' } })

    fireEvent.click(screen.getByRole('link', { name: /Back to products/ }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' })
    expect(within(dialog).getByText(/did not save/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/admin/products/p-1')
    expect((screen.getByLabelText('Name in French') as HTMLInputElement).value).toBe('Derby en cuir noir')

    fireEvent.click(screen.getByRole('link', { name: /Back to products/ }))
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'))
  })

  test('an untouched product leaves without a question; a changed one makes the browser ask on reload or close', async () => {
    stubEditor()
    const { router } = renderApp({ url: '/admin/products/p-1', locale: 'en' })
    const name = await screen.findByLabelText('Name in French')
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(unload()).toBe(false)
    fireEvent.change(name, { target: { value: 'Derby' } })
    expect(unload()).toBe(true)
    fireEvent.change(name, { target: { value: 'Derby en cuir' } })
    expect(unload()).toBe(false)

    fireEvent.click(screen.getByRole('link', { name: /Back to products/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  test('stock typed in the variant grid and not saved also asks before leaving', async () => {
    stubEditor()
    renderApp({ url: '/admin/products/p-1', locale: 'en' })
    const stock = await screen.findByLabelText('Stock \u206842\u2069 · \u2068Brown\u2069')
    fireEvent.change(stock, { target: { value: '9' } })
    fireEvent.click(screen.getByRole('link', { name: /Back to products/ }))
    expect(await screen.findByRole('alertdialog', { name: 'Unsaved changes' })).toBeTruthy()
  })
})

describe('product editor: delete tells the truth', () => {
  test('a product with orders is hidden, and the question says so', async () => {
    stubEditor({
      '/admin/products/p-1': () => ({
        data: { product: { ...PRODUCT, variants: [{ ...PRODUCT.variants[0], hasOrders: true }] } },
      }),
    })
    const confirm = vi.fn((_message?: string) => false)
    window.confirm = confirm
    renderApp({ url: '/admin/products/p-1', locale: 'en' })
    fireEvent.click(await screen.findByRole('button', { name: 'Hide this product (it has orders)' }))
    expect(confirm).toHaveBeenCalledOnce()
    const question = confirm.mock.calls[0]?.[0] ?? ''
    expect(question).toMatch(/has orders: it cannot be deleted/)
    expect(question).toMatch(/hidden from the shop/)
    expect(question).not.toMatch(/cannot be undone/)
  })

  test('a product never ordered is deleted for good, and the question says that', async () => {
    stubEditor()
    const confirm = vi.fn((_message?: string) => false)
    window.confirm = confirm
    renderApp({ url: '/admin/products/p-1', locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer ce produit' }))
    expect(confirm.mock.calls[0]?.[0]).toMatch(/jamais été commandé.*irréversible/)
  })
})

describe('product editor: names, sizes and colours', () => {
  async function fillNewProduct(nameFr: string) {
    fireEvent.change(await screen.findByLabelText('Name in French'), { target: { value: nameFr } })
    fireEvent.change(screen.getByLabelText('Price (DA)'), { target: { value: '3500' } })
    await screen.findByRole('option', { name: 'Chaussures' })
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'c-1' } })
  }

  test('a name of one letter and a product on sale without sizes are refused before sending', async () => {
    const fetchMock = stubEditor()
    renderApp({ url: '/admin/products/new', locale: 'en' })
    await fillNewProduct('A')
    fireEvent.click(screen.getByRole('button', { name: 'Create the product' }))
    expect(await screen.findByText('The product name must have at least 3 characters.')).toBeTruthy()
    expect(screen.getByText(/Add at least one size and one colour/)).toBeTruthy()
    expect(callsTo(fetchMock, '/admin/products').filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  test('any colour name with a swatch: typed, added beside the 12 suggestions, sent with its hex', async () => {
    const fetchMock = stubEditor({
      '/admin/products': ({ method }) =>
        method === 'POST' ? { data: { product: { ...PRODUCT, _id: 'p-2' } } } : { data: { products: [], currentPage: 1, totalPages: 1, total: 0 } },
      '/admin/products/p-2': { data: { product: { ...PRODUCT, _id: 'p-2' } } },
    })
    const { router } = renderApp({ url: '/admin/products/new', locale: 'en' })
    await fillNewProduct('Espadrille')
    fireEvent.change(screen.getByLabelText('New size'), { target: { value: '40' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect(screen.getByText('Suggested colours')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Colour name'), { target: { value: 'Moutarde' } })
    fireEvent.change(screen.getByLabelText('Swatch colour'), { target: { value: '#d4a017' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add the colour' }))
    const chip = screen.getByRole('button', { name: 'Remove colour Moutarde' })
    expect((chip.querySelector('span[aria-hidden="true"]') as HTMLElement).style.backgroundColor).toMatch(/rgb\(212, 160, 23\)|#d4a017/)
    fireEvent.change(screen.getByLabelText('Stock \u206840\u2069 · \u2068Moutarde\u2069'), { target: { value: '4' } })

    fireEvent.click(screen.getByRole('button', { name: 'Create the product' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/products').filter((c) => c.method === 'POST')).toHaveLength(1))
    const body = callsTo(fetchMock, '/admin/products').find((c) => c.method === 'POST')?.body as { variants: unknown[] }
    expect(body.variants).toEqual([{ size: '40', color: 'Moutarde', colorHex: '#d4a017', stock: 4 }])
    // after the save, the editor opens the new product without asking about unsaved changes
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products/p-2'))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })
})
