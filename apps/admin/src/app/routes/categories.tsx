import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { CategoriesScreen } from '../../features/categories/categories-screen.tsx'

export function CategoriesPage() {
  const { t } = useTranslation('catalogue')
  return (
    <>
      <PageTitle page={t('title')} />
      <CategoriesScreen />
    </>
  )
}
