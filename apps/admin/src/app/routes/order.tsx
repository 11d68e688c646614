import { useParams } from 'react-router'
import { OrderView } from '../../features/orders/components/order-view.tsx'

export function OrderPage() {
  const { orderId = '' } = useParams()
  // A new order, a new view: nothing typed for one order is carried to the next.
  return <OrderView key={orderId} orderId={orderId} />
}
