import { NotFoundPage } from './not-found.tsx'

export function ContactPage() {
  return <NotFoundPage />
}
