import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { OrdersOverview } from '../../features/orders/components/orders-overview.tsx'

export function OrdersPage() {
  const { t } = useTranslation('orders')
  return (
    <>
      <PageTitle page={t('list.title')} />
      <OrdersOverview />
    </>
  )
}
