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
 * Guests: the server issues the session id on the first cart call; it is stored and sent for you.
 */
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../components/ui/toast.ts'
import { ApiError, api, readGuestSessionId, storeGuestSessionId } from '../../../lib/api.ts'
import { markSignedOut, useAuth } from '../../../lib/auth-state.ts'
import { useApiErrorText } from '../../../lib/error-text.ts'
import { markSessionEnded } from '../../auth/session-ended.ts'
import type { AddToCartInput, Cart, CartOwner } from '../types.ts'

export const cartKeys = {
  all: () => ['cart'] as const,
  of: (owner: CartOwner) => ['cart', owner] as const,
}

interface CartReply {
  cart: Cart
  sessionId?: string
}

/** Reads the guest cart; the server issues (or re-issues) the session id, which is kept for later calls. */
async function fetchGuestCart(signal?: AbortSignal): Promise<Cart> {
  const data = await api<CartReply>('/cart/guest', { signal })
  if (data.sessionId) storeGuestSessionId(data.sessionId)
  return data.cart
}

/** A guest must hold a session id before adding: the first add of a new visitor asks for one. */
async function ensureGuestSession(): Promise<void> {
  if (!readGuestSessionId()) await fetchGuestCart()
}

export function cartPath(owner: CartOwner, rest = ''): string {
  return `/cart/${owner}${rest}`
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
        if (who === 'guest') return await fetchGuestCart(signal)
        return (await api<CartReply>(cartPath('client'), { signal })).cart
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
  return useMutation({
    mutationKey: ['cart', 'add'],
    mutationFn: async (input: AddToCartInput): Promise<Cart> => {
      const who = owner ?? 'guest'
      if (who === 'guest') await ensureGuestSession()
      try {
        const body = { productId: input.productId, quantity: input.quantity, size: input.size, color: input.color }
        return (await api<CartReply>(cartPath(who, '/add'), { method: 'POST', body })).cart
      } catch (error) {
        handleCartError(queryClient, who, error)
        throw error
      }
    },
    // The server's cart is the truth: replace ours instead of patching it.
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.of(owner ?? 'guest'), cart)
      if (!silent) toast.success(t('toast.added'))
    },
    onError: (error) => {
      if (silent) return
      toast.error(errorText(error, t('toast.addFailed')))
    },
  })
}
