import { NotFoundPage } from './not-found.tsx'

export function AuthLoginPage() {
  return <NotFoundPage />
}
