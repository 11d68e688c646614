import { NotFoundPage } from './not-found.tsx'

export function TrackingPage() {
  return <NotFoundPage />
}
