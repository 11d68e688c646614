import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { CouriersScreen } from '../../features/couriers/couriers-screen.tsx'
import { RoleGate } from './role-gate.tsx'

/** Owner only: courier accounts hold API credentials; the API refuses them to other roles too. */
export function CouriersPage() {
  const { t } = useTranslation('couriers')
  return (
    <RoleGate permission="couriers">
      <PageTitle page={t('title')} />
      <CouriersScreen />
    </RoleGate>
  )
}
