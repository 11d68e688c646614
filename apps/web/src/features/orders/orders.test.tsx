import { configure, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { clientOrderOf, SETTINGS, SHOPPER } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { routeApi } from '../../test/route-api.ts'
import { cartOf } from '../../test/cart-fixtures.ts'

// Lazy route chunks load on first use: under a full parallel run the first screen can take over 1 s.
configure({ asyncUtilTimeout: 4000 })

const USER = { ...SHOPPER, totalOrders: 1 }

const ORDER = clientOrderOf({
  _id: 'o1',
  trackingNumber: 'KH-0001',
  status: 'confirmed',
  createdAt: '2026-03-01T10:00:00Z',
  orderItems: [
    { _id: 'i1', product: { _id: 'p1', name: 'Derby en cuir', image: null }, size: '42', color: 'black', quantity: 1, priceAtPurchase: 5400, lineTotal: 5400 },
  ],
  shippingAddress: { address: '12 rue Didouche Mourad', cityName: 'Alger Centre', stateName: 'Alger', wilayaCode: 16, communeId: 554, postalCode: '16000', type: 'domicil' },
  subtotal: 5400,
  discountAmount: 0,
  shippingFee: 500,
  totalAmount: 5900,
  history: [
    { status: 'pending', date: '2026-03-01T10:00:00Z' },
    { status: 'confirmed', date: '2026-03-01T12:00:00Z' },
  ],
})

const signedIn = {
  '/settings': { data: { settings: SETTINGS } },
  'GET /auth/client/session': { data: { user: USER } },
  'GET /cart/client': { data: { cart: cartOf([], null) } },
}

describe('orders page', () => {
  test('reads its filters and page from the address and sends them to the API', async () => {
    const api = routeApi({
      ...signedIn,
      'GET /order/client': { data: { orders: [ORDER], currentPage: 2, totalPages: 2, totalOrders: 11, results: 1 } },
    })
    renderApp({ path: '/orders?status=confirmed&q=0551234567&page=2', locale: 'fr' })
    expect(await screen.findByText('Page 2 sur 2')).toBeTruthy()
    const query = api.calls('GET /order/client')[0]?.query
    expect(query?.get('status')).toBe('confirmed')
    expect(query?.get('searchOrders')).toBe('0551234567')
    expect(query?.get('page')).toBe('2')
    expect((screen.getByLabelText('Statut') as HTMLSelectElement).value).toBe('confirmed')
  })

  test('an order card shows each line size and colour, the address and the status timeline', async () => {
    routeApi({ ...signedIn, 'GET /order/client': { data: { orders: [ORDER], currentPage: 1, totalPages: 1, totalOrders: 1, results: 1 } } })
    renderApp({ path: '/orders', locale: 'fr' })
    expect(await screen.findByText('Pointure : 42')).toBeTruthy()
    expect(screen.getByText(/^Couleur : /)).toBeTruthy()
    expect(screen.getByText('12 rue Didouche Mourad, Alger Centre, Alger')).toBeTruthy()
    const timeline = screen.getByRole('list', { name: 'Suivi de la commande' })
    expect(timeline.textContent).toContain('En attente')
    expect(timeline.textContent).toContain('Confirmée')
  })

  test('a filter that matches nothing says so and clears the filters', async () => {
    const api = routeApi({
      ...signedIn,
      'GET /order/client': (request) =>
        request.query.get('status')
          ? { data: { orders: [], currentPage: 1, totalPages: 0, totalOrders: 0, results: 0 } }
          : { data: { orders: [ORDER], currentPage: 1, totalPages: 1, totalOrders: 1, results: 1 } },
    })
    const { router } = renderApp({ path: '/orders?status=delivered', locale: 'fr' })
    expect(await screen.findByText('Aucune commande ne correspond')).toBeTruthy()
    expect(screen.queryByText("Vous n'avez pas encore de commande")).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }))
    expect(await screen.findByText('KH-0001')).toBeTruthy()
    expect(router.state.location.search).toBe('')
    expect(api.calls('GET /order/client').at(-1)?.query.get('status')).toBeNull()
  })

  test('a 401 on the orders says "Please login to continue" and offers the sign-in', async () => {
    routeApi({ ...signedIn, 'GET /order/client': { status: 401, code: 'UNAUTHENTICATED' } })
    const { router } = renderApp({ path: '/orders?status=pending', locale: 'en' })
    expect(await screen.findByText('Please login to continue')).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/orders?status=pending')}`)
  })
})
