import { useTranslation } from 'react-i18next'
import { useLocation, useSearchParams } from 'react-router'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { readSlipIds, SlipsBatch } from '../../features/orders/components/slips-batch.tsx'

/** `/orders/slips?ids=a,b`: the delivery slips of the orders ticked in the list, one per printed page. */
export function OrderSlipsPage() {
  const { t } = useTranslation('orders')
  const [search] = useSearchParams()
  const location = useLocation()
  const state = location.state as { listSearch?: unknown } | null
  const listSearch = typeof state?.listSearch === 'string' ? state.listSearch : ''
  return (
    <>
      <PageTitle page={t('slips.title')} />
      <SlipsBatch ids={readSlipIds(search)} backTo={`/orders${listSearch ? `?${listSearch}` : ''}`} />
    </>
  )
}
