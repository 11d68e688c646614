import { NotFoundPage } from './not-found.tsx'

export function CollectionPage() {
  return <NotFoundPage />
}
