import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { ProductsOverview } from '../../features/products/components/products-overview.tsx'
import { RoleGate } from './role-gate.tsx'

export function ProductsPage() {
  const { t } = useTranslation('products')
  return (
    <RoleGate permission="catalogue">
      <PageTitle page={t('list.title')} />
      <ProductsOverview />
    </RoleGate>
  )
}
