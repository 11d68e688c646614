import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import type { OrderPage } from '@shop/shared'
import { ORDER_LIST, ORDER_PAGE, ORDER_ROW, OWNER, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { stubApi } from '../../test/stub-api.ts'

const SECOND: OrderPage = {
  ...ORDER_PAGE,
  order: {
    ...ORDER_PAGE.order,
    _id: 'o-2',
    trackingNumber: 'KH-240117-0043',
    customerName: 'Sara Mansouri',
    deliveryTrackingId: 'YAL-88213',
    items: [
      { ...ORDER_PAGE.order.items[0]!, _id: 'i-2', nameFr: 'Basket Moutarde', size: '39', color: 'Moutarde', sku: 'BSK-39-MOU', quantity: 1 },
      { ...ORDER_PAGE.order.items[0]!, _id: 'i-3', nameFr: 'Écharpe', size: 'M', color: 'red', sku: 'ECH-M-RED', quantity: 3 },
    ],
  },
}

function stubSlips() {
  return stubApi({
    '/admin/auth/me': { data: { staff: OWNER } },
    '/settings': { data: { settings: { ...SHOP.settings, phone: '0550001122' } } },
    '/location/states': { data: { states: [], division: 58 } },
    '/admin/orders': { data: { ...ORDER_LIST, orders: [ORDER_ROW, { ...ORDER_ROW, _id: 'o-2', trackingNumber: 'KH-240117-0043' }] } },
    '/admin/orders/o-1': { data: ORDER_PAGE },
    '/admin/orders/o-2': { data: SECOND },
  })
}

/** The bars of a JsBarcode SVG as modules: '1' for a bar module, '0' for a space, from the first bar on. */
function modules(svg: SVGSVGElement, moduleWidth = 1.6): string {
  const bars = [...svg.querySelectorAll('g rect')].map((rect) => ({ x: Math.round(Number(rect.getAttribute('x')) / moduleWidth), w: Math.round(Number(rect.getAttribute('width')) / moduleWidth) }))
  const end = Math.max(...bars.map((b) => b.x + b.w))
  const line = Array.from({ length: end }, () => '0')
  for (const bar of bars) for (let i = bar.x; i < bar.x + bar.w; i++) line[i] = '1'
  return line.join('')
}

describe('delivery slips', () => {
  test('tick two orders in the list, print their slips together: shop phone, products, sizes, colours, a barcode each', async () => {
    const fetchMock = stubSlips()
    const { router } = renderApp({ url: '/admin/orders', locale: 'fr' })
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Choisir la commande \u2068KH-240117-0042\u2069' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choisir la commande \u2068KH-240117-0043\u2069' }))
    fireEvent.click(screen.getByRole('link', { name: 'Imprimer les bordereaux (2)' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders/slips'))
    expect(new URLSearchParams(router.state.location.search).get('ids')).toBe('o-1,o-2')

    await screen.findByRole('heading', { name: '2 bordereaux de livraison' })
    const slips = await screen.findAllByRole('article')
    expect(slips).toHaveLength(2)
    const [first, second] = slips as [HTMLElement, HTMLElement]
    expect(within(first).getByText('0550001122')).toBeTruthy()
    expect(within(first).getByText('Yacine Haddad')).toBeTruthy()
    expect(within(first).getByText('12 rue Didouche Mourad')).toBeTruthy()
    const firstLine = within(within(first).getByRole('table')).getByText('Derby en cuir').closest('tr') as HTMLElement
    expect([...firstLine.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Derby en cuirDER-42-NAVY', '42', 'Bleu marine', '2'])
    expect(within(first).getByText(/Montant à encaisser/)).toBeTruthy()
    // no courier number yet: the barcode carries the order number
    expect(within(first).getByRole('img', { name: 'Code-barres \u2068KH-240117-0042\u2069' }).querySelectorAll('rect').length).toBeGreaterThan(10)

    const lines = within(second).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent))
    expect(lines).toEqual([
      ['Basket MoutardeBSK-39-MOU', '39', 'Moutarde', '1'],
      ['ÉcharpeECH-M-RED', 'M', 'Rouge', '3'],
    ])
    // the courier's number once known, the order number still written for the shop
    expect(within(second).getByRole('img', { name: 'Code-barres \u2068YAL-88213\u2069' })).toBeTruthy()
    expect(within(second).getByText('KH-240117-0043')).toBeTruthy()
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/admin/orders/o-'))).toHaveLength(2)
  })

  test('the barcode is Code 128: start code B, stop pattern, and the courier can read the value under the bars', async () => {
    stubSlips()
    renderApp({ url: '/admin/orders/slips?ids=o-2', locale: 'en' })
    const barcode = (await screen.findByRole('img', { name: 'Barcode \u2068YAL-88213\u2069' })) as unknown as SVGSVGElement
    const bars = modules(barcode)
    expect(bars.slice(0, 11)).toBe('11010010000') // START B (value 104)
    expect(bars.slice(-13)).toBe('1100011101011') // STOP
    // 'YAL-88213', shortest form: START B, Y A L - 8, CODE C, 82 13 (two digits a symbol), the check symbol,
    // 11 modules each, then the 13-module stop
    expect(bars.length).toBe(11 * (1 + 5 + 1 + 2 + 1) + 13)
    // every symbol is 3 bars and 3 spaces, starting with a bar and ending with a space
    for (let i = 0; i < bars.length - 13; i += 11) {
      const symbol = bars.slice(i, i + 11)
      expect(symbol).toMatch(/^1+0+1+0+1+0+$/)
    }
    expect(barcode.closest('figure')?.querySelector('figcaption')?.textContent).toBe('YAL-88213')
  })
})

describe('Latin codes in Arabic', () => {
  test('on the Arabic order page the SKU, the order number and the phone read left to right, sizes are isolated', async () => {
    stubSlips()
    renderApp({ url: '/admin/orders/o-1', locale: 'ar' })
    const items = await screen.findByRole('table', { name: 'المنتجات' })
    const sku = within(items).getByText('DER-42-NAVY')
    expect(sku.tagName).toBe('BDI')
    expect(sku.getAttribute('dir')).toBe('ltr')
    expect(within(items).getByText(/المقاس \u206842\u2069 · \u2068كحلي\u2069/)).toBeTruthy()
    expect(document.title.startsWith('الطلبية \u2068KH-240117-0042\u2069')).toBe(true)
    const phone = screen.getAllByText('0551234567').find((el) => el.tagName === 'BDI')
    expect(phone?.getAttribute('dir')).toBe('ltr')
    // the printed slip too: SKU, phone and barcode caption left to right
    const slip = document.querySelector('[data-slip="KH-240117-0042"]') as HTMLElement
    const slipSku = within(slip).getByText('DER-42-NAVY')
    expect([slipSku.tagName, slipSku.getAttribute('dir')]).toEqual(['BDI', 'ltr'])
    expect(within(slip).getByText('KH-240117-0042').closest('[dir="ltr"]')).toBeTruthy()
  })
})
