import { useLocale } from '@shop/client-kit'
import { formatPrice } from '@shop/shared'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatShortDate } from '../../../lib/dates.ts'
import type { DayFigures } from '@shop/shared'

export interface ThirtyDayChartProps {
  days: DayFigures[]
}

const WIDTH = 600
const HEIGHT = 160

/**
 * Revenue per day as bars, orders per day as a line, in plain SVG. Time runs in the reading direction
 * (right to left in Arabic). The totals are written out under it for whoever does not see the drawing.
 */
export function ThirtyDayChart({ days }: ThirtyDayChartProps) {
  const { t } = useTranslation('dashboard')
  const locale = useLocale()
  const titleId = useId()
  const maxRevenue = Math.max(1, ...days.map((d) => d.revenue))
  const maxOrders = Math.max(1, ...days.map((d) => d.orders))
  const step = WIDTH / Math.max(1, days.length)
  const totalOrders = days.reduce((sum, d) => sum + d.orders, 0)
  const totalRevenue = days.reduce((sum, d) => sum + d.revenue, 0)
  const line = days
    .map((d, i) => `${(i * step + step / 2).toFixed(1)},${(HEIGHT - 4 - (d.orders / maxOrders) * (HEIGHT - 12)).toFixed(1)}`)
    .join(' ')
  const first = days[0]
  const last = days.at(-1)
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2 rounded-lg border border-line bg-white p-4">
      <h2 id={titleId} className="text-base font-semibold">
        {t('chart.title')}
      </h2>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full rtl:-scale-x-100"
        role="img"
        aria-label={t('chart.summary', { orders: totalOrders, revenue: formatPrice(totalRevenue, locale) })}
      >
        {days.map((d, i) => {
          const h = (d.revenue / maxRevenue) * (HEIGHT - 12)
          return (
            <rect key={d.date} x={i * step + step * 0.15} y={HEIGHT - h} width={step * 0.7} height={h} rx={2} className="fill-brand-soft">
              <title>{`${formatShortDate(`${d.date}T12:00:00+01:00`, locale)} · ${formatPrice(d.revenue, locale)} · ${t('chart.orders', { count: d.orders })}`}</title>
            </rect>
          )
        })}
        <polyline points={line} fill="none" strokeWidth={2} vectorEffect="non-scaling-stroke" className="stroke-brand" />
      </svg>
      <div className="flex justify-between text-xs text-muted">
        <span>{first ? formatShortDate(`${first.date}T12:00:00+01:00`, locale) : ''}</span>
        <span>{last ? formatShortDate(`${last.date}T12:00:00+01:00`, locale) : ''}</span>
      </div>
      <p className="text-sm">
        <span className="me-4 inline-flex items-center gap-1.5"><span className="size-3 rounded-sm bg-brand-soft" aria-hidden="true" />{t('chart.revenueLegend')}</span>
        <span className="inline-flex items-center gap-1.5"><span className="h-0.5 w-4 bg-brand" aria-hidden="true" />{t('chart.ordersLegend')}</span>
      </p>
      <p className="text-sm text-muted">{t('chart.summary', { orders: totalOrders, revenue: formatPrice(totalRevenue, locale) })}</p>
    </section>
  )
}
