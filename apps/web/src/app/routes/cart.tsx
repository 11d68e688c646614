import { CartView } from '../../features/cart/components/cart-view.tsx'

export function CartPage() {
  return <CartView />
}
