import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { BannersScreen } from '../../features/banners/banners-screen.tsx'
import { RoleGate } from './role-gate.tsx'

export function BannersPage() {
  const { t } = useTranslation('marketing')
  return (
    <RoleGate permission="banners">
      <PageTitle page={t('banners.title')} />
      <BannersScreen />
    </RoleGate>
  )
}
