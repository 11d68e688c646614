import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { SettingsScreen } from '../../features/settings/settings-screen.tsx'
import { RoleGate } from './role-gate.tsx'

/** Owner only: the API refuses it to staff, and staff who open the address are told so. */
export function SettingsPage() {
  const { t } = useTranslation('shop')
  return (
    <RoleGate permission="settings">
      <PageTitle page={t('settings.title')} />
      <SettingsScreen />
    </RoleGate>
  )
}
