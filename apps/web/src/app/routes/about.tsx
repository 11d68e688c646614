import { NotFoundPage } from './not-found.tsx'

export function AboutPage() {
  return <NotFoundPage />
}
