import { useLocale } from '@shop/client-kit'
import { CATEGORY_SORTS, pickLocalized } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useCategoryPage } from '../api/use-catalogue-lists.ts'
import {
  type CategoryPageFilters,
  categorySearchParams,
  parseCategoryFilters,
} from '../catalogue-filters.ts'
import { Pagination } from './pagination.tsx'
import { PriceFilter } from './price-filter.tsx'
import { ProductGrid, ProductGridSkeleton } from './product-grid.tsx'
import { SortSelect } from './sort-select.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { DocumentTitle } from '../../../lib/document-title.tsx'
import { KEEP_SCROLL } from '../../../lib/scroll-restorer.tsx'

export interface CategoryViewProps {
  categoryId: string
}

export function CategoryView({ categoryId }: CategoryViewProps) {
  const { t } = useTranslation('catalogue')
  const locale = useLocale()
  const [query, setQuery] = useSearchParams()
  const filters = parseCategoryFilters(query)
  const page = useCategoryPage(categoryId, filters)
  const message = useErrorMessage(page.error)

  const update = (change: Partial<CategoryPageFilters>) =>
    setQuery(categorySearchParams({ ...filters, page: 1, ...change }), { state: KEEP_SCROLL })
  const hrefFor = (next: number) => {
    const search = categorySearchParams({ ...filters, page: next }).toString()
    return search ? `?${search}` : '?'
  }

  if (page.isError && page.error instanceof ApiError && page.error.code === 'CATEGORY_NOT_FOUND') {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-20 text-center">
        <DocumentTitle>{t('category.notFoundTitle')}</DocumentTitle>
        <h1 className="text-xl font-bold">{t('category.notFoundTitle')}</h1>
        <p className="text-muted">{t('category.notFound')}</p>
        <Link to="/collection" className={buttonClass('primary', 'mt-3')}>
          {t('category.browseAll')}
        </Link>
      </div>
    )
  }

  const category = page.data?.category
  const name = category ? pickLocalized(category.nameAr, category.nameFr, locale) || category.name : ''
  const hasPriceRange = filters.minPrice !== undefined || filters.maxPrice !== undefined

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:px-6 md:py-10">
      {category ? <DocumentTitle>{name}</DocumentTitle> : null}
      <header>
        {category ? (
          <>
            <h1 className="text-2xl font-bold">{name}</h1>
            {category.description ? <p className="mt-2 max-w-2xl text-muted">{category.description}</p> : null}
          </>
        ) : page.isPending ? (
          <Skeleton className="h-10 w-48" />
        ) : null}
        {page.data ? (
          <p className="mt-2 text-sm text-muted" aria-live="polite">
            {t('collection.count', { count: page.data.totalProducts })}
          </p>
        ) : null}
      </header>

      <div className="mt-6 flex flex-col gap-4 border-y border-line py-4 md:flex-row md:items-end md:justify-between">
        <PriceFilter
          minPrice={filters.minPrice}
          maxPrice={filters.maxPrice}
          onApply={(range) => update(range)}
        />
        <SortSelect value={filters.sort} options={CATEGORY_SORTS} onChange={(sort) => update({ sort })} />
      </div>

      <div className="mt-6">
        {page.isPending ? (
          <ProductGridSkeleton />
        ) : page.isError && !page.data ? (
          <ErrorState
            title={t('list.loadError')}
            message={message}
            onRetry={() => void page.refetch()}
            isRetrying={page.isFetching}
          />
        ) : page.data.products.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-16 text-center">
            <p className="text-lg font-semibold">{t('list.empty')}</p>
            {hasPriceRange ? (
              <button
                type="button"
                onClick={() => update({ minPrice: undefined, maxPrice: undefined })}
                className={buttonClass('secondary', 'mt-2')}
              >
                {t('price.clear')}
              </button>
            ) : (
              <Link to="/collection" className="font-semibold text-brand underline underline-offset-4">
                {t('category.browseAll')}
              </Link>
            )}
          </div>
        ) : (
          <>
            <ProductGrid products={page.data.products} isFirstPriority isStale={page.isPlaceholderData} />
            <Pagination currentPage={page.data.currentPage} totalPages={page.data.totalPages} hrefFor={hrefFor} />
          </>
        )}
      </div>
    </div>
  )
}
