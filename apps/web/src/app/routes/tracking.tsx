import { TrackingView } from '../../features/tracking/components/tracking-view.tsx'

export function TrackingPage() {
  return <TrackingView />
}
