import { NotFoundPage } from './not-found.tsx'

export function CartPage() {
  return <NotFoundPage />
}
