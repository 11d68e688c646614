import { useLocale } from '@shop/client-kit'
import { isLocale } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { buttonClass } from '../../components/ui/button-class.ts'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { Pagination } from '../../components/ui/pagination.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { tableClasses as c } from '../../components/ui/table-classes.ts'
import { formatDateTime } from '../../lib/dates.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'
import { readPage, useSubscriptions } from './inbox-api.ts'

/** Newsletter subscribers, newest first, and the whole list as CSV for the mailing tool. */
export function NewsletterScreen() {
  const { t } = useTranslation(['inbox', 'common'])
  const locale = useLocale()
  const [search, setSearch] = useSearchParams()
  const page = readPage(search)
  const subscriptions = useSubscriptions(page)
  const errorMessage = useErrorMessage(subscriptions.error)
  const setPage = (next: number) => setSearch(next > 1 ? new URLSearchParams({ page: String(next) }) : new URLSearchParams())

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">{t('newsletter.title')}</h1>
        <a href="/api/v1/admin/newsletter/export.csv" download className={buttonClass('secondary')}>
          {t('newsletter.export')}
        </a>
      </div>
      {subscriptions.data ? (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {t('newsletter.count', { count: subscriptions.data.total })}
          </p>
          {subscriptions.data.subscriptions.length === 0 ? (
            <p className="rounded-lg border border-line bg-white px-4 py-8 text-center text-sm text-muted">
              {t('newsletter.empty')}
            </p>
          ) : (
            <div className={`${c.box} ${subscriptions.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>
              <table className={c.table} aria-label={t('newsletter.tableLabel')}>
                <thead>
                  <tr>
                    <th scope="col" className={c.th}>{t('newsletter.email')}</th>
                    <th scope="col" className={c.th}>{t('newsletter.language')}</th>
                    <th scope="col" className={c.th}>{t('newsletter.date')}</th>
                  </tr>
                </thead>
                <tbody>
                  {subscriptions.data.subscriptions.map((subscription) => (
                    <tr key={subscription._id}>
                      <th scope="row" className={`${c.td} font-normal`}>
                        <bdi dir="ltr">{subscription.email}</bdi>
                      </th>
                      <td className={c.td}>
                        {isLocale(subscription.locale) ? t(`common:language.${subscription.locale}`) : subscription.locale}
                      </td>
                      <td className={`${c.td} whitespace-nowrap tabular-nums`}>{formatDateTime(subscription.createdAt, locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination page={subscriptions.data.currentPage} totalPages={subscriptions.data.totalPages} onPage={setPage} />
          {page > 1 && subscriptions.data.subscriptions.length === 0 ? (
            <button type="button" className={buttonClass('secondary', 'self-start')} onClick={() => setPage(1)}>
              {t('newsletter.firstPage')}
            </button>
          ) : null}
        </>
      ) : subscriptions.isError ? (
        <ErrorState
          title={t('newsletter.loadError')}
          message={errorMessage}
          onRetry={() => void subscriptions.refetch()}
          isRetrying={subscriptions.isFetching}
        />
      ) : (
        <div role="status" aria-label={t('common:loading')} className="flex flex-col gap-2">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-64" />
        </div>
      )}
    </div>
  )
}
