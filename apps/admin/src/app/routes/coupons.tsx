import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { CouponsScreen } from '../../features/coupons/coupons-screen.tsx'
import { RoleGate } from './role-gate.tsx'

export function CouponsPage() {
  const { t } = useTranslation('marketing')
  return (
    <RoleGate permission="coupons">
      <PageTitle page={t('coupons.title')} />
      <CouponsScreen />
    </RoleGate>
  )
}
