import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { CategoriesScreen } from '../../features/categories/categories-screen.tsx'
import { RoleGate } from './role-gate.tsx'

export function CategoriesPage() {
  const { t } = useTranslation('catalogue')
  return (
    <RoleGate permission="catalogue">
      <PageTitle page={t('title')} />
      <CategoriesScreen />
    </RoleGate>
  )
}
