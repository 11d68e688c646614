import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Pagination } from '../../../components/ui/pagination.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useOrders } from '../api/use-orders.ts'
import { filterQuery, listQuery, readPage, withFilter } from '../order-filters.ts'
import { OrderFiltersBar } from './order-filters-bar.tsx'
import { OrdersTable } from './orders-table.tsx'
import { useCan } from '../../auth/api/use-can.ts'

/** The orders list: filters in the address, one server page at a time, CSV export of the same filters. */
export function OrdersOverview() {
  const { t } = useTranslation(['orders', 'common'])
  const [search, setSearch] = useSearchParams()
  const orders = useOrders(listQuery(search))
  const errorMessage = useErrorMessage(orders.error)
  const exportQuery = filterQuery(search)
  // the courier CSV carries every customer's details and amounts: not an agent's
  const canExport = useCan('orders.manage')

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">{t('list.title')}</h1>
        {canExport ? (
          <a
            href={`/api/v1/admin/orders/export.csv${exportQuery ? `?${exportQuery}` : ''}`}
            download
            aria-describedby={search.get('status') ? undefined : 'orders-export-hint'}
            className={buttonClass('secondary')}
          >
            {t('list.export')}
          </a>
        ) : null}
      </div>
      {!canExport || search.get('status') ? null : (
        // the export without a status is what the courier takes, not the whole list below
        <p id="orders-export-hint" className="-mt-2 text-xs text-muted">
          {t('list.exportHint')}
        </p>
      )}
      <OrderFiltersBar
        search={search}
        onChange={(key, value) => setSearch(withFilter(search, key, value))}
        onClear={() => setSearch(new URLSearchParams())}
      />
      {orders.data ? (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {t('list.count', { count: orders.data.total })}
          </p>
          {orders.data.orders.length === 0 ? (
            <p className="rounded-lg border border-line bg-white px-4 py-8 text-center text-sm text-muted">
              {t('list.empty')}
            </p>
          ) : (
            <div className={orders.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
              <OrdersTable orders={orders.data.orders} listSearch={search.toString()} />
            </div>
          )}
          <Pagination
            page={orders.data.currentPage}
            totalPages={orders.data.totalPages}
            onPage={(page) => {
              const next = new URLSearchParams(search)
              next.set('page', String(page))
              setSearch(next)
            }}
          />
        </>
      ) : orders.isError ? (
        <ErrorState
          title={t('list.loadError')}
          message={errorMessage}
          onRetry={() => void orders.refetch()}
          isRetrying={orders.isFetching}
        />
      ) : (
        <div role="status" aria-label={t('common:loading')} className="flex flex-col gap-2">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-96" />
        </div>
      )}
      {readPage(search) > 1 && orders.data?.orders.length === 0 ? (
        <button type="button" className={buttonClass('secondary', 'self-start')} onClick={() => {
          const next = new URLSearchParams(search)
          next.delete('page')
          setSearch(next)
        }}>
          {t('list.firstPage')}
        </button>
      ) : null}
    </div>
  )
}
