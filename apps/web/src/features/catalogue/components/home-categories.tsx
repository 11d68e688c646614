import { useTranslation } from 'react-i18next'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useHomepageCategories } from '../api/use-homepage-categories.ts'
import { CategorySection } from './category-section.tsx'
import { CategorySectionSkeleton } from './category-section-skeleton.tsx'

/** The home page's catalogue: one section of a few products per top-level category. */
export function HomeCategories() {
  const { t } = useTranslation('catalogue')
  const query = useHomepageCategories()
  const message = useErrorMessage(query.error)

  if (query.isPending) {
    return (
      <div aria-busy="true">
        <CategorySectionSkeleton />
        <CategorySectionSkeleton />
      </div>
    )
  }
  if (query.isError) {
    return (
      <ErrorState
        title={t('home.loadError')}
        message={message}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    )
  }
  const categories = query.data.filter((category) => category.products.length > 0)
  if (categories.length === 0) {
    return <p className="mx-auto max-w-md px-4 py-12 text-center text-muted">{t('home.empty')}</p>
  }
  return (
    <div>
      {categories.map((category) => (
        <CategorySection key={category._id} category={category} />
      ))}
    </div>
  )
}
