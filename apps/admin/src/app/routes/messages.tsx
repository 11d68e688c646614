import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { MessagesScreen } from '../../features/inbox/messages-screen.tsx'
import { RoleGate } from './role-gate.tsx'

export function MessagesPage() {
  const { t } = useTranslation('inbox')
  return (
    <RoleGate permission="inbox">
      <PageTitle page={t('messages.title')} />
      <MessagesScreen />
    </RoleGate>
  )
}
