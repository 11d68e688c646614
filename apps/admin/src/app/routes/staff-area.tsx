import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, useLocation } from 'react-router'
import { AdminShell } from '../../components/layout/admin-shell.tsx'
import { ShellSkeleton } from '../../components/layout/shell-skeleton.tsx'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { useSessionExpiry } from '../../features/auth/api/use-session-expiry.ts'
import { useStaff } from '../../lib/use-staff.ts'
import { StaffAccount } from '../../features/auth/components/staff-account.tsx'
import { loginPath } from '../../features/auth/redirect-target.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'

/**
 * Every screen but the login page: the session is checked first (a skeleton of the shell meanwhile);
 * without one, staff are sent to sign in and brought back here afterwards.
 */
export function StaffArea() {
  const { t } = useTranslation()
  const staff = useStaff()
  const location = useLocation()
  const errorMessage = useErrorMessage(staff.error)
  useSessionExpiry()

  if (staff.data === null) return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />
  if (staff.data) {
    return (
      <AdminShell account={<StaffAccount staff={staff.data} />} role={staff.data.role}>
        <Outlet />
      </AdminShell>
    )
  }
  if (staff.isError) {
    return (
      <main className="flex min-h-dvh items-center justify-center">
        <ErrorState
          title={t('crash.title')}
          message={errorMessage}
          onRetry={() => void staff.refetch()}
          isRetrying={staff.isFetching}
        />
      </main>
    )
  }
  return <ShellSkeleton />
}
