import { NotFoundPage } from './not-found.tsx'

export function AuthRegisterPage() {
  return <NotFoundPage />
}
