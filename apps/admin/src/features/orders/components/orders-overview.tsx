import { useLocale } from '@shop/client-kit'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Pagination } from '../../../components/ui/pagination.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useOrders } from '../api/use-orders.ts'
import { filterQuery, listQuery, readPage, withFilter } from '../order-filters.ts'
import { BulkActionsBar } from './bulk-actions-bar.tsx'
import { CourierActions } from './courier-actions.tsx'
import { OrderFiltersBar } from './order-filters-bar.tsx'
import { OrdersTable } from './orders-table.tsx'
import { SLIPS_MAX } from './slips-batch.tsx'
import { useCan } from '../../../lib/use-can.ts'

/** The orders list: filters in the address, one server page at a time, CSV export of the same filters. */
export function OrdersOverview() {
  const { t } = useTranslation(['orders', 'common'])
  const [search, setSearch] = useSearchParams()
  const orders = useOrders(listQuery(search))
  const errorMessage = useErrorMessage(orders.error)
  const locale = useLocale()
  // the CSV's headers and labels in the back office's language (a plain link sends no Accept-Language of ours)
  const exportQuery = [filterQuery(search), `lang=${locale}`].filter(Boolean).join('&')
  // ticked orders, kept across pages and filters until printed or cleared: their slips print together
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set())
  const select = (ids: string[], isSelected: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      for (const id of ids) {
        if (isSelected && next.size < SLIPS_MAX) next.add(id)
        else if (!isSelected) next.delete(id)
      }
      return next
    })
  // the courier CSV carries every customer's details and amounts: not an agent's
  const canExport = useCan('orders.manage')
  // the bar stays once used, so the result of a bulk action is read after the selection is cleared
  const [bulkShown, setBulkShown] = useState(false)
  if (selected.size > 0 && !bulkShown) setBulkShown(true)

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">{t('list.title')}</h1>
        <Link to="/orders/new" className={buttonClass('primary', 'ms-auto')}>
          {t('newOrder.button')}
        </Link>
        {canExport ? (
          <a
            href={`/api/v1/admin/orders/export.csv?${exportQuery}`}
            download
            aria-describedby={search.get('status') ? undefined : 'orders-export-hint'}
            className={buttonClass('secondary')}
          >
            {t('list.export')}
          </a>
        ) : null}
      </div>
      <CourierActions />
      {!canExport || search.get('status') ? null : (
        // the export without a status is what the courier takes, not the whole list below
        <p id="orders-export-hint" className="-mt-2 text-xs text-muted">
          {t('list.exportHint')}
        </p>
      )}
      {selected.size > 0 || bulkShown ? (
        <BulkActionsBar
          selected={selected}
          listSearch={search.toString()}
          canExport={canExport}
          onClear={() => setSelected(new Set())}
        />
      ) : null}
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
              <OrdersTable orders={orders.data.orders} listSearch={search.toString()} selected={selected} onSelect={select} />
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
