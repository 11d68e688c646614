import { useLocale } from '@shop/client-kit'
import { type BulkOrdersBody, type BulkOrdersReply, can, canMoveOrderAs, ORDER_STATUSES, type OrderStatus } from '@shop/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { inputClass } from '../../../components/ui/field-classes.ts'
import { isolate } from '../../../lib/bidi.ts'
import { useStaff } from '../../../lib/use-staff.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useAssignees, useBulkOrders, useExportCheck } from '../api/use-orders.ts'
import { labelsUrl, useBulkShip } from '../api/use-shipping.ts'

export interface BulkActionsBarProps {
  selected: ReadonlySet<string>
  /** The list's address, for the slips page's way back. */
  listSearch: string
  canExport: boolean
  onClear: () => void
}

/** Statuses a bulk move may aim at: not back to pending, not deleted (one order at a time, on its page). */
const BULK_TARGETS = ORDER_STATUSES.filter((s) => s !== 'pending' && s !== 'deleted')

/**
 * What staff do to the ticked orders at once: confirm, move to a status, print the slips, export the courier
 * CSV. Each order is done or refused on its own; the panel lists the refusals with their reason. A new
 * action is one more button here calling `run` with its body (BULK_ORDER_ACTIONS on the server).
 */
export function BulkActionsBar({ selected, listSearch, canExport, onClear }: BulkActionsBarProps) {
  const { t } = useTranslation(['orders', 'common'])
  const locale = useLocale()
  const role = useStaff().data?.role
  const bulk = useBulkOrders()
  const bulkShip = useBulkShip()
  const error = useErrorMessage(bulk.error ?? bulkShip.error)
  const [target, setTarget] = useState<OrderStatus>('processing')
  // giving orders to an agent (their call queue hands them out first): managers and the owner
  const canAssign = can(role, 'orders.manage')
  const assignees = useAssignees(canAssign)
  const [assignee, setAssignee] = useState('')
  const [result, setResult] = useState<BulkOrdersReply | null>(null)
  // the ticked orders the courier CSV will leave out (on hold, blacklisted phone), said before the download
  const leftOut = (useExportCheck([...selected], canExport).data ?? []).filter((order) => !order.included)
  const ids = [...selected]
  const targets = BULK_TARGETS.filter((s) => canMoveOrderAs(role, s))
  const run = (body: Omit<BulkOrdersBody, 'ids'>) =>
    bulk.mutate({ ...body, ids } as BulkOrdersBody, {
      onSuccess: (reply) => {
        setResult(reply)
        if (reply.failedCount === 0) onClear()
      },
    })

  // parcels to the couriers: each order shipped or refused with its reason, shown like the other actions' results
  const ship = () =>
    bulkShip.mutate(
      { orderIds: ids },
      {
        onSuccess: (reply) => {
          setResult({
            okCount: reply.okCount,
            failedCount: reply.failedCount,
            results: reply.results.map((r) => ({ id: r.orderId, trackingNumber: r.trackingNumber, ok: r.ok, status: null, error: r.reason })),
          })
          if (reply.failedCount === 0) onClear()
        },
      },
    )

  if (ids.length === 0 && !result && !error) return null
  return (
    <div className="sticky top-14 z-10 flex flex-col gap-2 rounded-lg border border-brand bg-brand-soft p-2 lg:top-0">
      {ids.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t('bulk.selected', { count: ids.length })}>
          <span className="text-sm font-semibold">{t('bulk.selected', { count: ids.length })}</span>
          <button type="button" className={buttonClass('primary')} disabled={bulk.isPending} onClick={() => run({ action: 'confirm' })}>
            {t('bulk.confirm')}
          </button>
          <span className="flex items-center gap-1">
            <select aria-label={t('bulk.moveTo')} className={`${inputClass} w-auto`} value={target} onChange={(e) => setTarget(e.target.value as OrderStatus)}>
              {targets.map((s) => (
                <option key={s} value={s}>
                  {t(`common:orderStatus.${s}`)}
                </option>
              ))}
            </select>
            <button type="button" className={buttonClass('secondary')} disabled={bulk.isPending || targets.length === 0} onClick={() => run({ action: 'status', status: target })}>
              {t('bulk.move')}
            </button>
          </span>
          {canAssign ? (
            <span className="flex items-center gap-1">
              <select aria-label={t('bulk.assignTo')} className={`${inputClass} w-auto`} value={assignee} onChange={(e) => setAssignee(e.target.value)}>
                <option value="">{t('bulk.unassigned')}</option>
                {assignees.data?.map((member) => (
                  <option key={member._id} value={member._id}>
                    {member.name}
                  </option>
                ))}
              </select>
              <button type="button" className={buttonClass('secondary')} disabled={bulk.isPending} onClick={() => run({ action: 'assign', staffId: assignee || null })}>
                {t('bulk.assign')}
              </button>
            </span>
          ) : null}
          <button type="button" className={buttonClass('secondary')} disabled={bulkShip.isPending} onClick={ship}>
            {t('bulk.ship')}
          </button>
          <a href={labelsUrl(ids)} target="_blank" rel="noopener" className={buttonClass('secondary')}>
            {t('bulk.printLabels')}
          </a>
          <Link to={`/orders/slips?ids=${ids.join(',')}`} state={{ listSearch }} className={buttonClass('secondary')}>
            {t('select.printSlips', { count: ids.length })}
          </Link>
          {canExport ? (
            <a
              href={`/api/v1/admin/orders/export.csv?ids=${ids.join(',')}&lang=${locale}`}
              download
              aria-describedby={leftOut.length > 0 ? 'bulk-export-left-out' : undefined}
              className={buttonClass('secondary')}
            >
              {t('bulk.export')}
            </a>
          ) : null}
          <button type="button" className={buttonClass('ghost')} onClick={onClear}>
            {t('select.clear')}
          </button>
        </div>
      ) : null}
      {selected.size > 0 && canExport && leftOut.length > 0 ? (
        <p id="bulk-export-left-out" className="text-sm text-muted">
          {t('bulk.exportLeftOut', { count: leftOut.length })}{' '}
          {leftOut.map((order, index) => (
            <span key={order._id}>
              {index > 0 ? t('bulk.listSeparator') : null}
              <bdi dir="ltr" className="font-semibold">
                {order.trackingNumber}
              </bdi>{' '}
              ({t(`bulk.leftOut.${order.reason ?? 'on_hold'}`)})
            </span>
          ))}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {result ? (
        <section aria-label={t('bulk.results')} className="rounded-md bg-white p-2 text-sm" aria-live="polite">
          <p className="font-semibold">{t('bulk.done', { count: result.okCount })}</p>
          {result.failedCount > 0 ? (
            <>
              <p className="mt-1 text-danger">{t('bulk.failed', { count: result.failedCount })}</p>
              <ul className="mt-1 flex flex-col gap-0.5">
                {result.results
                  .filter((r) => !r.ok)
                  .map((r) => (
                    <li key={r.id}>
                      <bdi dir="ltr" className="font-semibold">
                        {r.trackingNumber ?? r.id}
                      </bdi>
                      {' · '}
                      {isolate(r.error?.message ?? '')}
                    </li>
                  ))}
              </ul>
            </>
          ) : null}
          <button type="button" className={buttonClass('ghost', 'mt-1')} onClick={() => setResult(null)}>
            {t('bulk.close')}
          </button>
        </section>
      ) : null}
    </div>
  )
}
