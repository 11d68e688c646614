import type { OrderHistoryEntry } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { OrderStatusChip } from '../../../components/ui/order-status-chip.tsx'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { formatDateTime } from '../../../lib/dates.ts'
import { OrderEditSummary } from './order-edit-summary.tsx'
import { useLocale } from '@shop/client-kit'

export interface OrderHistoryProps {
  entries: OrderHistoryEntry[]
}

/**
 * Every change, oldest first: the status reached, the call outcome, staff notes, courier id changes and the
 * payment, who did it and when, with their note.
 */
export function OrderHistory({ entries }: OrderHistoryProps) {
  const { t } = useTranslation('orders')
  const locale = useLocale()
  return (
    <SectionCard title={t('history.title')}>
      {entries.length === 0 ? (
        <p className="text-sm text-muted">{t('history.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3 border-s-2 border-line ps-4">
          {entries.map((entry) => (
            <li key={entry._id} className="relative">
              <span
                className="absolute -start-[1.4rem] top-1.5 size-2.5 rounded-full bg-brand ring-2 ring-white"
                aria-hidden="true"
              />
              <div className="flex flex-wrap items-center gap-2">
                {!entry.kind || entry.kind === 'status' ? <OrderStatusChip status={entry.toStatus} /> : null}
                {entry.callOutcome ? (
                  <span className="text-sm font-medium">{t(`call.outcomes.${entry.callOutcome}`)}</span>
                ) : null}
                {entry.kind === 'staff_note' || entry.kind === 'payment' ? (
                  <span className="text-sm font-semibold">{t(`history.kind.${entry.kind}`)}</span>
                ) : null}
                {entry.kind === 'edit' ? <OrderEditSummary details={entry.details} /> : null}
                {entry.kind === 'tracking_id' ? (
                  <span className="text-sm font-semibold">
                    {entry.note ? (
                      <>
                        {t('history.kind.tracking_id')} <bdi dir="ltr">{entry.note}</bdi>
                      </>
                    ) : (
                      t('history.kind.tracking_id_cleared')
                    )}
                  </span>
                ) : null}
              </div>
              <p className="mt-1 text-xs text-muted">
                {formatDateTime(entry.createdAt, locale)}
                {' · '}
                {entry.staffName ? (
                  <bdi>{entry.staffName}</bdi>
                ) : entry.actor === 'courier' ? (
                  t('history.byCourier')
                ) : entry.byClient || entry.fromStatus === null ? (
                  t('history.byCustomer')
                ) : (
                  t('history.bySystem')
                )}
              </p>
              {entry.note && entry.kind !== 'tracking_id' ? (
                <p className="mt-1 text-sm break-words whitespace-pre-line">
                  <bdi>{entry.note}</bdi>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  )
}
