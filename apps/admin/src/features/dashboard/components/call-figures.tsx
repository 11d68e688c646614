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

import { TextField } from '../../../components/ui/text-field.tsx'
import { formatShortDate } from '../../../lib/dates.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { type CallFiguresPeriod, callFiguresCsvHref, useCallFigures } from '../api/use-call-figures.ts'

/** On phones, where the tables are cards, each figure is named above it (the head row is for screen readers there). */
const NAMED = 'max-md:before:block max-md:before:text-xs max-md:before:text-muted max-md:before:content-[attr(data-label)]'

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

  const agentColumns: Column<AgentDayFigures>[] = [
    { label: t('callFigures.agents.date'), nowrap: true, cell: (row) => formatShortDate(`${row.date}T12:00:00+01:00`, locale) },
    { label: t('callFigures.agents.agent'), rowHeader: true, cell: (row) => row.staffName },
    ...(['calls', 'ordersCalled', 'confirmed'] as const).map((key) => ({ label: t(`callFigures.agents.${key}`), figure: true, cell: (row: AgentDayFigures) => row[key] })),
    { label: t('callFigures.agents.confirmationRate'), figure: true, nowrap: true, cell: (row) => formatRate(row.confirmationRate, locale) },
    { label: t('callFigures.agents.firstCalls'), figure: true, cell: (row) => row.firstCalls },
    { label: t('callFigures.agents.minutesToFirstCall'), figure: true, nowrap: true, cell: (row) => minutes(row.minutesToFirstCall) },
  ]
  const outcomeColumns = (table: Exclude<CallFiguresTable, 'agents'>): Column<OutcomeFigures>[] => [
    // the card's title on a phone: not named above it
    { label: t(`callFigures.${table}.label`), rowHeader: true, unnamed: true, cell: (row) => outcomeLabel(row, table) },
    ...OUTCOME_COUNTS.map((key) => ({ label: t(`callFigures.outcomes.${key}`), figure: true, cell: (row: OutcomeFigures) => row[key] })),
    ...OUTCOME_RATES.map((key) => ({ label: t(`callFigures.outcomes.${key}`), figure: true, nowrap: true, cell: (row: OutcomeFigures) => formatRate(row[key], locale) })),
  ]

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
          <FigureRows columns={agentColumns} rows={data.agents} rowKey={(row) => `${row.date}-${row.staffId}`} />
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
            <FigureRows columns={outcomeColumns(table)} rows={rows} rowKey={(row) => row.key} />
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

const OUTCOME_COUNTS = ['orders', 'confirmed', 'shipped', 'delivered', 'returned'] as const
const OUTCOME_RATES = ['confirmationRate', 'deliveryRate', 'returnRate'] as const

/** A column of a figures table: its name (head cell, and above the value on a phone) and its cell. */
interface Column<Row> {
  label: string
  cell: (row: Row) => ReactNode
  /** A figure (aligned as numbers) rather than a text. */
  figure?: boolean
  /** The row's name: a row header, in its own direction. */
  rowHeader?: boolean
  /** Not named above its value on a phone (the row's name heading its card). */
  unnamed?: boolean
  nowrap?: boolean
}

interface FigureRowsProps<Row> {
  columns: Column<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string
}

/** The head and body of a figures table, one cell per column for each row. */
function FigureRows<Row>({ columns, rows, rowKey }: FigureRowsProps<Row>) {
  return (
    <>
      <thead className={c.thead}>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={column.figure ? c.thFigure : c.th}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={c.tbody}>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={c.tr}>
            {columns.map((column) => {
              const className = [
                column.figure ? c.tdFigure : c.td,
                column.unnamed ? c.full : NAMED,
                column.rowHeader ? 'font-medium' : '',
                column.nowrap ? 'whitespace-nowrap' : '',
              ]
                .filter(Boolean)
                .join(' ')
              const label = column.unnamed ? undefined : column.label
              return column.rowHeader ? (
                <th key={column.label} scope="row" data-label={label} className={className}>
                  <bdi>{column.cell(row)}</bdi>
                </th>
              ) : (
                <td key={column.label} data-label={label} className={className}>
                  {column.cell(row)}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </>
  )
}
