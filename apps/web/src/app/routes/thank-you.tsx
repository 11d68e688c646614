import { NotFoundPage } from './not-found.tsx'

export function ThankYouPage() {
  return <NotFoundPage />
}
