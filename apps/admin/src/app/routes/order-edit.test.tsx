import { formatPrice, type OrderEditBody } from '@shop/shared'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { editorProduct, ORDER_PAGE, OWNER, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, type StubHandler, stubApi } from '../../test/stub-api.ts'

const URL = '/admin/orders/o-1'
const DERBY = editorProduct({
  _id: 'p-1',
  nameFr: 'Derby en cuir',
  nameAr: 'حذاء ديربي جلد',
  price: 4900,
  variants: [
    { _id: 'v-1', size: '42', color: 'navy', colorHex: null, sku: 'DER-42-NAVY', stock: 3, hasOrders: true },
    { _id: 'v-2', size: '43', color: 'navy', colorHex: null, sku: 'DER-43-NAVY', stock: 0, hasOrders: false },
    { _id: 'v-3', size: '44', color: 'navy', colorHex: null, sku: 'DER-44-NAVY', stock: 5, hasOrders: false },
  ],
})
const quoteOf = (body: OrderEditBody) => {
  const line = body.lines[0]!
  const subtotal = 4900 * line.quantity
  return {
    lines: [{ productId: 'p-1', variantId: 'v-3', name: 'Derby en cuir', size: line.size, color: line.color, unitPrice: 4900, quantity: line.quantity, lineTotal: subtotal, priceKept: false }],
    subtotal,
    discount: 0,
    deliveryFee: 480,
    totalAmount: subtotal + 480,
    couponCode: null,
    couponDropped: line.quantity === 1 ? { code: 'BIENVENUE10', reason: 'Montant minimum : 9 000 DA' } : null,
  }
}

function stubOrder(order: StubHandler) {
  return stubApi({
    '/admin/auth/me': { data: { staff: OWNER } },
    '/settings': { data: SHOP },
    '/admin/orders/o-1': order,
    '/admin/products/p-1': { data: { product: DERBY } },
    '/location/states': { data: { states: [{ _id: 16, code: '16', name: 'Alger', nameAr: 'الجزائر', nameFr: 'Alger' }], division: 58 } },
    '/location/states/16/cities': {
      data: { cities: [{ _id: 1602, name: 'Bab Ezzouar', nameAr: 'باب الزوار', nameFr: 'Bab Ezzouar', postalCode: null }] },
    },
  })
}

describe('editing an order during the call', () => {
  test('another size from the product’s variants (with their stock), the new total previewed, then saved', async () => {
    let saved: OrderEditBody | null = null
    const fetchMock = stubOrder(({ method, body }) => {
      if (method === 'GET') return { data: saved ? { ...ORDER_PAGE, order: { ...ORDER_PAGE.order, version: 4 } } : ORDER_PAGE }
      const edit = body as OrderEditBody
      if (!edit.preview) saved = edit
      return { data: { quote: quoteOf(edit), page: edit.preview ? null : { ...ORDER_PAGE, order: { ...ORDER_PAGE.order, version: 4 } } } }
    })
    renderApp({ url: URL, locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier la commande' }, { timeout: 5000 }))
    const size = await screen.findByRole('combobox', { name: 'Taille' })
    // every size of the product, with its stock
    await waitFor(() => expect(within(size).getAllByRole('option').map((o) => o.textContent)).toEqual(['42 (reste 3)', '43 (reste 0)', '44 (reste 5)']))
    fireEvent.change(size, { target: { value: '44' } })
    fireEvent.click(screen.getByRole('button', { name: 'Un de moins' }))
    const exact = { normalizer: (text: string) => text }
    const preview = screen.getByRole('region', { name: 'Nouveau total' })
    expect(await within(preview).findByText(formatPrice(4900 + 480, 'fr'), exact, { timeout: 3000 })).toBeTruthy()
    // the coupon that no longer applies is said before saving
    expect(within(preview).getByText(/BIENVENUE10.*ne s'applique plus.*Montant minimum/)).toBeTruthy()
    const previews = callsTo(fetchMock, '/admin/orders/o-1').filter((c) => c.method === 'PUT')
    expect(previews.at(-1)?.body).toMatchObject({ version: 3, preview: true, lines: [{ productId: 'p-1', size: '44', color: 'navy', quantity: 1 }] })

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }))
    await waitFor(() => expect(saved).not.toBeNull())
    expect(saved).toMatchObject({
      version: 3,
      preview: false,
      lines: [{ productId: 'p-1', size: '44', color: 'navy', quantity: 1 }],
      customer: { firstName: 'Yacine', lastName: 'Haddad', phone: '0551234567' },
      wilayaCode: 16,
      communeId: 1602,
      deliveryType: 'domicil',
      address: '12 rue Didouche Mourad',
    })
    // saved: the form closes, the order is shown again
    expect(await screen.findByRole('button', { name: 'Modifier la commande' })).toBeTruthy()
  }, 20_000)

  test('the last line cannot be removed; a refusal of the preview (out of stock) is shown in the staff member’s language', async () => {
    stubOrder(({ method }) =>
      method === 'GET' ? { data: ORDER_PAGE } : { status: 422, code: 'QUANTITY_ABOVE_STOCK', message: 'Il ne reste que 3 pièces.' },
    )
    renderApp({ url: URL, locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier la commande' }, { timeout: 5000 }))
    expect((screen.getByRole('button', { name: 'Retirer Derby en cuir' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Un de plus' }))
    const preview = screen.getByRole('region', { name: 'Nouveau total' })
    expect(await within(preview).findByRole('alert', {}, { timeout: 3000 })).toBeTruthy()
    expect(within(preview).getByRole('alert').textContent).toBe('Il ne reste que 3 pièces.')
  }, 20_000)

  test('an edit entry of the history reads as before and after', async () => {
    stubOrder({
      data: {
        ...ORDER_PAGE,
        history: [
          ...ORDER_PAGE.history,
          {
            _id: 3,
            kind: 'edit',
            fromStatus: 'pending',
            toStatus: 'pending',
            callOutcome: null,
            note: null,
            byClient: false,
            staffName: 'Amina Benali',
            createdAt: '2025-11-21T10:05:00.000Z',
            details: {
              before: snapshot('42', 9300),
              after: snapshot('44', 5380),
            },
          },
        ],
      },
    })
    renderApp({ url: URL, locale: 'fr' })
    const history = await screen.findByRole('region', { name: 'Historique' }, { timeout: 5000 })
    expect(within(history).getByText('Commande modifiée')).toBeTruthy()
    expect(within(history).getByText(/Produits : Derby en cuir 42 Bleu marine ×2 → Derby en cuir 44 Bleu marine ×2/)).toBeTruthy()
    expect(within(history).getByText(/^Total : /).textContent).toContain('→')
  })
})

function snapshot(size: string, total: number) {
  return {
    lines: [{ nameAr: 'حذاء ديربي جلد', nameFr: 'Derby en cuir', size, color: 'navy', quantity: 2, unitPrice: 4900 }],
    firstName: 'Yacine',
    lastName: 'Haddad',
    phone: '0551234567',
    wilayaCode: 16,
    communeId: 1602,
    communeNameAr: 'باب الزوار',
    communeNameFr: 'Bab Ezzouar',
    address: '12 rue Didouche Mourad',
    deliveryType: 'domicil',
    subtotal: total - 480,
    discount: 0,
    deliveryFee: 480,
    total,
    couponCode: null,
  }
}
