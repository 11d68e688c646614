import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { CourierMoneyScreen } from '../../features/couriers-ledger/courier-money-screen.tsx'
import { RoleGate } from './role-gate.tsx'

/** Managers and the owner: the couriers' cash is money; the API refuses it to agents too. */
export function CourierMoneyPage() {
  const { t } = useTranslation('couriers')
  return (
    <RoleGate permission="orders.manage">
      <PageTitle page={t('money.title')} />
      <CourierMoneyScreen />
    </RoleGate>
  )
}
