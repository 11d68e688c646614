import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { ChangePasswordForm } from '../../features/account/change-password-form.tsx'

/** Every staff member's own account: their password. */
export function AccountPage() {
  const { t } = useTranslation('shop')
  return (
    <div className="flex flex-col gap-4">
      <PageTitle page={t('account.title')} />
      <h1 className="text-xl font-bold">{t('account.title')}</h1>
      <ChangePasswordForm />
    </div>
  )
}
