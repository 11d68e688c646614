import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { NewOrderForm } from '../../features/orders/components/new-order-form.tsx'

/** `/orders/new`: an order taken by phone, WhatsApp, Instagram, Facebook or in the shop. */
export function OrderNewPage() {
  const { t } = useTranslation('orders')
  return (
    <>
      <PageTitle page={t('newOrder.title')} />
      <NewOrderForm />
    </>
  )
}
