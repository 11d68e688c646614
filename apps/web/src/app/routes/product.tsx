import { NotFoundPage } from './not-found.tsx'

export function ProductPage() {
  return <NotFoundPage />
}
