import { useQueryClient } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { CustomerCard } from '../../features/customers/components/customer-card.tsx'
import { orderKeys } from '../../features/orders/api/order-keys.ts'
import { OrderView } from '../../features/orders/components/order-view.tsx'

export function OrderPage() {
  const { orderId = '' } = useParams()
  const queryClient = useQueryClient()
  // A new order, a new view: nothing typed for one order is carried to the next.
  return (
    <OrderView
      key={orderId}
      orderId={orderId}
      customer={(order) => (
        <CustomerCard
          phone={order.phone}
          orderId={order._id}
          orderVersion={order.version}
          onMerged={(page) => {
            // the kept order as the merge left it; the list and the merged-away order are read again
            queryClient.setQueryData(orderKeys.detail(order._id), page)
            void queryClient.invalidateQueries({ queryKey: orderKeys.lists() })
          }}
        />
      )}
    />
  )
}
