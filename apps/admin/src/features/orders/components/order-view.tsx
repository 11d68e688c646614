import { useLocale } from '@shop/client-kit'
import type { AdminOrder, OrderStatus } from '@shop/shared'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { OrderStatusChip } from '../../../components/ui/order-status-chip.tsx'
import { PageTitle } from '../../../components/ui/page-title.tsx'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ApiError } from '../../../lib/api.ts'
import { isolate } from '../../../lib/bidi.ts'
import { formatDateTime } from '../../../lib/dates.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { type OrderAction, useOrder, useOrderAction } from '../api/use-order.ts'
import { CallOutcomeForm } from './call-outcome-form.tsx'
import { ConfirmLinkField } from './confirm-link-field.tsx'
import { ConflictBanner } from './conflict-banner.tsx'
import { DeliverySlip } from './delivery-slip.tsx'
import { OrderCustomer } from './order-customer.tsx'
import { OrderEditPanel } from './order-edit-panel.tsx'
import { OrderHistory } from './order-history.tsx'
import { OrderItems } from './order-items.tsx'
import { ReturnRequests } from './return-requests.tsx'
import { ShippingPanel } from './shipping-panel.tsx'
import { useCan } from '../../../lib/use-can.ts'
import { StaffNotes } from './staff-notes.tsx'
import { StatusMoves } from './status-moves.tsx'
import { TrackingIdForm } from './tracking-id-form.tsx'

export interface OrderViewProps {
  orderId: string
  /** What the route shows of the customer beside the call (the customer card, another feature). */
  customer?: (order: AdminOrder) => ReactNode
}

function readListSearch(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'listSearch' in state && typeof state.listSearch === 'string') {
    return state.listSearch
  }
  return ''
}

/** One order: what was bought, by whom, where; the call, the status moves, payment, returns and the slip. */
export function OrderView({ orderId, customer }: OrderViewProps) {
  const { t } = useTranslation(['orders', 'common'])
  const locale = useLocale()
  const location = useLocation()
  const page = useOrder(orderId)
  const action = useOrderAction(orderId)
  const loadError = useErrorMessage(page.error)
  const actionError = useErrorMessage(action.error)
  const isConflict = action.error instanceof ApiError && action.error.code === 'ORDER_CONFLICT'
  // bumped to start the forms again from the server's values: only when staff choose to drop what they typed
  const [formsKey, setFormsKey] = useState(0)
  // payments and returns are for managers and the owner; agents see them without the buttons
  const canManage = useCan('orders.manage')
  const listSearch = readListSearch(location.state)
  const backTo = `/orders${listSearch ? `?${listSearch}` : ''}`

  if (!page.data) {
    if (page.isError) {
      return (
        <ErrorState
          title={t('detail.loadError')}
          message={loadError}
          onRetry={() => void page.refetch()}
          isRetrying={page.isFetching}
        />
      )
    }
    return (
      <div role="status" aria-label={t('common:loading')} className="flex flex-col gap-4">
        <Skeleton className="h-8 w-64" />
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
        </div>
      </div>
    )
  }

  const { order, history, returnRequests, allowedMoves, staffNotes = [] } = page.data
  const run = async (next: OrderAction): Promise<boolean> => {
    try {
      await action.mutateAsync(next)
      return true
    } catch {
      return false
    }
  }
  const isBusy = action.isPending || page.isFetching
  const canMarkPaid = canManage && order.paymentMethod !== 'cash_on_delivery' && order.paymentStatus === 'unpaid'

  return (
    <>
      <PageTitle page={t('detail.title', { number: isolate(order.trackingNumber) })} />
      <div className="flex flex-col gap-4 print:hidden">
        <Link to={backTo} className="self-start text-sm text-muted underline-offset-2 hover:underline">
          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
            ←
          </span>{' '}
          {t('detail.back')}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-xl font-bold">
              {t('detail.heading')} <bdi dir="ltr">{order.trackingNumber}</bdi>
            </h1>
            <OrderStatusChip status={order.status} />
            {order.onHold ? (
              <span className="inline-flex items-center rounded-full bg-danger px-2.5 py-0.5 text-xs font-semibold text-white">{t('detail.onHold')}</span>
            ) : null}
            {order.source !== 'storefront' ? (
              <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold" data-testid="order-source">
                {t('source.label')}: {t(`source.${order.source}`)}
              </span>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted">{formatDateTime(order.createdAt, locale)}</span>
            <button type="button" className={buttonClass('secondary')} onClick={() => window.print()}>
              {t('detail.print')}
            </button>
          </div>
        </div>

        {isConflict ? (
          <ConflictBanner
            isReloading={page.isFetching}
            onReload={async () => {
              await page.refetch()
              action.reset()
            }}
            onDiscard={async () => {
              await page.refetch()
              action.reset()
              setFormsKey((n) => n + 1)
            }}
          />
        ) : actionError ? (
          <p role="alert" className="rounded-md border border-danger/30 bg-white px-3 py-2 text-sm text-danger">
            {actionError}
          </p>
        ) : null}

        <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="flex min-w-0 flex-col gap-4">
            <OrderItems order={order} />
            <OrderEditPanel key={`edit-${order.version}`} order={order} />
            <OrderCustomer order={order} />
            <ReturnRequests
              requests={returnRequests}
              isBusy={isBusy}
              onUpdate={canManage ? (requestId, status, note) => run({ kind: 'returnRequest', requestId, status, note }) : undefined}
            />
            <StaffNotes notes={staffNotes} isBusy={isBusy} onAdd={(text) => run({ kind: 'staffNote', text })} />
            <OrderHistory entries={history} />
          </div>
          {/* On a phone the call and the moves come first: staff call from their phones. */}
          <div className="order-first flex min-w-0 flex-col gap-4 lg:order-none">
            {order.status === 'pending' ? (
              <CallOutcomeForm
                phone={order.phone}
                customerNote={order.customerNote ?? order.notes}
                attempts={order.callAttempts}
                isBusy={isBusy}
                onRecord={(outcome, note) => run({ kind: 'call', outcome, note, version: order.version })}
              />
            ) : null}
            {customer?.(order)}
            {page.data.confirmLink ? <ConfirmLinkField link={`${window.location.origin}${page.data.confirmLink}?lang=${order.locale}`} /> : null}
            <StatusMoves
              moves={allowedMoves}
              isBusy={isBusy}
              onMove={(status: OrderStatus, note) => run({ kind: 'status', status, note, version: order.version })}
            />
            {order.paymentMethod !== 'cash_on_delivery' ? (
              <SectionCard title={t('payment.title')}>
                <p className="text-sm">
                  {t(`paymentMethod.${order.paymentMethod}`)} · <strong>{t(`paymentStatus.${order.paymentStatus}`)}</strong>
                  {order.paidAt ? <span className="text-muted"> · {formatDateTime(order.paidAt, locale)}</span> : null}
                </p>
                {canMarkPaid ? (
                  <button
                    type="button"
                    disabled={isBusy}
                    className={buttonClass('primary', 'mt-3')}
                    onClick={() => void run({ kind: 'markPaid', version: order.version })}
                  >
                    {t('payment.markPaid')}
                  </button>
                ) : null}
              </SectionCard>
            ) : null}
            <ShippingPanel order={order} canExchange={canManage} />
            <TrackingIdForm
              key={formsKey}
              deliveryTrackingId={order.deliveryTrackingId ?? ''}
              isBusy={isBusy}
              onSave={(deliveryTrackingId) => run({ kind: 'edit', deliveryTrackingId, version: order.version })}
            />
          </div>
        </div>
      </div>
      <DeliverySlip order={order} />
    </>
  )
}
