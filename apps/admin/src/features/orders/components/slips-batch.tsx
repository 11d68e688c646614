import { useQueries } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { orderKeys } from '../api/order-keys.ts'
import { fetchOrderPage } from '../api/use-order.ts'
import { DeliverySlip } from './delivery-slip.tsx'

/** At most this many slips in one batch: a morning's parcels, one page of the list. */
export const SLIPS_MAX = 100

/** '?ids=a,b,c' → ['a', 'b', 'c'], without repeats, at most SLIPS_MAX. */
export function readSlipIds(search: URLSearchParams): string[] {
  const ids = (search.get('ids') ?? '').split(',').map((id) => id.trim()).filter(Boolean)
  return [...new Set(ids)].slice(0, SLIPS_MAX)
}

/** The slips of the chosen orders, previewed on screen, printed one per page (see `.delivery-slip` in index.css). */
export function SlipsBatch({ ids, backTo }: { ids: string[]; backTo: string }) {
  const { t } = useTranslation(['orders', 'common'])
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: orderKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchOrderPage(id, signal),
    })),
  })
  const failed = results.filter((r) => r.isError)
  const isLoading = results.some((r) => r.isPending)
  const orders = results.flatMap((r) => (r.data ? [r.data.order] : []))

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div className="flex flex-col gap-1">
          <Link to={backTo} className="self-start text-sm text-muted underline-offset-2 hover:underline">
            <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
              ←
            </span>{' '}
            {t('slips.back')}
          </Link>
          <h1 className="text-xl font-bold">{t('slips.heading', { count: ids.length })}</h1>
        </div>
        <button type="button" className={buttonClass('primary')} disabled={isLoading || orders.length === 0} onClick={() => window.print()}>
          {t('slips.print')}
        </button>
      </div>
      {ids.length === 0 ? <p className="text-sm text-muted print:hidden">{t('slips.none')}</p> : null}
      {failed.length > 0 ? (
        <div className="print:hidden">
          <ErrorState title={t('slips.loadError')} message="" onRetry={() => failed.forEach((r) => void r.refetch())} />
        </div>
      ) : null}
      {isLoading ? (
        <div role="status" aria-label={t('common:loading')} className="print:hidden">
          <Skeleton className="mx-auto h-96 max-w-[105mm]" />
        </div>
      ) : (
        <div className="flex flex-col gap-6 print:block">
          {orders.map((order) => (
            <DeliverySlip key={order._id} order={order} isOnScreen />
          ))}
        </div>
      )}
    </div>
  )
}
