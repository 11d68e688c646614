import { useLocale } from '@shop/client-kit'
import { formatPrice, type ledgerRow, type statementReply } from '@shop/shared'
import { type FormEvent, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { z } from 'zod'
import { buttonClass } from '../../components/ui/button-class.ts'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { FormMessage } from '../../components/ui/form-message.tsx'
import { Pagination } from '../../components/ui/pagination.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { cardTableClasses as c, tableClasses as tc } from '../../components/ui/table-classes.ts'
import { TextField } from '../../components/ui/text-field.tsx'
import { TextareaField } from '../../components/ui/textarea-field.tsx'
import { ApiError } from '../../lib/api.ts'
import { formatDateTime } from '../../lib/dates.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'
import { type LedgerPeriod, type ParcelFilter, useImportStatement, useLedger, useLedgerParcels } from './use-courier-ledger.ts'

type LedgerRow = z.infer<typeof ledgerRow>
type Selection = { account: LedgerRow; filter: ParcelFilter }

/**
 * The cash the couriers collected for the shop (issue 17): per courier account, the parcels delivered and the
 * cash collected, their fees, what is due, paid out and still owed, and the returns, over a period of the
 * shop's days. A figure opens its parcels; a courier without a payout API is settled by importing its statement.
 */
export function CourierMoneyScreen() {
  const { t } = useTranslation('couriers')
  const locale = useLocale()
  const [period, setPeriod] = useState<LedgerPeriod>({ from: '', to: '' })
  const [selected, setSelected] = useState<Selection | null>(null)
  const [importing, setImporting] = useState<LedgerRow | null>(null)
  const ledger = useLedger(period)
  const loadError = useErrorMessage(ledger.error)
  const price = (amount: number) => formatPrice(amount, locale)

  const figure = (account: LedgerRow, filter: ParcelFilter, label: string, text: string) => (
    <button
      type="button"
      className="tabular-nums text-brand underline-offset-2 hover:underline"
      aria-label={`${account.name}: ${label} ${text}`}
      aria-pressed={selected?.account.accountId === account.accountId && selected.filter === filter}
      onClick={() => setSelected({ account, filter })}
    >
      <bdi>{text}</bdi>
    </button>
  )

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('money.title')}</h1>
      <p className="text-sm text-muted">{t('money.intro')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-44">
          <TextField label={t('money.from')} name="from" type="date" value={period.from} max={period.to || undefined} onChange={(e) => setPeriod({ ...period, from: e.target.value })} />
        </div>
        <div className="w-44">
          <TextField label={t('money.to')} name="to" type="date" value={period.to} min={period.from || undefined} onChange={(e) => setPeriod({ ...period, to: e.target.value })} />
        </div>
        {period.from || period.to ? (
          <button type="button" className={buttonClass('ghost')} onClick={() => setPeriod({ from: '', to: '' })}>
            {t('money.allTime')}
          </button>
        ) : null}
      </div>
      {ledger.data ? (
        ledger.data.length === 0 ? (
          <p className="rounded-lg border border-line bg-white px-4 py-8 text-center text-sm text-muted">{t('money.empty')}</p>
        ) : (
          <div className={c.box}>
            <table className={c.table}>
              <caption className="sr-only">{t('money.caption')}</caption>
              <thead className={c.thead}>
                <tr>
                  <th scope="col" className={c.th}>{t('money.courier')}</th>
                  <th scope="col" className={c.thFigure}>{t('money.delivered')}</th>
                  <th scope="col" className={c.thFigure}>{t('money.collected')}</th>
                  <th scope="col" className={c.thFigure}>{t('money.fees')}</th>
                  <th scope="col" className={c.thFigure}>{t('money.netDue')}</th>
                  <th scope="col" className={c.thFigure}>{t('money.paidOut')}</th>
                  <th scope="col" className={c.thFigure}>{t('money.stillOwed')}</th>
                  <th scope="col" className={c.thFigure}>{t('money.returned')}</th>
                  <th scope="col" className={c.th}>{t('money.actions')}</th>
                </tr>
              </thead>
              <tbody className={c.tbody}>
                {ledger.data.map((account) => (
                  <tr key={account.accountId} className={c.tr}>
                    <th scope="row" className={`${c.td} ${c.full} font-semibold`}>
                      <bdi>{account.name}</bdi>
                    </th>
                    <FigureCell label={t('money.delivered')}>
                      {figure(account, 'owed', t('money.delivered'), String(account.deliveredCount))}
                    </FigureCell>
                    <FigureCell label={t('money.collected')}>
                      <bdi>{price(account.collected)}</bdi>
                    </FigureCell>
                    <FigureCell label={t('money.fees')}>
                      <bdi>{price(account.fees)}</bdi>
                    </FigureCell>
                    <FigureCell label={t('money.netDue')}>
                      <bdi>{price(account.netDue)}</bdi>
                    </FigureCell>
                    <FigureCell label={t('money.paidOut')}>
                      {figure(account, 'paid', t('money.paidOut'), price(account.paidOut))}
                    </FigureCell>
                    <FigureCell label={t('money.stillOwed')} emphasis>
                      {figure(account, 'owed', t('money.stillOwed'), price(account.stillOwed))}
                    </FigureCell>
                    <FigureCell label={t('money.returned')}>
                      {figure(account, 'returned', t('money.returned'), t('money.returnedValue', { count: account.returnedCount, fees: price(account.returnFees) }))}
                    </FigureCell>
                    <td className={`${c.td} ${c.full}`}>
                      <button type="button" className={buttonClass('secondary')} onClick={() => setImporting(importing?.accountId === account.accountId ? null : account)}>
                        {t('money.import')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : ledger.isError ? (
        <ErrorState title={t('money.loadError')} message={loadError} onRetry={() => void ledger.refetch()} isRetrying={ledger.isFetching} />
      ) : (
        <Skeleton className="h-40" />
      )}
      {importing ? <StatementForm key={importing.accountId} account={importing} onClose={() => setImporting(null)} /> : null}
      {selected ? <ParcelList key={`${selected.account.accountId}:${selected.filter}`} selection={selected} period={period} onClose={() => setSelected(null)} /> : null}
    </div>
  )
}

function ParcelList({ selection, period, onClose }: { selection: Selection; period: LedgerPeriod; onClose: () => void }) {
  const { t } = useTranslation('couriers')
  const locale = useLocale()
  const [page, setPage] = useState(1)
  const list = useLedgerParcels(selection.account.accountId, selection.filter, period, page)
  const loadError = useErrorMessage(list.error)
  const price = (amount: number | null) => (amount === null ? '—' : formatPrice(amount, locale))
  const title = t(`money.parcels.${selection.filter}`, { name: selection.account.name })
  return (
    <section aria-label={title} className="flex flex-col gap-2 rounded-lg border border-line bg-white p-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">
          <bdi>{title}</bdi>
        </h2>
        <button type="button" className={buttonClass('ghost')} onClick={onClose}>
          {t('money.close')}
        </button>
      </div>
      {list.data ? (
        list.data.parcels.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted">{t('money.parcels.empty')}</p>
        ) : (
          <>
            <div className={tc.box}>
              <table className={tc.table}>
                <caption className="sr-only">{title}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={tc.th}>{t('money.parcels.tracking')}</th>
                    <th scope="col" className={tc.th}>{t('money.parcels.order')}</th>
                    <th scope="col" className={tc.th}>{t('money.parcels.customer')}</th>
                    <th scope="col" className={tc.thFigure}>{t('money.parcels.cod')}</th>
                    <th scope="col" className={tc.thFigure}>{t('money.fees')}</th>
                    <th scope="col" className={tc.thFigure}>{t('money.parcels.net')}</th>
                    <th scope="col" className={tc.th}>{t('money.parcels.payout')}</th>
                    <th scope="col" className={tc.th}>{t('money.parcels.settledAt')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.parcels.map((p) => (
                    <tr key={p._id}>
                      <td className={tc.td}>
                        <bdi dir="ltr">{p.tracking}</bdi>
                      </td>
                      <td className={tc.td}>
                        <Link className="text-brand hover:underline" to={`/orders/${p.orderId}`}>
                          <bdi dir="ltr">{p.orderNumber}</bdi>
                        </Link>
                      </td>
                      <td className={tc.td}>
                        <bdi>{p.customer}</bdi>
                      </td>
                      <td className={tc.tdFigure}>{price(p.codAmount)}</td>
                      <td className={tc.tdFigure}>{price(p.status === 'returned' ? p.returnFee : p.deliveryFee)}</td>
                      <td className={tc.tdFigure}>{price(p.net)}</td>
                      <td className={tc.td}>
                        {t(`money.payout.${p.payoutStatus}`)}
                        {p.payoutId ? (
                          <>
                            {' '}
                            <bdi dir="ltr" className="text-xs text-muted">{p.payoutId}</bdi>
                          </>
                        ) : null}
                        {p.paidOutAt ? <div className="text-xs text-muted">{formatDateTime(String(p.paidOutAt), locale)}</div> : null}
                      </td>
                      <td className={tc.td}>{formatDateTime(String(p.settledAt), locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={page} totalPages={list.data.pages} onPage={setPage} />
          </>
        )
      ) : list.isError ? (
        <ErrorState title={t('money.loadError')} message={loadError} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      ) : (
        <Skeleton className="h-24" />
      )}
    </section>
  )
}

function StatementForm({ account, onClose }: { account: LedgerRow; onClose: () => void }) {
  const { t } = useTranslation('couriers')
  const locale = useLocale()
  const [csv, setCsv] = useState('')
  const [result, setResult] = useState<z.infer<typeof statementReply> | null>(null)
  const importing = useImportStatement(account.accountId)
  const generic = useErrorMessage(importing.error)
  const error = importing.error instanceof ApiError && importing.error.fieldErrors[0] ? importing.error.fieldErrors[0].message : generic
  const title = t('money.statement.title', { name: account.name })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setResult(null)
    importing.mutate(csv, { onSuccess: setResult })
  }
  return (
    <section aria-label={title} className="flex flex-col gap-2 rounded-lg border border-line bg-white p-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">
          <bdi>{title}</bdi>
        </h2>
        <button type="button" className={buttonClass('ghost')} onClick={onClose}>
          {t('money.close')}
        </button>
      </div>
      <p className="text-sm text-muted">{t('money.statement.help')}</p>
      <form className="flex flex-col gap-2" onSubmit={submit}>
        <TextareaField label={t('money.statement.csv')} rows={6} dir="ltr" value={csv} onChange={(e) => setCsv(e.target.value)} />
        <label className="text-sm">
          <span className="mb-1 block text-muted">{t('money.statement.file')}</span>
          <input type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void e.target.files?.[0]?.text().then(setCsv)} />
        </label>
        <FormMessage tone="error">{error}</FormMessage>
        <div>
          <button type="submit" className={buttonClass('primary')} disabled={importing.isPending || csv.trim() === ''}>
            {t('money.statement.submit')}
          </button>
        </div>
      </form>
      {result ? (
        <div className="flex flex-col gap-2">
          <p role="status" className="text-sm font-semibold">
            {t('money.statement.summary', { matched: result.matched, differs: result.differs, alreadyPaid: result.alreadyPaid, unknown: result.unknown + result.notDelivered })}
          </p>
          <ul aria-label={t('money.statement.lines')} className="flex flex-col gap-1 text-sm">
            {result.lines.map((line) => (
              <li key={line.line} className={line.outcome === 'matched' ? '' : 'text-danger'}>
                {t('money.statement.line', { line: line.line })} <bdi dir="ltr">{line.tracking}</bdi>{' '}
                {t(`money.statement.outcome.${line.outcome}`, { amount: formatPrice(line.amount, locale), expected: line.expected === null ? '' : formatPrice(line.expected, locale) })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

/** One figure of a courier's row: its label shown above it on a phone (the table's header on a wide screen). */
function FigureCell({ label, emphasis = false, children }: { label: string; emphasis?: boolean; children: ReactNode }) {
  return (
    <td className={emphasis ? `${c.tdFigure} font-semibold` : c.tdFigure}>
      <span className={c.label}>{label}</span>
      {children}
    </td>
  )
}
