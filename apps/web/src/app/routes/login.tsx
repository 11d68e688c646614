import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { safeRedirect } from '../../features/auth/api/use-auth-actions.ts'
import { AuthPanel, type AuthTab } from '../../features/auth/components/auth-panel.tsx'
import { useAuth } from '../../lib/auth-state.ts'
import { DocumentTitle } from '../../lib/document-title.tsx'

export interface AuthScreenProps {
  title: string
  initialTab: AuthTab
  /** /login is closed to signed-in clients; /auth/* pages are open to all. */
  closedToClients: boolean
}

export function AuthScreen({ title, initialTab, closedToClients }: AuthScreenProps) {
  const { status } = useAuth()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const redirect = safeRedirect(params.get('redirect'))
  // Signed-in clients go home (or where a guard sent them from, the moment they sign in here).
  if (closedToClients && status === 'authenticated') return <Navigate to={redirect} replace />
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10">
      <DocumentTitle>{title}</DocumentTitle>
      <h1 className="text-center text-2xl font-bold">{title}</h1>
      <AuthPanel key={initialTab} initialTab={initialTab} onSignedIn={() => void navigate(redirect, { replace: true })} />
    </div>
  )
}

export function LoginPage() {
  const { t } = useTranslation('account')
  return <AuthScreen title={t('login.title')} initialTab="login" closedToClients />
}
