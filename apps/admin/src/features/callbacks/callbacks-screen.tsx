import { useLocale } from '@shop/client-kit'
import { type AdminDraft, pickLocalized } from '@shop/shared'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { buttonClass } from '../../components/ui/button-class.ts'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { Pagination } from '../../components/ui/pagination.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { formatDateTime } from '../../lib/dates.ts'
import { shopSettingsQuery } from '../../lib/shop-settings.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'
import { useCallbacks, useDismissCallback } from './callbacks-api.ts'
import { DraftOrderForm } from './draft-order-form.tsx'

/** 0661234567 → 213661234567, the international form wa.me links take. */
function internationalNumber(phone: string): string {
  return `213${phone.slice(1)}`
}

function CallbackCard({ draft, onCreated }: { draft: AdminDraft; onCreated: (order: { _id: string; trackingNumber: string }) => void }) {
  const { t, i18n } = useTranslation('callbacks')
  const locale = useLocale()
  const settings = useQuery(shopSettingsQuery)
  const [isOrdering, setIsOrdering] = useState(false)
  const dismiss = useDismissCallback(draft._id)
  const dismissError = useErrorMessage(dismiss.error)
  const name = `${draft.firstName} ${draft.lastName}`.trim()
  const variant = [draft.size, draft.color].filter(Boolean).join(' · ')
  // the WhatsApp message is in the shopper's language (the one the product page was read in), not staff's
  const inTheirLanguage = i18n.getFixedT(draft.locale, 'callbacks')
  const message = inTheirLanguage('whatsapp.message', {
    name: draft.firstName,
    product: draft.productName,
    variant: variant ? ` (${variant})` : '',
    shop: settings.data ? pickLocalized(settings.data.name.ar, settings.data.name.fr, draft.locale) : inTheirLanguage('whatsapp.shop'),
  })
  const headingId = `callback-${draft._id}`

  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-line bg-white p-3 md:p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h2 id={headingId} dir="auto" className="text-base font-semibold">
            {name}
          </h2>
          <p className="text-sm">
            <bdi dir="ltr" className="font-semibold tabular-nums">
              {draft.phone}
            </bdi>
          </p>
        </div>
        <p className="text-xs text-muted tabular-nums">{t('list.leftAt', { date: formatDateTime(draft.updatedAt, locale) })}</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('list.product')}</dt>
        <dd dir="auto" className="font-medium">
          {draft.productName}
          {variant ? <span className="ms-1 text-muted">({variant})</span> : null}
          <span className="ms-1 text-muted">× {draft.quantity}</span>
        </dd>
        <dt className="text-muted">{t('list.place')}</dt>
        <dd>{draft.wilayaName ? [draft.wilayaName, draft.communeName].filter(Boolean).join(' — ') : t('list.noPlace')}</dd>
        <dt className="text-muted">{t('list.language')}</dt>
        <dd>{t(`list.languages.${draft.locale}`)}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <a href={`tel:${draft.phone}`} className={buttonClass('secondary')} aria-label={t('list.callOf', { name })}>
          {t('list.call')}
        </a>
        <a
          href={`https://wa.me/${internationalNumber(draft.phone)}?text=${encodeURIComponent(message)}`}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary')}
          aria-label={t('list.whatsappOf', { name })}
        >
          {t('list.whatsapp')}
        </a>
        <button type="button" className={buttonClass('primary')} aria-expanded={isOrdering} onClick={() => setIsOrdering((open) => !open)}>
          {t('list.createOrder')}
        </button>
        <button
          type="button"
          className={buttonClass('ghost')}
          disabled={dismiss.isPending}
          aria-label={t('list.dismissOf', { name })}
          onClick={() => dismiss.mutate()}
        >
          {t('list.dismiss')}
        </button>
      </div>
      {dismissError ? (
        <p role="alert" className="text-sm text-danger">
          {dismissError}
        </p>
      ) : null}
      {isOrdering ? <DraftOrderForm draft={draft} onCreated={onCreated} onCancel={() => setIsOrdering(false)} /> : null}
    </li>
  )
}

/**
 * The call-back list: quick orders a shopper filled (a name and a valid phone) and left, newest first. Each
 * one is called or messaged, then turned into an order or dismissed; drafts leave the list by themselves
 * when they expire or when the shopper orders after all.
 */
export function CallbacksScreen() {
  const { t } = useTranslation(['callbacks', 'common'])
  const [search, setSearch] = useSearchParams()
  const pageParam = Number(search.get('page'))
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1
  const callbacks = useCallbacks(page)
  const errorMessage = useErrorMessage(callbacks.error)
  const [created, setCreated] = useState<{ _id: string; trackingNumber: string } | null>(null)

  const setPage = (next: number) => setSearch(next > 1 ? new URLSearchParams({ page: String(next) }) : new URLSearchParams())

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-xl font-bold">{t('title')}</h1>
        <p className="text-sm text-muted">{t('intro')}</p>
      </div>
      {created ? (
        <p role="status" className="rounded-md bg-brand-soft px-3 py-2 text-sm text-brand">
          {t('created')}{' '}
          <Link to={`/orders/${created._id}`} className="font-semibold underline underline-offset-2">
            <bdi dir="ltr">{created.trackingNumber}</bdi>
          </Link>
        </p>
      ) : null}
      {callbacks.data ? (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {t('count', { count: callbacks.data.total })}
          </p>
          {callbacks.data.drafts.length === 0 ? (
            <p className="rounded-lg border border-line bg-white px-4 py-8 text-center text-sm text-muted">{t('empty')}</p>
          ) : (
            <ul className={`flex flex-col gap-3 ${callbacks.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>
              {callbacks.data.drafts.map((draft) => (
                <CallbackCard key={draft._id} draft={draft} onCreated={setCreated} />
              ))}
            </ul>
          )}
          <Pagination page={callbacks.data.currentPage} totalPages={callbacks.data.totalPages} onPage={setPage} />
        </>
      ) : callbacks.isError ? (
        <ErrorState title={t('loadError')} message={errorMessage} onRetry={() => void callbacks.refetch()} isRetrying={callbacks.isFetching} />
      ) : (
        <div role="status" aria-label={t('common:loading')} className="flex flex-col gap-3">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      )}
    </div>
  )
}
