import { configure, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { GUEST_SESSION_KEY } from '../../lib/api.ts'
import { SETTINGS, SHOPPER } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { routeApi } from '../../test/route-api.ts'
import { cartItem, cartOf, SESSION_ID } from '../../test/cart-fixtures.ts'
import { safeRedirect } from './api/use-auth-actions.ts'

// Lazy route chunks load on first use: under a full parallel run the first screen can take over 1 s.
configure({ asyncUtilTimeout: 4000 })

describe('account guard', () => {
  test('an anonymous visit to /orders shows the check, then goes to /login?redirect=/orders', async () => {
    let answer: (() => void) | undefined
    routeApi({
      '/settings': { data: { settings: SETTINGS } },
      'GET /auth/client/session': () =>
        new Promise((resolve) => {
          answer = () => resolve({ data: { user: null } })
        }),
      'GET /cart/guest': { data: { cart: cartOf([]), sessionId: SESSION_ID } },
    })
    const { router } = renderApp({ path: '/orders', locale: 'en' })
    expect(await screen.findByText('Verifying authentication...')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/orders')
    // the session is asked for from an effect, which may run after the first paint
    await waitFor(() => expect(answer).toBeDefined())
    answer?.()
    // the sign-in page is its own chunk: on a busy machine its import can take more than waitFor's default second
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 })
    expect(router.state.location.search).toBe('?redirect=%2Forders')
  })

  test('a signed-in client sees the orders page with the real total on the profile', async () => {
    routeApi({
      '/settings': { data: { settings: SETTINGS } },
      'GET /auth/client/session': { data: { user: SHOPPER } },
      'GET /cart/client': { data: { cart: cartOf([], null) } },
      'GET /order/client': { data: { orders: [], currentPage: 1, totalPages: 1, totalOrders: 0, results: 0 } },
    })
    renderApp({ path: '/profile', locale: 'fr' })
    expect(await screen.findByText('Commandes passées')).toBeTruthy()
    expect(screen.getByText('3')).toBeTruthy()
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).disabled).toBe(true)
  })

  test('/login sends signed-in clients home', async () => {
    routeApi({
      '/settings': { data: { settings: SETTINGS } },
      'GET /auth/client/session': { data: { user: SHOPPER } },
      'GET /cart/client': { data: { cart: cartOf([], null) } },
    })
    const { router } = renderApp({ path: '/login', locale: 'fr' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  test('login sends the guest session id so the server merges the cart, then forgets it', async () => {
    window.localStorage.setItem(GUEST_SESSION_KEY, SESSION_ID)
    const api = routeApi({
      '/settings': { data: { settings: SETTINGS } },
      'GET /auth/client/session': { data: { user: null } },
      'GET /cart/guest': { data: { cart: cartOf([cartItem()]), sessionId: SESSION_ID } },
      'POST /auth/client/login': { data: { user: SHOPPER } },
      'GET /cart/client': { data: { cart: cartOf([cartItem({ quantity: 2 })], null) } },
    })
    const { router } = renderApp({ path: '/login?redirect=%2Fcart', locale: 'fr' })
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'amine@example.dz' } })
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'un mot de passe long' } })
    fireEvent.click(screen.getByLabelText('Rester connecté 30 jours'))
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'))
    const login = api.calls('POST /auth/client/login')[0]
    expect(login?.headers.get('X-Session-Id')).toBe(SESSION_ID)
    expect(login?.body).toEqual({ email: 'amine@example.dz', password: 'un mot de passe long', rememberMe: true })
    expect(window.localStorage.getItem(GUEST_SESSION_KEY)).toBeNull()
    await waitFor(() => expect(api.calls('GET /cart/client').length).toBeGreaterThan(0))
  })

  test('sign-up refuses a common password and a mismatched confirmation before sending', async () => {
    const api = routeApi({
      '/settings': { data: { settings: SETTINGS } },
      'GET /auth/client/session': { data: { user: null } },
      'GET /cart/guest': { data: { cart: cartOf([]), sessionId: SESSION_ID } },
    })
    renderApp({ path: '/auth/register', locale: 'fr' })
    fireEvent.change(await screen.findByLabelText('Prénom'), { target: { value: 'Amine' } })
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Benali' } })
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'amine@example.dz' } })
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'password123' } })
    fireEvent.change(screen.getByLabelText('Confirmer le mot de passe'), { target: { value: 'password123' } })
    fireEvent.click(screen.getByLabelText(/J'accepte/))
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }))
    expect(await screen.findByText('Ce mot de passe est trop courant. Choisissez-en un autre.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Confirmer le mot de passe'), { target: { value: 'autre chose' } })
    expect(screen.getByText('Les mots de passe ne correspondent pas.')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Créer mon compte' }) as HTMLButtonElement).disabled).toBe(true)
    expect(api.calls('POST /auth/client/signup')).toHaveLength(0)
  })

  test('redirects stay on this site', () => {
    expect(safeRedirect('/orders')).toBe('/orders')
    expect(safeRedirect('//evil.example')).toBe('/')
    expect(safeRedirect('https://evil.example')).toBe('/')
    expect(safeRedirect(null)).toBe('/')
  })
})
