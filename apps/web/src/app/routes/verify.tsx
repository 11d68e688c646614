import { NotFoundPage } from './not-found.tsx'

export function VerifyPage() {
  return <NotFoundPage />
}
