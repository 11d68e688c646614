import { useLocale } from '@shop/client-kit'
import { AUDIT_KINDS, type AuditEntry, type AuditKind, type auditLogReply, formatPrice, isStaffRole, type Locale, ORDER_STATUSES, type OrderStatus, textDirection } from '@shop/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { Pagination } from '../../components/ui/pagination.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { api } from '../../lib/api.ts'
import { formatDateTime } from '../../lib/dates.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'

/** Amounts in whole dinars, shown with the dinar sign. */
const auditKeys = {
  page: (kind: string, page: number) => ['audit-log', kind, page] as const,
}

const MONEY_FIELDS = new Set([
  'price', 'compareAtPrice', 'domicil', 'stopdesk', 'returnPrice', 'defaultHomeFee', 'defaultStopdeskFee', 'defaultReturnFee', 'total', 'minOrder',
])
const DATE_FIELDS = new Set(['startsAt', 'expiresAt'])

const isKind = (value: string | null): value is AuditKind => (AUDIT_KINDS as readonly string[]).includes(value ?? '')

type ShopT = TFunction<['shop', 'common']>

function formatValue(field: string, value: unknown, t: ShopT, locale: Locale, entry: AuditEntry): string {
  if (value === null || value === undefined) return '—'
  if (value === 'default') return t('audit.defaultFee')
  if (typeof value === 'boolean') return value ? t('audit.yes') : t('audit.no')
  if (field === 'password') return t('audit.changed')
  if (field === 'status' && (ORDER_STATUSES as readonly string[]).includes(String(value))) return t(`common:orderStatus.${value as OrderStatus}`)
  if (field === 'role' && isStaffRole(value)) return t(`common:staff.role.${value}`)
  // a percentage coupon's value is a percentage, not dinars
  const isPercent = field === 'value' && (entry.after?.type ?? entry.before?.type) === 'percentage'
  if (typeof value === 'number' && (MONEY_FIELDS.has(field) || (field === 'value' && !isPercent))) return formatPrice(value, locale)
  if (typeof value === 'number' && isPercent) return `${value} %`
  if (typeof value === 'string' && DATE_FIELDS.has(field)) return formatDateTime(value, locale)
  return String(value)
}

/** 'Price: 8 900 DA → 1 DA' lines, one per changed field. */
function changeLines(entry: AuditEntry, t: ShopT, locale: Locale): { field: string; text: string }[] {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])]
  return fields.map((field) => {
    const label = t(`audit.field.${field}` as 'audit.field.price', { defaultValue: field })
    const hasBefore = entry.before !== null && field in entry.before
    const hasAfter = entry.after !== null && field in entry.after
    const was = hasBefore ? formatValue(field, entry.before?.[field], t, locale, entry) : ''
    const now = hasAfter ? formatValue(field, entry.after?.[field], t, locale, entry) : t('audit.removed')
    // the arrow points from the old value to the new one in the reading direction
    const arrow = textDirection(locale) === 'rtl' ? '←' : '→'
    return { field, text: hasBefore ? `${label}: ${was} ${arrow} ${now}` : `${label}: ${now}` }
  })
}

function entityName(entry: AuditEntry, t: ShopT): string {
  if (entry.entity === 'delivery_defaults') return t('audit.defaults')
  if (entry.entity === 'delivery_price') return t('audit.wilaya', { code: entry.label ?? entry.entityId ?? '' })
  const kind = t(`audit.entity.${entry.entity}` as 'audit.entity.product', { defaultValue: entry.entity })
  return entry.label ? `${kind} ${entry.label}` : kind
}

/**
 * The owner's record of money-relevant changes (prices, fees, coupons, deletions, status moves,
 * payments, staff accounts): newest first, by kind, one card per change so it reads on a phone.
 */
export function AuditLogScreen() {
  const { t } = useTranslation(['shop', 'common'])
  const locale = useLocale()
  const [search, setSearch] = useSearchParams()
  const kind = isKind(search.get('kind')) ? (search.get('kind') as AuditKind) : undefined
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1)
  const log = useQuery({
    queryKey: auditKeys.page(kind ?? 'all', page),
    queryFn: ({ signal }) =>
      api<typeof auditLogReply>(`/admin/audit-log?${new URLSearchParams({ ...(kind ? { kind } : {}), page: String(page), limit: '30' })}`, { signal }),
    placeholderData: keepPreviousData,
  })
  const errorMessage = useErrorMessage(log.error)
  const go = (next: { kind?: AuditKind | undefined; page?: number }) => {
    const params = new URLSearchParams()
    const nextKind = 'kind' in next ? next.kind : kind
    if (nextKind) params.set('kind', nextKind)
    if (next.page && next.page > 1) params.set('page', String(next.page))
    setSearch(params)
  }

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('audit.title')}</h1>
      <div className="max-w-xs">
        <SelectField
          label={t('audit.filter')}
          value={kind ?? ''}
          onChange={(event) => go({ kind: isKind(event.target.value) ? event.target.value : undefined })}
          options={[{ value: '', label: t('audit.all') }, ...AUDIT_KINDS.map((value) => ({ value, label: t(`audit.kind.${value}`) }))]}
        />
      </div>
      {log.data ? (
        log.data.entries.length === 0 ? (
          <p className="rounded-lg border border-line bg-white px-4 py-8 text-center text-sm text-muted">{t('audit.empty')}</p>
        ) : (
          <>
            <ul aria-label={t('audit.title')} className={`flex flex-col gap-2 ${log.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>
              {log.data.entries.map((entry) => (
                <li key={entry._id} className="rounded-lg border border-line bg-white p-3 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                    <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand">{t(`audit.kind.${entry.kind}`)}</span>
                    <time dateTime={entry.createdAt} className="text-xs text-muted tabular-nums">
                      {formatDateTime(entry.createdAt, locale)}
                    </time>
                  </div>
                  <p className="mt-2 font-medium break-words">
                    <bdi>{entityName(entry, t)}</bdi> · {t(`audit.action.${entry.action}` as 'audit.action.update', { defaultValue: entry.action })}
                  </p>
                  <ul className="mt-1 flex flex-col gap-0.5 text-ink">
                    {changeLines(entry, t, locale).map((line) => (
                      <li key={line.field} className="break-words">
                        <bdi>{line.text}</bdi>
                      </li>
                    ))}
                  </ul>
                  <p className="mt-1 text-xs text-muted">
                    {t('audit.by', { name: entry.staffName })}
                  </p>
                </li>
              ))}
            </ul>
            <Pagination page={log.data.currentPage} totalPages={log.data.totalPages} onPage={(next) => go({ page: next })} />
          </>
        )
      ) : log.isError ? (
        <ErrorState title={t('audit.loadError')} message={errorMessage} onRetry={() => void log.refetch()} isRetrying={log.isFetching} />
      ) : (
        <div role="status" aria-label={t('common:loading')}>
          <Skeleton className="h-40" />
        </div>
      )}
    </div>
  )
}
