import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { readLastOrder, rememberLastOrder } from '../../features/checkout/last-order.ts'
import { ThankYouView } from '../../features/checkout/components/thank-you-view.tsx'
import type { PlacedOrder } from '@shop/shared'
import { useAuth } from '../../lib/auth-state.ts'
import { usePageOrder } from '../../lib/page-form.ts'

export function ThankYouPage() {
  const location = useLocation()
  const { status } = useAuth()
  // an order placed by a plain form (before the scripts ran) is rendered by the server with the page
  const placedByForm = usePageOrder()
  const fromState = (location.state as { order?: PlacedOrder } | null)?.order ?? placedByForm ?? undefined
  // Any order that arrives here (cart checkout or quick order) is still shown after a reload.
  useEffect(() => {
    if (fromState) rememberLastOrder(fromState)
  }, [fromState])
  return <ThankYouView order={fromState ?? readLastOrder()} isSignedIn={status === 'authenticated'} />
}
