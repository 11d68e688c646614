import { COLLECTION_SORTS } from '@shop/shared'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useCategories, useCollection } from '../api/use-catalogue-lists.ts'
import {
  type CollectionFilters,
  collectionSearchParams,
  parseCollectionFilters,
} from '../catalogue-filters.ts'
import { CategoryFilter } from './category-filter.tsx'
import { Pagination } from './pagination.tsx'
import { ProductGrid, ProductGridSkeleton } from './product-grid.tsx'
import { SearchBox } from './search-box.tsx'
import { SortSelect } from './sort-select.tsx'
import { KEEP_SCROLL } from '../../../lib/scroll-restorer.tsx'

export interface CollectionViewProps {
  /** A settled search of 3 characters or more (reported to the ad pixels by the page). */
  onSearchTracked?: (term: string) => void
}

/** All products: category, search and sort in the URL, 12 a page. */
export function CollectionView({ onSearchTracked }: CollectionViewProps) {
  const { t } = useTranslation('catalogue')
  const [query, setQuery] = useSearchParams()
  const filters = parseCollectionFilters(query)
  const categories = useCategories()
  const list = useCollection(filters)
  const message = useErrorMessage(list.error)

  const hrefFor = (next: CollectionFilters) => {
    const search = collectionSearchParams(next).toString()
    return search ? `?${search}` : '?'
  }
  // Any change of filter starts again at page 1.
  const update = (change: Partial<CollectionFilters>) =>
    setQuery(collectionSearchParams({ ...filters, page: 1, ...change }), { state: KEEP_SCROLL })

  const searchValue = filters.search ?? ''
  const onSearch = useCallback(
    (term: string) =>
      setQuery(
        (current) => {
          const next = parseCollectionFilters(current)
          return collectionSearchParams({ ...next, search: term || undefined, page: 1 })
        },
        { replace: true, state: KEEP_SCROLL },
      ),
    [setQuery],
  )
  const hasFilters = Boolean(filters.category || filters.search || filters.sort !== 'relevance')

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:px-6 md:py-10">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-2xl font-bold">{t('collection.title')}</h1>
          {list.data ? (
            <p className="mt-1 text-sm text-muted" aria-live="polite">
              {t(list.data.totalIsLowerBound ? 'collection.countAtLeast' : 'collection.count', { count: list.data.totalProducts })}
            </p>
          ) : null}
        </div>
        <div className="md:w-96">
          <SearchBox
            value={searchValue}
            onSearch={onSearch}
            onTrack={onSearchTracked}
            autoFocus={query.get('focus') === 'search'}
          />
        </div>
      </div>

      <div className="mt-6 grid gap-6 md:grid-cols-[14rem_1fr] md:gap-10">
        <aside aria-label={t('filters.label')}>
          {categories.data ? (
            <CategoryFilter
              categories={categories.data}
              value={filters.category}
              onChange={(category) => update({ category })}
            />
          ) : null}
          {hasFilters ? (
            <Link
              to="?"
              className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand underline underline-offset-4"
            >
              {t('filters.clear')}
            </Link>
          ) : null}
        </aside>

        <div>
          <div className="mb-4 flex justify-end">
            <SortSelect value={filters.sort} options={COLLECTION_SORTS} onChange={(sort) => update({ sort })} />
          </div>
          {list.isPending ? (
            <ProductGridSkeleton />
          ) : list.isError && !list.data ? (
            <ErrorState
              title={t('list.loadError')}
              message={message}
              onRetry={() => void list.refetch()}
              isRetrying={list.isFetching}
            />
          ) : list.data.products.length === 0 ? (
            <div className="flex flex-col items-center gap-3 py-16 text-center">
              <p className="text-lg font-semibold">{t('list.empty')}</p>
              <p className="text-sm text-muted">{t('list.emptyHint')}</p>
              {hasFilters ? (
                <Link to="?" className="mt-2 font-semibold text-brand underline underline-offset-4">
                  {t('filters.clear')}
                </Link>
              ) : null}
            </div>
          ) : (
            <>
              <ProductGrid products={list.data.products} isFirstPriority isStale={list.isPlaceholderData} />
              <Pagination
                currentPage={list.data.currentPage}
                totalPages={list.data.totalPages}
                hrefFor={(page) => hrefFor({ ...filters, page })}
              />
            </>
          )}
        </div>
      </div>
    </div>
  )
}
