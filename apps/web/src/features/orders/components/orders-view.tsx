import { ORDER_STATUSES } from '@shop/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Link } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { INPUT_CLASS } from '../../../components/ui/form-field.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ApiError } from '../../../lib/api.ts'
import { type OrderFilters, useOrders } from '../api/use-orders.ts'
import { OrderCard } from './order-card.tsx'

const EMPTY: OrderFilters = { status: '', startDate: '', endDate: '', search: '', page: 1 }
const FILTER_STATUSES = ORDER_STATUSES.filter((status) => status !== 'deleted')

export function OrdersView() {
  const { t } = useTranslation('account')
  const [filters, setFilters] = useState(EMPTY)
  const [search, setSearch] = useState('')
  const orders = useOrders(filters)
  const set = (patch: Partial<OrderFilters>) => setFilters((current) => ({ ...current, page: 1, ...patch }))

  if (orders.error instanceof ApiError && orders.error.status === 401) {
    return <Navigate to="/login?redirect=%2Forders" replace />
  }

  const data = orders.data
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <title>{t('orders.title')}</title>
      <h1 className="text-2xl font-bold">{t('orders.title')}</h1>
      <form
        role="search"
        className="grid gap-3 rounded-lg bg-surface/60 p-4 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => {
          event.preventDefault()
          set({ search })
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
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => {
              setSearch('')
              setFilters(EMPTY)
            }}
          >
            {t('orders.filters.clear')}
          </button>
        </div>
      </form>

      {orders.isPending ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : orders.isError || !data ? (
        <ErrorState title={t('orders.loadFailed')} onRetry={() => void orders.refetch()} isRetrying={orders.isFetching} />
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
              <button type="button" className={buttonClass('secondary')} disabled={filters.page <= 1} onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}>
                {t('orders.previous')}
              </button>
              <span className="text-sm">{t('orders.page', { page: data.currentPage, total: data.totalPages })}</span>
              <button type="button" className={buttonClass('secondary')} disabled={filters.page >= data.totalPages} onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}>
                {t('orders.next')}
              </button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  )
}
