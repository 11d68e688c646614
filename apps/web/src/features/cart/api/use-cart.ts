/**
 * The shopper's cart (guest or signed-in), kept in TanStack Query and always replaced by the cart the
 * server returns after a change — never patched locally.
 *
 * Usage:
 *   const { cart, isLoading } = useCart()            // cart: Cart | undefined (undefined while loading)
 *   const add = useAddToCart()
 *   add.mutate({ productId, quantity: 1, size: '42', color: 'black' }, { onSuccess: (cart) => ... })
 *   add.isPending                                    // disable the button while it runs
 * Errors are ApiError (code OUT_OF_STOCK, QUANTITY_ABOVE_STOCK, VARIANT_REQUIRED, ...): show them with
 * useErrorMessage(add.error) or a toast. useAddToCart already toasts success ("added to cart") and failure
 * unless you pass { silent: true } as the hook option.
 * Guests: reading the cart creates nothing on the server; the first add issues the session id, which is
 * stored and sent for you (an id the server does not know is replaced by a fresh one in the add's reply).
 * An add still on its way under a guest id that sign-in has just merged into the account is answered
 * CART_MERGED: the id is dropped, the sign-in state re-read and the add sent again to the right cart.
 */
import { type AddToCartBody, type addToCartReply, type Cart, type cartReply, type guestAddToCartReply, type guestCartReply } from '@shop/shared'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../components/ui/toast.ts'
import { ApiError, api, clearGuestSessionId, readGuestSessionId, storeGuestSessionId } from '../../../lib/api.ts'
import { authKeys, markSignedOut, profileQuery, useAuth } from '../../../lib/auth-state.ts'
import { useApiErrorText } from '../../../lib/error-text.ts'
import { cartKeys, type CartOwner } from '../../../lib/query-keys.ts'
import { markSessionEnded } from '../../../lib/session-ended.ts'

export { cartKeys }

/**
 * Reads the guest cart. The reply's sessionId is the id to keep; null means the server holds no cart
 * for the id sent (none yet, or one it no longer knows), which is then forgotten, unless an add has
 * stored a new one meanwhile.
 */
async function fetchGuestCart(signal?: AbortSignal): Promise<Cart> {
  const sent = readGuestSessionId()
  const data = await api<typeof guestCartReply>('/cart/guest', { signal })
  if (data.sessionId) storeGuestSessionId(data.sessionId)
  else if (sent && readGuestSessionId() === sent) clearGuestSessionId()
  return data.cart
}

export function cartPath(owner: CartOwner, rest = ''): string {
  return `/cart/${owner}${rest}`
}

/** The cart of `owner` as the server holds it (the cart query's own fetch; the server renders checkout with it). */
export async function fetchCart(owner: CartOwner, signal?: AbortSignal): Promise<Cart> {
  if (owner === 'guest') return fetchGuestCart(signal)
  return (await api<typeof cartReply>(cartPath('client'), { signal })).cart
}

/** Whose cart the page works on; undefined while the auth state is still unknown. */
export function useCartOwner(): CartOwner | undefined {
  const { status } = useAuth()
  if (status === 'unknown') return undefined
  return status === 'authenticated' ? 'client' : 'guest'
}

/**
 * A 401 on the client cart means the session ended elsewhere: forget the account and its cart, and let the
 * cart page ask the shopper to sign in again.
 */
export function handleCartError(queryClient: QueryClient, owner: CartOwner, error: unknown): void {
  if (owner === 'client' && error instanceof ApiError && error.status === 401) {
    markSessionEnded()
    markSignedOut(queryClient)
  }
  // the guest cart went into the account at a sign-in (maybe in another tab): read who we are and the cart again
  if (owner === 'guest' && error instanceof ApiError && error.code === 'CART_MERGED') {
    clearGuestSessionId()
    void queryClient.invalidateQueries({ queryKey: authKeys.profile() })
    void queryClient.invalidateQueries({ queryKey: cartKeys.all() })
  }
}

export function useCart() {
  const owner = useCartOwner()
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: cartKeys.of(owner ?? 'guest'),
    enabled: owner !== undefined,
    queryFn: async ({ signal }) => {
      const who = owner ?? 'guest'
      try {
        return await fetchCart(who, signal)
      } catch (error) {
        handleCartError(queryClient, who, error)
        throw error
      }
    },
  })
  return {
    cart: query.data,
    owner,
    isLoading: owner === undefined || query.isPending,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  }
}

export interface UseAddToCartOptions {
  /** No toasts: the caller shows its own feedback. */
  silent?: boolean
}

export function useAddToCart({ silent = false }: UseAddToCartOptions = {}) {
  const queryClient = useQueryClient()
  const owner = useCartOwner()
  const { t } = useTranslation('cart')
  const errorText = useApiErrorText()
  // whose cart the add went to: the guest's, or the client's when sign-in merged the guest cart meanwhile
  const sentTo = useRef<CartOwner>('guest')
  /** One add, to the guest cart (keeping the session id the reply carries) or to the client's. */
  const send = async (who: CartOwner, body: AddToCartBody): Promise<Cart> => {
    if (who === 'client') return (await api<typeof addToCartReply>(cartPath(who, '/add'), { method: 'POST', body })).cart
    const data = await api<typeof guestAddToCartReply>(cartPath(who, '/add'), { method: 'POST', body })
    if (data.sessionId) storeGuestSessionId(data.sessionId)
    return data.cart
  }
  return useMutation({
    mutationKey: ['cart', 'add'],
    // one add at a time: a second tap waits for the first, so it goes out with the session id the first was issued
    scope: { id: 'cart-add' },
    mutationFn: async (input: AddToCartBody): Promise<Cart> => {
      const who = owner ?? 'guest'
      sentTo.current = who
      const body: AddToCartBody = { productId: input.productId, quantity: input.quantity, size: input.size, color: input.color }
      try {
        return await send(who, body)
      } catch (error) {
        if (who === 'guest' && error instanceof ApiError && error.code === 'CART_MERGED') {
          // signed in meanwhile: this guest cart is now the account's; the add goes where the cart went
          clearGuestSessionId()
          const user = await queryClient.fetchQuery({ ...profileQuery, staleTime: 0 })
          sentTo.current = user ? 'client' : 'guest'
          return await send(sentTo.current, body)
        }
        handleCartError(queryClient, who, error)
        throw error
      }
    },
    // The server's cart is the truth: replace ours instead of patching it.
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.of(sentTo.current), cart)
      if (!silent) toast.success(t('toast.added'))
    },
    onError: (error) => {
      if (silent) return
      toast.error(errorText(error, t('toast.addFailed')))
    },
  })
}
