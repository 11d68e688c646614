import { useTranslation } from 'react-i18next'
import { Navigate, useSearchParams } from 'react-router'
import { LanguageSwitch } from '../../components/layout/language-switch.tsx'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { useStaff } from '../../lib/use-staff.ts'
import { LoginForm } from '../../features/auth/components/login-form.tsx'
import { redirectTarget } from '../../features/auth/redirect-target.ts'
import { useShopName } from '../../lib/shop-settings.ts'

/** /admin/login. Staff who are (or just got) signed in go on to `?redirect=`, else to the dashboard. */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common'])
  const staff = useStaff()
  const shopName = useShopName()
  const [search] = useSearchParams()

  if (staff.data) return <Navigate to={redirectTarget(search)} replace />

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 py-8">
      <PageTitle page={t('login.title')} />
      <div className="w-full max-w-sm rounded-lg border border-line bg-white px-5 py-6 sm:px-6">
        <p className="flex flex-col leading-tight">
          <span className="text-lg font-bold tracking-tight text-brand">
            {shopName ?? <span className="block h-6 w-20 rounded-md bg-line/70" />}
          </span>
          <span className="text-xs font-medium text-muted">{t('common:shop.backOffice')}</span>
        </p>
        <h1 className="mt-5 text-xl font-bold">{t('login.title')}</h1>
        <p className="mt-1 mb-5 text-sm text-muted">{t('login.intro')}</p>
        {staff.isPending ? (
          <div role="status" aria-label={t('common:loading')} className="flex flex-col gap-4">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
            <Skeleton className="mt-2 h-11" />
          </div>
        ) : (
          <LoginForm />
        )}
      </div>
      <LanguageSwitch />
    </main>
  )
}
