import { type CallQueueCurrent, formatPrice, type OrderPage } from '@shop/shared'
import { useLocale } from '@shop/client-kit'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { PageTitle } from '../../../components/ui/page-title.tsx'
import { ApiError } from '../../../lib/api.ts'
import { formatDateTime } from '../../../lib/dates.ts'
import { shopSettingsQuery } from '../../../lib/shop-settings.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { type CallRecord, useCallQueue, useNextOrder, useRecordCall } from '../api/use-call-queue.ts'
import { isShortcutEvent, NEXT_KEY } from '../call-shortcuts.ts'
import { CallOutcomePad } from './call-outcome-pad.tsx'
import { CurrentCall } from './current-call.tsx'

/**
 * The confirmation-call queue: "next order" (N) gives the agent the next order to call, held for them for a
 * few minutes; an outcome (1-8) ends the call and the agent takes the next one.
 */
export interface CallQueueScreenProps {
  /** The customer card of the phone being called (another feature, given by the route). */
  customer?: (order: CallQueueCurrent['order'], onChanged: (page: OrderPage) => void) => React.ReactNode
}

export function CallQueueScreen({ customer }: CallQueueScreenProps) {
  const { t } = useTranslation('orders')
  const locale = useLocale()
  const queue = useCallQueue()
  const next = useNextOrder()
  const [current, setCurrent] = useState<CallQueueCurrent | null>(null)
  const [isEmpty, setIsEmpty] = useState(false)
  const [lastOutcome, setLastOutcome] = useState<string | null>(null)
  const record = useRecordCall(current)
  const settings = useQuery(shopSettingsQuery)
  const nextError = useErrorMessage(next.error)
  const recordError = useErrorMessage(record.error)
  const fieldError = (field: string) => (record.error instanceof ApiError ? record.error.fieldErrors.find((e) => e.field === field)?.message : undefined)

  const takeNext = useRef<() => void>(() => {})
  takeNext.current = () => {
    if (next.isPending || current) return
    setLastOutcome(null)
    next.mutate(undefined, {
      onSuccess: (order) => {
        setCurrent(order)
        setIsEmpty(order === null)
      },
    })
  }
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isShortcutEvent(event) && event.key.toUpperCase() === NEXT_KEY) {
        event.preventDefault()
        takeNext.current()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const onRecord = (call: CallRecord) => {
    record.mutate(call, {
      onSuccess: () => {
        setLastOutcome(t(`call.outcomes.${call.outcome}`))
        setCurrent(null)
        record.reset()
      },
    })
  }

  // the order as an edit or a merge during the call left it: the outcome is recorded on that version
  const onChanged = (page: OrderPage) => setCurrent((held) => (held ? { ...held, ...page } : held))

  const counts = queue.data?.counts
  return (
    <div className="flex flex-col gap-4">
      <PageTitle page={t('queue.title')} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">{t('queue.title')}</h1>
        {counts ? (
          <dl className="flex flex-wrap gap-2 text-sm" aria-label={t('queue.counts')}>
            {(['toCall', 'callbacksLater', 'unreachable'] as const).map((bucket) => (
              <div key={bucket} className="flex gap-1 rounded-full bg-surface px-3 py-1">
                <dt>{t(`queue.bucket.${bucket}`)}</dt>
                <dd className="font-semibold">{counts[bucket]}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>

      <p role="status" className="text-sm text-muted">
        {lastOutcome ? t('queue.recorded', { outcome: lastOutcome }) : null}
      </p>

      {current ? (
        <CurrentCall
          current={current}
          shopName={settings.data?.name}
          customer={customer?.(current.order, onChanged)}
          onEdited={onChanged}
        >
          <CallOutcomePad isBusy={record.isPending} fieldError={fieldError} onRecord={onRecord} />
          {recordError ? <p className="mt-2 text-sm text-danger">{recordError}</p> : null}
        </CurrentCall>
      ) : (
        <div className="flex flex-col items-start gap-2 rounded-lg border border-line bg-white p-4">
          <button type="button" className={buttonClass('primary', 'min-h-12 text-base')} aria-keyshortcuts={NEXT_KEY} disabled={next.isPending} onClick={() => takeNext.current()}>
            {t('queue.next')}
            <kbd className="rounded border border-current/30 px-1.5 font-mono text-xs" aria-hidden="true">
              {NEXT_KEY}
            </kbd>
          </button>
          <p className="text-sm text-muted">{isEmpty ? t('queue.empty') : t('queue.nextHelp')}</p>
          {nextError ? <p className="text-sm text-danger">{nextError}</p> : null}
        </div>
      )}

      {queue.data && queue.data.orders.length > 0 ? (
        <section aria-labelledby="queue-waiting" className="rounded-lg border border-line bg-white p-4">
          <h2 id="queue-waiting" className="mb-2 text-base font-semibold">
            {t('queue.waiting')}
          </h2>
          <ol className="flex flex-col divide-y divide-line">
            {queue.data.orders.map((row) => (
              <li key={row._id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="flex flex-col">
                  <span className="font-medium">
                    {row.customerName} · <bdi dir="ltr">{row.trackingNumber}</bdi>
                  </span>
                  <span className="text-muted">
                    {row.wilayaName} · {t('call.attempts', { count: row.callAttempts })}
                    {row.callbackAt ? ` · ${t('queue.callbackDue', { time: formatDateTime(row.callbackAt, locale) })}` : ''}
                    {row.assignedTo ? ` · ${t('queue.heldBy', { name: row.assignedTo })}` : ''}
                  </span>
                  {row.customerRequest ? <span className="text-amber-ink">{t('queue.customerRequest')}: {row.customerRequest}</span> : null}
                </span>
                <span className="font-semibold">{formatPrice(row.totalAmount, locale)}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  )
}
