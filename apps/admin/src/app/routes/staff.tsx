import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { StaffScreen } from '../../features/staff-accounts/staff-screen.tsx'
import { RoleGate } from './role-gate.tsx'

/** Owner only: the API refuses it to staff, and staff who open the address are told so. */
export function StaffPage() {
  const { t } = useTranslation('shop')
  return (
    <RoleGate permission="staff">
      <PageTitle page={t('staff.title')} />
      <StaffScreen />
    </RoleGate>
  )
}
