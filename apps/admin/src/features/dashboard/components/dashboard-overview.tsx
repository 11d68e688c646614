import { useLocale } from '@shop/client-kit'
import { formatPrice, REVENUE_GROUPS, type RevenueGroup } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { useCan } from '../../../lib/use-can.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useDashboard } from '../api/use-dashboard.ts'
import { CallFigures } from './call-figures.tsx'
import { DashboardSkeleton } from './dashboard-skeleton.tsx'
import { FigureCard } from './figure-card.tsx'
import { LowStockTable } from './low-stock-table.tsx'
import { OrdersByStatusTable } from './orders-by-status-table.tsx'
import { ThirtyDayChart } from './thirty-day-chart.tsx'

/** '2026-11-24': today in Algeria (UTC+1 all year), as the orders list's date filters take it. */
function shopToday(now = new Date()): string {
  return new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10)
}

/** The orders list with these filters, as its address holds them. */
function ordersLink(filters: Record<string, string>): string {
  return `/orders?${new URLSearchParams(filters).toString()}`
}

/** Today's figures, the orders by status and the low stock, from one request. */
export function DashboardOverview() {
  const { t } = useTranslation('dashboard')
  const locale = useLocale()
  const dashboard = useDashboard()
  // the agents' figures are for those who run the shop (the API answers them to managers and the owner)
  const canSeeCallFigures = useCan('orders.manage')
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
  const today = shopToday()
  const groups = figures.revenueTodayByGroup
  const groupCard = (group: RevenueGroup, label: string, hint: string) => {
    const figure = groups[group]
    return (
      <FigureCard
        label={label}
        hint={`${hint} · ${t('figures.ordersCount', { count: figure.orders })}`}
        value={formatPrice(figure.amount, locale)}
        to={ordersLink({ status: REVENUE_GROUPS[group].join(','), from: today, to: today })}
      />
    )
  }
  return (
    <div className="flex flex-col gap-6">
      <dl aria-label={t('figures.label')} className="grid gap-3 md:grid-cols-3">
        <FigureCard
          label={t('figures.ordersToday')}
          hint={t('figures.todayHint')}
          value={String(figures.ordersToday)}
          to={ordersLink({ from: today, to: today })}
        />
        <FigureCard
          label={t('figures.awaitingConfirmation')}
          value={String(figures.awaitingConfirmation)}
          isHighlighted={figures.awaitingConfirmation > 0}
          to={ordersLink({ status: 'pending' })}
        />
        {groupCard('pending', t('figures.revenuePending'), t('figures.revenuePendingHint'))}
        {groupCard('toDeliver', t('figures.revenueToDeliver'), t('figures.revenueToDeliverHint'))}
        {groupCard('delivered', t('figures.revenueDelivered'), t('figures.revenueDeliveredHint'))}
      </dl>
      {figures.last30Days.length > 0 ? <ThirtyDayChart days={figures.last30Days} /> : null}
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
        <OrdersByStatusTable counts={figures.ordersByStatus} />
        <LowStockTable items={figures.lowStock} />
      </div>
      {canSeeCallFigures ? <CallFigures /> : null}
    </div>
  )
}
