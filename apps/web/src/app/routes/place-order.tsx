import { useQueryClient } from '@tanstack/react-query'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { authKeys, useAuth } from '../../lib/auth-state.ts'
import { cartKeys, ordersKeys } from '../../lib/query-keys.ts'
import { useCart } from '../../features/cart/api/use-cart.ts'
import { setCartEmptied } from '../../features/cart/api/use-cart-items.ts'
import { CheckoutView } from '../../features/checkout/components/checkout-view.tsx'

export function PlaceOrderPage() {
  const { status, user } = useAuth()
  const { cart, isLoading, owner } = useCart()
  const queryClient = useQueryClient()
  // The form is prefilled from the account: wait until we know who is ordering.
  if (status === 'unknown' || !owner) {
    return (
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-64 w-full" />
      </div>
    )
  }
  return (
    <CheckoutView
      cart={cart}
      isCartLoading={isLoading}
      owner={owner}
      user={user}
      onPlaced={() => {
        // The server emptied the cart in the order's transaction ("source": "cart").
        setCartEmptied(queryClient, owner)
        void queryClient.invalidateQueries({ queryKey: cartKeys.all() })
        // The account's order count and list now include this order.
        void queryClient.invalidateQueries({ queryKey: authKeys.profile() })
        void queryClient.invalidateQueries({ queryKey: ordersKeys.all() })
      }}
    />
  )
}
