import { useLocation } from 'react-router'
import { readLastOrder } from '../../features/checkout/last-order.ts'
import { ThankYouView } from '../../features/checkout/components/thank-you-view.tsx'
import type { PlacedOrder } from '../../features/checkout/types.ts'
import { useAuth } from '../../lib/auth-state.ts'

export function ThankYouPage() {
  const location = useLocation()
  const { status } = useAuth()
  const fromState = (location.state as { order?: PlacedOrder } | null)?.order
  return <ThankYouView order={fromState ?? readLastOrder()} isSignedIn={status === 'authenticated'} />
}
