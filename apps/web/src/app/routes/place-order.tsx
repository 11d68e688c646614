import { NotFoundPage } from './not-found.tsx'

export function PlaceOrderPage() {
  return <NotFoundPage />
}
