import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { GUEST_SESSION_KEY } from '../../lib/api.ts'
import { clearSessionEnded } from '../../lib/session-ended.ts'
import { SETTINGS } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { routeApi } from '../../test/route-api.ts'
import { cartItem, cartOf, SESSION_ID } from '../../test/cart-fixtures.ts'

// Lazy route chunks load on first use: under a full parallel run the first screen can take over 1 s.
configure({ asyncUtilTimeout: 4000 })

const guest = { '/auth/client/session': { data: { user: null } }, '/settings': { data: { settings: SETTINGS } } }

describe('guest cart', () => {
  test('keeps the session id the server issues and sends it on the next cart calls', async () => {
    const line = cartItem()
    const api = routeApi({
      ...guest,
      'GET /cart/guest': { data: { cart: cartOf([]), sessionId: SESSION_ID } },
      'PATCH /cart/guest/item/x': { data: { cart: cartOf([line]), sessionId: SESSION_ID } },
    })
    renderApp({ path: '/cart', locale: 'fr' })
    expect(await screen.findByText('Votre panier est vide')).toBeTruthy()
    expect(window.localStorage.getItem(GUEST_SESSION_KEY)).toBe(SESSION_ID)
    // The first call had no id to send: the server issued one.
    expect(api.calls('GET /cart/guest')[0]?.headers.get('X-Session-Id')).toBeNull()
  })

  test('sends the stored id as X-Session-Id and ignores a stored value that is not a server id', async () => {
    window.localStorage.setItem(GUEST_SESSION_KEY, SESSION_ID)
    const api = routeApi({ ...guest, 'GET /cart/guest': { data: { cart: cartOf([cartItem()]), sessionId: SESSION_ID } } })
    renderApp({ path: '/cart', locale: 'fr' })
    expect(await screen.findByText('Derby en cuir', { selector: 'a' })).toBeTruthy()
    expect(api.calls('GET /cart/guest')[0]?.headers.get('X-Session-Id')).toBe(SESSION_ID)
  })

  test('a planted session value is never sent', async () => {
    window.localStorage.setItem(GUEST_SESSION_KEY, '<script>alert(1)</script>')
    const api = routeApi({ ...guest, 'GET /cart/guest': { data: { cart: cartOf([]), sessionId: SESSION_ID } } })
    renderApp({ path: '/cart', locale: 'fr' })
    await screen.findByText('Votre panier est vide')
    expect(api.calls('GET /cart/guest')[0]?.headers.get('X-Session-Id')).toBeNull()
  })

  test('after a quantity change the page shows the cart the server returned, not a local guess', async () => {
    window.localStorage.setItem(GUEST_SESSION_KEY, SESSION_ID)
    const line = cartItem({ quantity: 1, stock: 5 })
    // The server capped the line and repriced it: the page must show exactly this.
    const serverCart = cartOf([{ ...line, quantity: 2, price: 5000, totalPrice: 10000 }])
    const api = routeApi({
      ...guest,
      'GET /cart/guest': { data: { cart: cartOf([line]), sessionId: SESSION_ID } },
      [`PATCH /cart/guest/item/${line._id}`]: { data: { cart: serverCart, sessionId: SESSION_ID } },
    })
    renderApp({ path: '/cart', locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un Derby en cuir' }))
    await waitFor(() => expect(screen.getAllByText('10 000 DA').length).toBeGreaterThan(0))
    expect(api.calls(`PATCH /cart/guest/item/${line._id}`)[0]?.body).toEqual({ quantity: 2 })
    expect(api.calls(`PATCH /cart/guest/item/${line._id}`)[0]?.headers.get('X-Session-Id')).toBe(SESSION_ID)
    // Not refetched: the reply replaced the cache.
    expect(api.calls('GET /cart/guest')).toHaveLength(1)
  })

  test('the + button stops at the stock and flags unavailable and above-stock lines', async () => {
    window.localStorage.setItem(GUEST_SESSION_KEY, SESSION_ID)
    routeApi({
      ...guest,
      'GET /cart/guest': {
        data: {
          cart: cartOf([
            cartItem({ quantity: 3, stock: 3 }),
            cartItem({ _id: 'gone', product: { ...cartItem().product, name: 'Mocassin' }, available: false, stock: 0 }),
            cartItem({ _id: 'above', product: { ...cartItem().product, name: 'Basket' }, quantity: 4, stock: 2, quantityAboveStock: true }),
          ]),
          sessionId: SESSION_ID,
        },
      },
    })
    renderApp({ path: '/cart', locale: 'fr' })
    const plus = await screen.findByRole('button', { name: 'Ajouter un Derby en cuir' })
    expect((plus as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText("N'est plus disponible")).toBeTruthy()
    expect(screen.getByText('Stock disponible : 2 seulement')).toBeTruthy()
  })

  test('the header badge reads 9+ above nine units', async () => {
    window.localStorage.setItem(GUEST_SESSION_KEY, SESSION_ID)
    routeApi({ ...guest, 'GET /cart/guest': { data: { cart: cartOf([cartItem({ quantity: 12, totalPrice: 64800 })]), sessionId: SESSION_ID } } })
    renderApp({ path: '/', locale: 'fr' })
    const header = screen.getByRole('banner')
    expect(await within(header).findByText('9+')).toBeTruthy()
    expect(within(header).getByRole('button', { name: 'Panier, 12 articles' })).toBeTruthy()
  })

  test('a 401 on the client cart turns the shopper back into a guest', async () => {
    let signedIn = true
    const api = routeApi({
      '/settings': { data: { settings: SETTINGS } },
      'GET /auth/client/session': () =>
        signedIn
          ? { data: { user: { _id: 'u1', firstName: 'Amine', lastName: 'B', name: 'Amine B', email: 'a@b.dz', phone: null, dateOfBirth: null, createdAt: '2026-01-01', totalOrders: 0 } } }
          : { status: 401, code: 'UNAUTHENTICATED' },
      'GET /cart/client': () => {
        signedIn = false
        return { status: 401, code: 'UNAUTHENTICATED' }
      },
      'GET /cart/guest': { data: { cart: cartOf([]), sessionId: SESSION_ID } },
    })
    renderApp({ path: '/cart', locale: 'fr' })
    expect(await screen.findByText('Votre panier est vide')).toBeTruthy()
    expect(api.calls('GET /cart/client')).toHaveLength(1)
    expect(api.calls('GET /cart/guest')).toHaveLength(1)
    // the shopper is told why, and offered the sign-in back to the cart
    expect(screen.getByText('Veuillez vous connecter pour continuer')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login?redirect=%2Fcart')
    clearSessionEnded()
  })
})
