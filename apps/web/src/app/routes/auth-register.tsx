import { useTranslation } from 'react-i18next'
import { AuthScreen } from './login.tsx'

export function AuthRegisterPage() {
  const { t } = useTranslation('account')
  return <AuthScreen title={t('register.join')} initialTab="register" closedToClients={false} />
}
