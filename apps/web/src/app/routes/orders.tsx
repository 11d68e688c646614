import { NotFoundPage } from './not-found.tsx'

export function OrdersPage() {
  return <NotFoundPage />
}
