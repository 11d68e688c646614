import { NotFoundPage } from './not-found.tsx'

export function LoginPage() {
  return <NotFoundPage />
}
