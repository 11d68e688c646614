import { ORDER_STATUSES } from '@shop/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useSearchParams } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { INPUT_CLASS } from '../../../components/ui/form-field.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ApiError } from '../../../lib/api.ts'
import { SignInPrompt } from '../../../components/ui/sign-in-prompt.tsx'
import { useOrders } from '../api/use-orders.ts'
import { filtersFromParams, hasFilters, paramsFromFilters } from '../order-filters.ts'
import { OrderCard } from './order-card.tsx'
import { DocumentTitle } from '../../../lib/document-title.tsx'

const FILTER_STATUSES = ORDER_STATUSES.filter((status) => status !== 'deleted')

/**
 * The shopper's orders. Filters and page live in the address (?status=&from=&to=&q=&page=), so a reload,
 * Back and a shared link all show the same list.
 */
export function OrdersView() {
  const { t } = useTranslation('account')
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const filters = filtersFromParams(params)
  const orders = useOrders(filters)
  // the typed search is sent on submit; it follows the address when Back or a reload changes it
  const [search, setSearch] = useState(filters.search)
  const [shownSearch, setShownSearch] = useState(filters.search)
  if (shownSearch !== filters.search) {
    setShownSearch(filters.search)
    setSearch(filters.search)
  }
  const set = (patch: Partial<typeof filters>) => setParams(paramsFromFilters({ ...filters, page: 1, ...patch }))
  const clear = () => {
    setSearch('')
    setParams(new URLSearchParams())
  }

  const data = orders.data
  const filtered = hasFilters(filters)
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <DocumentTitle>{t('orders.title')}</DocumentTitle>
      <h1 className="text-2xl font-bold">{t('orders.title')}</h1>
      <form
        role="search"
        className="grid gap-3 rounded-lg bg-surface/60 p-4 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => {
          event.preventDefault()
          set({ search: search.trim() })
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('orders.filters.status')}
          <select className={INPUT_CLASS} value={filters.status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">{t('orders.filters.allStatuses')}</option>
            {FILTER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('orders.filters.from')}
          <input type="date" className={INPUT_CLASS} value={filters.startDate} onChange={(e) => set({ startDate: e.target.value })} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('orders.filters.to')}
          <input type="date" className={INPUT_CLASS} value={filters.endDate} onChange={(e) => set({ endDate: e.target.value })} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('orders.filters.search')}
          <input type="search" className={INPUT_CLASS} value={search} placeholder={t('orders.filters.searchPlaceholder')} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
          <button type="submit" className={buttonClass('primary')}>
            {t('orders.filters.apply')}
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={clear}>
            {t('orders.filters.clear')}
          </button>
        </div>
      </form>

      {orders.error instanceof ApiError && orders.error.status === 401 ? (
        <SignInPrompt redirect={`${location.pathname}${location.search}`} />
      ) : orders.isPending ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : orders.isError || !data ? (
        <ErrorState title={t('orders.loadFailed')} onRetry={() => void orders.refetch()} isRetrying={orders.isFetching} />
      ) : data.orders.length === 0 && filtered ? (
        <div role="status" className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-lg font-semibold">{t('orders.noMatch')}</p>
          <p className="text-sm text-muted">{t('orders.noMatchHint')}</p>
          <button type="button" className={buttonClass('secondary')} onClick={clear}>
            {t('orders.clearFilters')}
          </button>
        </div>
      ) : data.orders.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-lg font-semibold">{t('orders.empty')}</p>
          <Link to="/collection" className={buttonClass('primary')}>
            {t('orders.shop')}
          </Link>
        </div>
      ) : (
        <>
          <p className="text-sm text-muted">{t('orders.count', { count: data.totalOrders })}</p>
          <ul className="flex flex-col gap-4">
            {data.orders.map((order) => (
              <OrderCard key={order._id} order={order} />
            ))}
          </ul>
          {data.totalPages > 1 ? (
            <nav aria-label={t('orders.pagination')} className="flex items-center justify-center gap-3">
              <button type="button" className={buttonClass('secondary')} disabled={filters.page <= 1} onClick={() => set({ page: filters.page - 1 })}>
                {t('orders.previous')}
              </button>
              <span className="text-sm">{t('orders.page', { page: data.currentPage, total: data.totalPages })}</span>
              <button type="button" className={buttonClass('secondary')} disabled={filters.page >= data.totalPages} onClick={() => set({ page: filters.page + 1 })}>
                {t('orders.next')}
              </button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  )
}
