import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation } from 'react-router'
import { useAuth } from '../../../lib/auth-state.ts'

export interface RequireAuthProps {
  children: ReactNode
}

/** Account pages: a "Verifying authentication..." loader while unknown, then the page or /login?redirect=<here>. */
export function RequireAuth({ children }: RequireAuthProps) {
  const { t } = useTranslation('account')
  const { status } = useAuth()
  const location = useLocation()
  if (status === 'unknown') {
    return (
      <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted">
        <span aria-hidden="true" className="size-8 rounded-full border-4 border-brand border-t-transparent motion-safe:animate-spin" />
        {t('guard.verifying')}
      </div>
    )
  }
  if (status === 'anonymous') {
    const here = `${location.pathname}${location.search}`
    return <Navigate to={`/login?redirect=${encodeURIComponent(here)}`} replace />
  }
  return children
}
