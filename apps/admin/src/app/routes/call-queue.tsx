import { CustomerCard } from '../../features/customers/components/customer-card.tsx'
import { CallQueueScreen } from '../../features/orders/components/call-queue-screen.tsx'

export function CallQueuePage() {
  // the card of the phone being called: its orders, outcomes, risk and the other open orders to merge
  return (
    <CallQueueScreen
      customer={(order, onChanged) => <CustomerCard phone={order.phone} orderId={order._id} orderVersion={order.version} onMerged={onChanged} />}
    />
  )
}
