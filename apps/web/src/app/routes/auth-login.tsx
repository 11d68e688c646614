import { useTranslation } from 'react-i18next'
import { AuthScreen } from './login.tsx'

export function AuthLoginPage() {
  const { t } = useTranslation('account')
  return <AuthScreen title={t('login.welcome')} initialTab="login" closedToClients={false} />
}
