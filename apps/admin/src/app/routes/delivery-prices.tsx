import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { DeliveryPricesTable } from '../../features/delivery/components/delivery-prices-table.tsx'
import { RoleGate } from './role-gate.tsx'

export function DeliveryPricesPage() {
  const { t } = useTranslation('delivery')
  return (
    <RoleGate permission="delivery">
      <PageTitle page={t('title')} />
      <h1 className="mb-4 text-xl font-bold">{t('title')}</h1>
      <DeliveryPricesTable />
    </RoleGate>
  )
}
