import { useLocale } from '@shop/client-kit'
import {
  type AgentDayFigures,
  type CallFiguresTable,
  type Locale,
  ORDER_SOURCES,
  type OrderSource,
  type OutcomeFigures,
  pickLocalized,
} from '@shop/shared'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { cardTableClasses as c } from '../../../components/ui/table-classes.ts'

/** On phones, where the tables are cards, each figure is named above it (the head row is for screen readers there). */
const NAMED = 'max-md:before:block max-md:before:text-xs max-md:before:text-muted max-md:before:content-[attr(data-label)]'
import { TextField } from '../../../components/ui/text-field.tsx'
import { formatShortDate } from '../../../lib/dates.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { type CallFiguresPeriod, callFiguresCsvHref, useCallFigures } from '../api/use-call-figures.ts'

/** '67 %' / '67‎%‎': a share of 0..1 in the staff member's language, Western digits; '—' when nothing was there to count. */
function formatRate(rate: number | null, locale: Locale): string {
  if (rate === null) return '—'
  return new Intl.NumberFormat(`${locale}-DZ`, { style: 'percent', maximumFractionDigits: 0, numberingSystem: 'latn' }).format(rate)
}

function isOrderSource(key: string): key is OrderSource {
  return (ORDER_SOURCES as readonly string[]).includes(key)
}

/**
 * The confirmation calls of each agent and what became of the orders (by wilaya, product and source) over a period
 * of shop days, the last 30 by default. Each table downloads as CSV for the same period.
 */
export function CallFigures() {
  const { t } = useTranslation(['dashboard', 'orders', 'common'])
  const locale = useLocale()
  const titleId = useId()
  // Nothing asked at first: the API's own period (the last 30 days in Algeria) is shown, and its dates fill the form.
  const [asked, setAsked] = useState<CallFiguresPeriod>({ from: '', to: '' })
  // What the date inputs hold once touched, half-typed dates included, so the browser's editing is never undone.
  const [draft, setDraft] = useState<CallFiguresPeriod | null>(null)
  const figures = useCallFigures(asked)
  const errorMessage = useErrorMessage(figures.error)
  const inputs = draft ?? { from: figures.data?.from ?? '', to: figures.data?.to ?? '' }
  const changePeriod = (next: CallFiguresPeriod) => {
    setDraft(next)
    // Both ends are sent, so moving one date never lets the API move the other. A date still being typed
    // (the input's value is then '') or an end before the start is not asked: the last whole period stays.
    if (next.from && next.to && next.from <= next.to) setAsked(next)
  }

  const minutes = (value: number | null) => {
    if (value === null) return '—'
    const total = Math.round(value)
    if (total < 60) return t('callFigures.minutes', { minutes: total })
    return t('callFigures.hoursMinutes', { hours: Math.floor(total / 60), minutes: String(total % 60).padStart(2, '0') })
  }
  const outcomeLabel = (row: OutcomeFigures, table: CallFiguresTable) =>
    table === 'sources' && isOrderSource(row.key) ? t(`orders:source.${row.key}`) : pickLocalized(row.label.ar, row.label.fr, locale)

  let body: ReactNode
  if (figures.data) {
    const data = figures.data
    // The links export the period the tables show, which is the reply's, not a date still being typed.
    const csv = (table: CallFiguresTable) => callFiguresCsvHref(table, { from: data.from, to: data.to }, locale)
    body = (
      <div
        aria-busy={figures.isPlaceholderData}
        className={`flex flex-col gap-6 ${figures.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        <FiguresTable
          title={t('callFigures.agents.title')}
          csvHref={csv('agents')}
          emptyText={data.agents.length === 0 ? t('callFigures.noCalls') : null}
        >
          <AgentHead />
          <tbody className={c.tbody}>
            {data.agents.map((row) => (
              <AgentRow key={`${row.date}-${row.staffId}`} row={row} locale={locale} minutes={minutes} />
            ))}
          </tbody>
        </FiguresTable>
        {(
          [
            ['wilayas', data.byWilaya],
            ['products', data.byProduct],
            ['sources', data.bySource],
          ] as const
        ).map(([table, rows]) => (
          <FiguresTable
            key={table}
            title={t(`callFigures.${table}.title`)}
            csvHref={csv(table)}
            emptyText={rows.length === 0 ? t('callFigures.noOrders') : null}
          >
            <OutcomeHead label={t(`callFigures.${table}.label`)} />
            <tbody className={c.tbody}>
              {rows.map((row) => (
                <OutcomeRow key={row.key} row={row} label={outcomeLabel(row, table)} locale={locale} />
              ))}
            </tbody>
          </FiguresTable>
        ))}
      </div>
    )
  } else if (figures.isError) {
    body = (
      <ErrorState
        title={t('callFigures.loadError')}
        message={errorMessage}
        onRetry={() => void figures.refetch()}
        isRetrying={figures.isFetching}
      />
    )
  } else {
    body = (
      <div role="status" aria-label={t('common:loading')} className="flex flex-col gap-6">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    )
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-lg font-bold">
        {t('callFigures.title')}
      </h2>
      {/* The form stays when a period fails to load, so the dates can be put right. */}
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="sr-only">{t('callFigures.period')}</legend>
        <div className="w-44">
          <TextField
            label={t('callFigures.from')}
            name="from"
            type="date"
            value={inputs.from}
            max={inputs.to || undefined}
            onChange={(event) => changePeriod({ from: event.target.value, to: inputs.to })}
          />
        </div>
        <div className="w-44">
          <TextField
            label={t('callFigures.to')}
            name="to"
            type="date"
            value={inputs.to}
            min={inputs.from || undefined}
            onChange={(event) => changePeriod({ from: inputs.from, to: event.target.value })}
          />
        </div>
      </fieldset>
      {body}
    </section>
  )
}

interface FiguresTableProps {
  title: string
  csvHref: string
  /** The sentence shown instead of the table when it has no row. */
  emptyText: string | null
  /** The table's head and body. */
  children: ReactNode
}

/** A titled table with its CSV link; the box scrolls sideways on a phone rather than squeezing the figures. */
function FiguresTable({ title, csvHref, emptyText, children }: FiguresTableProps) {
  const { t } = useTranslation('dashboard')
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={titleId} className="text-base font-semibold">
          {title}
        </h3>
        {emptyText === null ? (
          // An empty table is not worth a file; the link returns with the first row.
          <a
            href={csvHref}
            download
            aria-label={t('callFigures.exportOf', { table: title })}
            className="text-sm font-medium text-brand underline-offset-2 hover:underline"
          >
            {t('callFigures.export')}
          </a>
        ) : null}
      </div>
      {emptyText === null ? (
        <div className={`${c.box} md:max-h-[26rem]`}>
          <table className={c.table}>
            <caption className="sr-only">{title}</caption>
            {children}
          </table>
        </div>
      ) : (
        <p className="rounded-lg border border-line bg-white px-4 py-6 text-sm text-muted">{emptyText}</p>
      )}
    </section>
  )
}

function AgentHead() {
  const { t } = useTranslation('dashboard')
  return (
    <thead className={c.thead}>
      <tr>
        <th scope="col" className={c.th}>
          {t('callFigures.agents.date')}
        </th>
        <th scope="col" className={c.th}>
          {t('callFigures.agents.agent')}
        </th>
        {(['calls', 'ordersCalled', 'confirmed', 'confirmationRate', 'firstCalls', 'minutesToFirstCall'] as const).map((column) => (
          <th key={column} scope="col" className={c.thFigure}>
            {t(`callFigures.agents.${column}`)}
          </th>
        ))}
      </tr>
    </thead>
  )
}

interface AgentRowProps {
  row: AgentDayFigures
  locale: Locale
  minutes: (value: number | null) => string
}

function AgentRow({ row, locale, minutes }: AgentRowProps) {
  const { t } = useTranslation('dashboard')
  const named = (column: 'date' | 'agent' | 'calls' | 'ordersCalled' | 'confirmed' | 'confirmationRate' | 'firstCalls' | 'minutesToFirstCall') => ({
    'data-label': t(`callFigures.agents.${column}`),
  })
  return (
    <tr className={c.tr}>
      <td {...named('date')} className={`${c.td} ${NAMED} whitespace-nowrap`}>
        {formatShortDate(`${row.date}T12:00:00+01:00`, locale)}
      </td>
      <th scope="row" {...named('agent')} className={`${c.td} ${NAMED} font-medium`}>
        <bdi>{row.staffName}</bdi>
      </th>
      <td {...named('calls')} className={`${c.tdFigure} ${NAMED}`}>{row.calls}</td>
      <td {...named('ordersCalled')} className={`${c.tdFigure} ${NAMED}`}>{row.ordersCalled}</td>
      <td {...named('confirmed')} className={`${c.tdFigure} ${NAMED}`}>{row.confirmed}</td>
      <td {...named('confirmationRate')} className={`${c.tdFigure} ${NAMED} whitespace-nowrap`}>
        {formatRate(row.confirmationRate, locale)}
      </td>
      <td {...named('firstCalls')} className={`${c.tdFigure} ${NAMED}`}>{row.firstCalls}</td>
      <td {...named('minutesToFirstCall')} className={`${c.tdFigure} ${NAMED} whitespace-nowrap`}>
        {minutes(row.minutesToFirstCall)}
      </td>
    </tr>
  )
}

const OUTCOME_COUNTS = ['orders', 'confirmed', 'shipped', 'delivered', 'returned'] as const
const OUTCOME_RATES = ['confirmationRate', 'deliveryRate', 'returnRate'] as const

interface OutcomeHeadProps {
  /** The first column's name: wilaya, product or source. */
  label: string
}

function OutcomeHead({ label }: OutcomeHeadProps) {
  const { t } = useTranslation('dashboard')
  return (
    <thead className={c.thead}>
      <tr>
        <th scope="col" className={c.th}>
          {label}
        </th>
        {[...OUTCOME_COUNTS, ...OUTCOME_RATES].map((column) => (
          <th key={column} scope="col" className={c.thFigure}>
            {t(`callFigures.outcomes.${column}`)}
          </th>
        ))}
      </tr>
    </thead>
  )
}

interface OutcomeRowProps {
  row: OutcomeFigures
  /** The wilaya's or product's name, or the source's name, in the staff member's language. */
  label: string
  locale: Locale
}

function OutcomeRow({ row, label, locale }: OutcomeRowProps) {
  const { t } = useTranslation('dashboard')
  return (
    <tr className={c.tr}>
      <th scope="row" className={`${c.td} ${c.full} font-medium`}>
        <bdi>{label}</bdi>
      </th>
      {OUTCOME_COUNTS.map((column) => (
        <td key={column} data-label={t(`callFigures.outcomes.${column}`)} className={`${c.tdFigure} ${NAMED}`}>
          {row[column]}
        </td>
      ))}
      {OUTCOME_RATES.map((column) => (
        <td key={column} data-label={t(`callFigures.outcomes.${column}`)} className={`${c.tdFigure} ${NAMED} whitespace-nowrap`}>
          {formatRate(row[column], locale)}
        </td>
      ))}
    </tr>
  )
}
