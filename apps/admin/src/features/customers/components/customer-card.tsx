import { useLocale } from '@shop/client-kit'
import { type CustomerOrder, formatPrice, type OrderPage } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { OrderStatusChip } from '../../../components/ui/order-status-chip.tsx'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { isolate } from '../../../lib/bidi.ts'
import { formatShortDate } from '../../../lib/dates.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useCustomerCard, useMergeOrder } from '../api/use-customer.ts'
import { RiskBadge } from './risk-badge.tsx'

export interface CustomerCardProps {
  phone: string
  /** The order being looked at: its amount is judged, its duplicates listed, merges go into it. */
  orderId?: string
  orderVersion?: number
  /** The kept order's page after a merge. */
  onMerged?: (page: OrderPage) => void
}

/** Everything the shop knows of a phone: its orders, outcomes, success rate, notes, duplicates and risk. */
export function CustomerCard({ phone, orderId, orderVersion, onMerged }: CustomerCardProps) {
  const { t } = useTranslation(['customers', 'common'])
  const locale = useLocale()
  const card = useCustomerCard(phone, orderId)
  const merge = useMergeOrder(orderId ?? '', onMerged)
  const loadError = useErrorMessage(card.error)
  const mergeError = useErrorMessage(merge.error)

  if (!card.data) {
    return (
      <SectionCard title={t('card.title')}>
        {card.isError ? (
          <p className="text-sm text-danger">
            {t('card.loadError')} {loadError}
          </p>
        ) : (
          <div role="status" aria-label={t('common:loading')} className="flex flex-col gap-2">
            <Skeleton className="h-6 w-32" />
            <Skeleton className="h-16" />
          </div>
        )}
      </SectionCard>
    )
  }
  const c = card.data
  const figures: [string, number | string][] = [
    [t('card.orders'), c.counts.orders],
    [t('card.delivered'), c.counts.delivered],
    [t('card.returned'), c.counts.returned],
    [t('card.cancelled'), c.counts.cancelled],
    [t('card.fake'), c.counts.fake],
    [t('card.noAnswer'), c.counts.noAnswer],
    [t('card.wrongNumber'), c.counts.wrongNumber],
    [t('card.successRate'), c.successRate === null ? t('card.noRate') : `${c.successRate}%`],
  ]
  const mergeInto = (other: CustomerOrder) => {
    if (!orderVersion || !window.confirm(t('duplicates.confirm', { number: isolate(other.trackingNumber) }))) return
    merge.mutate({ fromOrderId: other._id, version: orderVersion, fromVersion: other.version })
  }

  return (
    <SectionCard title={t('card.title')} actions={<bdi dir="ltr" className="text-sm font-semibold">{c.phone}</bdi>}>
      <div className="flex flex-col gap-4">
        {c.blacklist ? (
          <p className="rounded-md border border-danger/30 px-3 py-2 text-sm text-danger">
            {t('card.blacklisted', { reason: c.blacklist.reason, name: c.blacklist.staffName })}
          </p>
        ) : null}
        <section aria-label={t('risk.title')}>
          <RiskBadge risk={c.risk} />
        </section>

        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          {figures.map(([label, value]) => (
            <div key={label} className="flex flex-col">
              <dt className="text-muted">{label}</dt>
              <dd className="font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
          {c.firstOrderAt ? (
            <div className="flex flex-col">
              <dt className="text-muted">{t('card.first')}</dt>
              <dd>{formatShortDate(c.firstOrderAt, locale)}</dd>
            </div>
          ) : null}
          {c.lastOrderAt ? (
            <div className="flex flex-col">
              <dt className="text-muted">{t('card.last')}</dt>
              <dd>{formatShortDate(c.lastOrderAt, locale)}</dd>
            </div>
          ) : null}
        </dl>

        {c.duplicates.length > 0 ? (
          <section aria-labelledby="duplicates-title" className="rounded-md border border-amber-ink/30 bg-amber-soft p-3">
            <h3 id="duplicates-title" className="text-sm font-semibold">
              {t('duplicates.title')}
            </h3>
            <p className="mb-2 text-xs text-muted">{t('duplicates.hint')}</p>
            <ul className="flex flex-col gap-2">
              {c.duplicates.map((d) => (
                <li key={d._id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="flex flex-wrap items-center gap-2">
                    <Link to={`/orders/${d._id}`} className="font-semibold underline-offset-2 hover:underline">
                      <bdi dir="ltr">{d.trackingNumber}</bdi>
                    </Link>
                    <OrderStatusChip status={d.status} />
                    <span className="tabular-nums">{formatPrice(d.totalAmount, locale)}</span>
                  </span>
                  <button type="button" className={buttonClass('secondary')} disabled={merge.isPending || !orderVersion} onClick={() => mergeInto(d)}>
                    {merge.isPending ? t('duplicates.merging') : t('duplicates.merge')}
                  </button>
                </li>
              ))}
            </ul>
            {merge.isError ? (
              <p role="alert" className="mt-2 text-sm text-danger">
                {mergeError}
              </p>
            ) : null}
          </section>
        ) : null}

        <section aria-labelledby="phone-orders-title">
          <h3 id="phone-orders-title" className="mb-1 text-sm font-semibold">
            {t('card.history')}
          </h3>
          <ul className="flex flex-col divide-y divide-line text-sm">
            {c.orders.map((o) => (
              <li key={o._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5">
                {o._id === orderId ? (
                  <bdi dir="ltr" className="font-semibold">{o.trackingNumber}</bdi>
                ) : (
                  <Link to={`/orders/${o._id}`} className="underline-offset-2 hover:underline">
                    <bdi dir="ltr">{o.trackingNumber}</bdi>
                  </Link>
                )}
                <span className="text-muted">{formatShortDate(o.createdAt, locale)}</span>
                <OrderStatusChip status={o.status} />
                {o.onHold ? <span className="text-xs font-semibold text-danger">{t('card.onHold')}</span> : null}
                <span className="ms-auto tabular-nums">{formatPrice(o.totalAmount, locale)}</span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="phone-notes-title">
          <h3 id="phone-notes-title" className="mb-1 text-sm font-semibold">
            {t('card.notes')}
          </h3>
          {c.notes.length === 0 ? (
            <p className="text-sm text-muted">{t('card.noNotes')}</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {c.notes.map((n) => (
                <li key={n._id}>
                  <span className="text-muted">
                    <bdi dir="ltr">{n.trackingNumber}</bdi> · <bdi>{n.staffName ?? ''}</bdi> · <bdi>{formatShortDate(n.createdAt, locale)}</bdi>
                  </span>
                  <p>{n.text}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </SectionCard>
  )
}
