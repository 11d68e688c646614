import { NotFoundPage } from './not-found.tsx'

export function ProfilePage() {
  return <NotFoundPage />
}
