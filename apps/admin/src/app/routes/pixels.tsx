import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { PixelsScreen } from '../../features/pixels/pixels-screen.tsx'
import { RoleGate } from './role-gate.tsx'

/** Owner only: the API refuses it to staff, and staff who open the address are told so. */
export function PixelsPage() {
  const { t } = useTranslation('marketing')
  return (
    <RoleGate permission="pixels">
      <PageTitle page={t('pixels.title')} />
      <PixelsScreen />
    </RoleGate>
  )
}
