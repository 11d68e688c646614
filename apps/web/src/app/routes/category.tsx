import { NotFoundPage } from './not-found.tsx'

export function CategoryPage() {
  return <NotFoundPage />
}
