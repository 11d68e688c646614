import { type ManualOrderBody } from '@shop/shared'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { editorProduct, OWNER, productRow, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'
import { ORDER_PAGE } from '../../test/fixtures.ts'

describe('a new order taken by staff', () => {
  test('products from the stock, the customer, the place and the fee: sent with its source; a bad phone is said before sending', async () => {
    const fetchMock = stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/settings': { data: SHOP },
      '/location/states': { data: { states: [{ _id: 16, code: '16', name: 'Alger', nameAr: 'الجزائر', nameFr: 'Alger' }], division: 58 } },
      '/location/states/16/cities': { data: { cities: [{ _id: 1602, name: 'Bab Ezzouar', nameAr: 'باب الزوار', nameFr: 'Bab Ezzouar', postalCode: null }] } },
      '/shipping/one': { data: { price: 480, retourPrice: 200, wilaya: 16, type: 'domicil', free: false } },
      '/admin/products': { data: { products: [productRow({ _id: 'p-1', nameFr: 'Derby en cuir', price: 4900 })], currentPage: 1, totalPages: 1, total: 1 } },
      '/admin/products/p-1': {
        data: {
          product: editorProduct({
            _id: 'p-1',
            nameFr: 'Derby en cuir',
            price: 4900,
            variants: [
              { _id: 'v-1', size: '42', color: 'navy', colorHex: null, sku: 'DER-42-NAVY', stock: 0, hasOrders: false },
              { _id: 'v-2', size: '43', color: 'navy', colorHex: null, sku: 'DER-43-NAVY', stock: 4, hasOrders: false },
            ],
          }),
        },
      },
      '/admin/orders': { data: ORDER_PAGE },
      '/admin/orders/o-1': { data: ORDER_PAGE },
    })
    renderApp({ url: '/admin/orders/new', locale: 'fr' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Nouvelle commande' }, { timeout: 5000 })).toBeTruthy()
    fireEvent.change(screen.getByRole('combobox', { name: 'Prise par' }), { target: { value: 'whatsapp' } })
    fireEvent.change(screen.getByRole('searchbox', { name: 'Ajouter un produit' }), { target: { value: 'derby' } })
    fireEvent.click(await screen.findByRole('button', { name: /Derby en cuir/ }))
    // the first size in stock is picked
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Taille' }) as HTMLSelectElement).value).toBe('43'))
    fireEvent.click(screen.getByRole('button', { name: 'Un de plus' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Prénom' }), { target: { value: 'Nadia' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Nom' }), { target: { value: 'Saadi' } })
    const phone = screen.getByRole('textbox', { name: 'Téléphone' })
    fireEvent.change(phone, { target: { value: '0212345' } })
    fireEvent.blur(phone)
    expect(await screen.findByText(/Numéro de téléphone invalide/)).toBeTruthy()
    fireEvent.change(phone, { target: { value: '0770 12 34 56' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Adresse' }), { target: { value: '5 rue Larbi Ben Mhidi' } })
    const total = await screen.findByTestId('new-order-total')
    await waitFor(() => expect(total.textContent?.replace(/\D/g, '')).toBe('10280'))
    fireEvent.click(screen.getByRole('button', { name: 'Créer la commande' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/orders').filter((c) => c.method === 'POST')).toHaveLength(1))
    const [sent] = callsTo(fetchMock, '/admin/orders').filter((c) => c.method === 'POST')
    expect(sent!.body).toEqual({
      source: 'whatsapp',
      status: 'confirmed',
      order: {
        items: [{ productId: 'p-1', size: '43', color: 'navy', quantity: 2 }],
        customerInfo: { firstName: 'Nadia', lastName: 'Saadi', phone: '0770 12 34 56' },
        shippingAddress: { wilayaId: 16, communeId: 1602, type: 'domicil', address: '5 rue Larbi Ben Mhidi' },
      },
    } satisfies ManualOrderBody)
    // the new order opens
    expect(await screen.findByRole('heading', { level: 1, name: /Commande/ }, { timeout: 5000 })).toBeTruthy()
    expect(within(document.body).queryByText('Nouvelle commande')).toBeNull()
  }, 30_000)
})
