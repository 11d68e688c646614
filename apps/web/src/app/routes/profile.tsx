import { ProfileView } from '../../features/account/components/profile-view.tsx'
import { RequireAuth } from '../../features/auth/components/require-auth.tsx'
import { useAuth } from '../../lib/auth-state.ts'

function SignedInProfile() {
  const { user } = useAuth()
  return user ? <ProfileView user={user} /> : null
}

export function ProfilePage() {
  return (
    <RequireAuth>
      <SignedInProfile />
    </RequireAuth>
  )
}
