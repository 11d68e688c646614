import { CallQueueScreen } from '../../features/orders/components/call-queue-screen.tsx'

export function CallQueuePage() {
  return <CallQueueScreen />
}
