import { type Cart, type cartItemBody, type cartReply, type guestCartReply } from '@shop/shared'
import { type QueryClient, useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../components/ui/toast.ts'
import { api } from '../../../lib/api.ts'
import { useApiErrorText } from '../../../lib/error-text.ts'
import type { CartOwner } from '../../../lib/query-keys.ts'
import { cartKeys, cartPath, handleCartError, useCartOwner } from './use-cart.ts'

const itemMutationKey = (itemId: string) => ['cart', 'item', itemId] as const

async function sendCartChange(
  queryClient: QueryClient,
  owner: CartOwner,
  path: string,
  method: 'PATCH' | 'DELETE',
  body?: z.input<typeof cartItemBody>,
): Promise<Cart> {
  try {
    return (await api<typeof guestCartReply | typeof cartReply>(cartPath(owner, path), { method, body })).cart
  } catch (error) {
    handleCartError(queryClient, owner, error)
    throw error
  }
}

/**
 * Quantity change and removal of one cart line. `isBusy` is per line (shared by every place that shows
 * it, the page and the header dropdown), so only that row is locked while its change is on its way.
 */
export function useCartItem(itemId: string) {
  const queryClient = useQueryClient()
  const owner = useCartOwner() ?? 'guest'
  const { t } = useTranslation('cart')
  const errorText = useApiErrorText()
  const mutationKey = itemMutationKey(itemId)
  // The server's cart is the truth: replace ours instead of patching it.
  const replace = (cart: Cart) => queryClient.setQueryData(cartKeys.of(owner), cart)

  const update = useMutation({
    mutationKey,
    mutationFn: (quantity: number) => sendCartChange(queryClient, owner, `/item/${itemId}`, 'PATCH', { quantity }),
    onSuccess: replace,
    onError: (error) => toast.error(errorText(error, t('toast.updateFailed'))),
  })
  const remove = useMutation({
    mutationKey,
    mutationFn: () => sendCartChange(queryClient, owner, `/item/${itemId}`, 'DELETE'),
    onSuccess: (cart) => {
      replace(cart)
      toast.success(t('toast.removed'))
    },
    onError: (error) => toast.error(errorText(error, t('toast.removeFailed'))),
  })
  const busy = useIsMutating({ mutationKey }) > 0

  return {
    setQuantity: (quantity: number) => update.mutate(quantity),
    remove: () => remove.mutate(),
    isBusy: busy,
  }
}

export function useClearCart() {
  const queryClient = useQueryClient()
  const owner = useCartOwner() ?? 'guest'
  const { t } = useTranslation('cart')
  const errorText = useApiErrorText()
  return useMutation({
    mutationKey: ['cart', 'clear'],
    mutationFn: () => sendCartChange(queryClient, owner, '/clear', 'DELETE'),
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.of(owner), cart)
      toast.success(t('toast.cleared'))
    },
    onError: (error) => toast.error(errorText(error, t('toast.clearFailed'))),
  })
}

/** After an order from the cart: the server emptied it in the same transaction; show that without a request. */
export function setCartEmptied(queryClient: QueryClient, owner: CartOwner): void {
  queryClient.setQueryData<Cart>(cartKeys.of(owner), (cart) =>
    cart ? { ...cart, items: [], cartCount: 0, subtotal: 0, isEmpty: true, hasUnavailable: false } : cart,
  )
}
