import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, test } from 'vitest'
import { GUEST_SESSION_KEY } from '../../../lib/api.ts'
import { createI18n } from '../../../lib/i18n.ts'
import { createQueryClient } from '../../../lib/query-client.ts'
import { ALL_LANGUAGES } from '../../../test/all-languages.ts'
import { routeApi } from '../../../test/route-api.ts'
import { cartItem, cartOf, clientAdded, guestAdded, SESSION_ID } from '../../../test/cart-fixtures.ts'
import { SHOPPER } from '../../../test/fixtures.ts'
import { cartKeys, useAddToCart, useCart } from './use-cart.ts'

const ISSUED = '7a1c2b7a-9d4e-4f6a-8b2c-1d2e3f4a5b6c'
const line = { productId: 'b1b2c3d4-0000-4000-8000-000000000001', quantity: 1, size: '42', color: 'black' }

function setup() {
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  const i18n = createI18n('fr', ALL_LANGUAGES)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  )
  return { queryClient, wrapper }
}

describe('guest cart session', () => {
  test('reading the cart asks for no session; the first add goes without one and keeps the id its reply issues', async () => {
    const api = routeApi({
      '/auth/client/session': { data: { user: null } },
      'GET /cart/guest': { data: { cart: cartOf([], null), sessionId: null } },
      'POST /cart/guest/add': { data: guestAdded(cartOf([cartItem()], ISSUED), ISSUED) },
    })
    const { wrapper, queryClient } = setup()
    const { result } = renderHook(() => ({ cart: useCart(), add: useAddToCart({ silent: true }) }), { wrapper })
    await waitFor(() => expect(result.current.cart.cart?.isEmpty).toBe(true))
    expect(window.localStorage.getItem(GUEST_SESSION_KEY)).toBeNull()
    await act(() => result.current.add.mutateAsync(line))
    expect(api.calls('POST /cart/guest/add')[0]?.headers.get('X-Session-Id')).toBeNull()
    expect(window.localStorage.getItem(GUEST_SESSION_KEY)).toBe(ISSUED)
    expect(queryClient.getQueryData(cartKeys.of('guest'))).toMatchObject({ cartCount: 1 })
    await act(() => result.current.add.mutateAsync(line))
    expect(api.calls('POST /cart/guest/add')[1]?.headers.get('X-Session-Id')).toBe(ISSUED)
  })

  test('an id the server no longer knows is forgotten when the cart reads back without one', async () => {
    window.localStorage.setItem(GUEST_SESSION_KEY, SESSION_ID)
    routeApi({
      '/auth/client/session': { data: { user: null } },
      'GET /cart/guest': { data: { cart: cartOf([], null), sessionId: null } },
    })
    const { wrapper } = setup()
    const { result } = renderHook(() => useCart(), { wrapper })
    await waitFor(() => expect(result.current.cart?.isEmpty).toBe(true))
    expect(window.localStorage.getItem(GUEST_SESSION_KEY)).toBeNull()
  })

  test('an add answered CART_MERGED (signed in meanwhile) drops the guest id and goes to the account cart', async () => {
    window.localStorage.setItem(GUEST_SESSION_KEY, SESSION_ID)
    let signedIn = false
    const api = routeApi({
      '/auth/client/session': () => ({ data: { user: signedIn ? SHOPPER : null } }),
      'GET /cart/guest': { data: { cart: cartOf([cartItem()]), sessionId: SESSION_ID } },
      'POST /cart/guest/add': () => {
        signedIn = true // the login of another tab merged this guest cart
        return { status: 409, code: 'CART_MERGED' }
      },
      'POST /cart/client/add': { data: clientAdded(cartOf([cartItem({ quantity: 2, totalPrice: 10800 })], null)) },
      'GET /cart/client': { data: { cart: cartOf([cartItem({ quantity: 2, totalPrice: 10800 })], null) } },
    })
    const { wrapper, queryClient } = setup()
    const { result } = renderHook(() => ({ cart: useCart(), add: useAddToCart({ silent: true }) }), { wrapper })
    await waitFor(() => expect(result.current.cart.owner).toBe('guest'))
    let cart: Awaited<ReturnType<typeof result.current.add.mutateAsync>> | undefined
    await act(async () => {
      cart = await result.current.add.mutateAsync(line)
    })
    expect(cart?.cartCount).toBe(2)
    expect(api.calls('POST /cart/client/add')).toHaveLength(1)
    expect(window.localStorage.getItem(GUEST_SESSION_KEY)).toBeNull()
    expect(queryClient.getQueryData(cartKeys.of('client'))).toMatchObject({ cartCount: 2 })
    await waitFor(() => expect(result.current.cart.owner).toBe('client'))
  })
})
