import { formatPrice } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useLocale } from '../../../lib/use-locale.ts'
import { useDashboard } from '../api/use-dashboard.ts'
import { DashboardSkeleton } from './dashboard-skeleton.tsx'
import { FigureCard } from './figure-card.tsx'
import { LowStockTable } from './low-stock-table.tsx'
import { OrdersByStatusTable } from './orders-by-status-table.tsx'
import { ThirtyDayChart } from './thirty-day-chart.tsx'

/** Today's figures, the orders by status and the low stock, from one request. */
export function DashboardOverview() {
  const { t } = useTranslation('dashboard')
  const locale = useLocale()
  const dashboard = useDashboard()
  const errorMessage = useErrorMessage(dashboard.error)

  if (!dashboard.data) {
    if (!dashboard.isError) return <DashboardSkeleton />
    return (
      <ErrorState
        title={t('loadError')}
        message={errorMessage}
        onRetry={() => void dashboard.refetch()}
        isRetrying={dashboard.isFetching}
      />
    )
  }

  const figures = dashboard.data
  return (
    <div className="flex flex-col gap-6">
      <dl aria-label={t('figures.label')} className="grid gap-3 md:grid-cols-3">
        <FigureCard
          label={t('figures.ordersToday')}
          hint={t('figures.todayHint')}
          value={String(figures.ordersToday)}
        />
        <FigureCard
          label={t('figures.revenueToday')}
          hint={t('figures.todayHint')}
          value={formatPrice(figures.revenueToday, locale)}
        />
        <FigureCard
          label={t('figures.awaitingConfirmation')}
          value={String(figures.awaitingConfirmation)}
          isHighlighted={figures.awaitingConfirmation > 0}
        />
      </dl>
      {figures.last30Days && figures.last30Days.length > 0 ? <ThirtyDayChart days={figures.last30Days} /> : null}
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
        <OrdersByStatusTable counts={figures.ordersByStatus} />
        <LowStockTable items={figures.lowStock} />
      </div>
    </div>
  )
}
