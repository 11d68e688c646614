import { RequireAuth } from '../../features/auth/components/require-auth.tsx'
import { OrdersView } from '../../features/orders/components/orders-view.tsx'

export function OrdersPage() {
  return (
    <RequireAuth>
      <OrdersView />
    </RequireAuth>
  )
}
