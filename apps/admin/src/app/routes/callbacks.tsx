import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { CallbacksScreen } from '../../features/callbacks/callbacks-screen.tsx'
import { RoleGate } from './role-gate.tsx'

export function CallbacksPage() {
  const { t } = useTranslation('callbacks')
  return (
    <RoleGate permission="orders.work">
      <PageTitle page={t('title')} />
      <CallbacksScreen />
    </RoleGate>
  )
}
