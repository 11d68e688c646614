import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { BlacklistScreen } from '../../features/customers/components/blacklist-screen.tsx'
import { RoleGate } from './role-gate.tsx'

/** Owner and manager: the API refuses the blacklist to agents, and they are told so here. */
export function BlacklistPage() {
  const { t } = useTranslation('customers')
  return (
    <RoleGate permission="orders.manage">
      <PageTitle page={t('blacklist.title')} />
      <BlacklistScreen />
    </RoleGate>
  )
}
