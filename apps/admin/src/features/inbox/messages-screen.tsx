import { useLocale } from '@shop/client-kit'
import type { ContactMessage } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { buttonClass } from '../../components/ui/button-class.ts'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { Pagination } from '../../components/ui/pagination.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { cardTableClasses as c } from '../../components/ui/table-classes.ts'
import { formatDateTime } from '../../lib/dates.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'
import {
  MESSAGE_FILTERS,
  type MessageFilter,
  messageListQuery,
  readMessageFilter,
  readPage,
  useContactMessages,
  useMarkMessage,
} from './inbox-api.ts'

function MessageRow({ message }: { message: ContactMessage }) {
  const { t } = useTranslation('inbox')
  const locale = useLocale()
  const mark = useMarkMessage(message._id)
  const error = useErrorMessage(mark.error)
  // Everything the shopper typed is rendered as React text (markup is shown, never run), in its own direction
  // (dir=auto), so a French message keeps its punctuation in place on an Arabic screen.
  return (
    <tr className={`${c.tr} ${message.handled ? 'bg-paper/60' : ''}`}>
      <th scope="row" className={`${c.td} ${c.full} align-top font-normal`}>
        <span dir="auto" className="block font-semibold">{message.name}</span>
        <a
          href={`mailto:${message.email}`}
          className="text-xs text-brand underline-offset-2 hover:underline"
          title={t('messages.reply')}
        >
          <bdi dir="ltr" className="break-all">{message.email}</bdi>
        </a>
      </th>
      <td className={`${c.td} ${c.full} align-top`}>
        <span dir="auto" className="block font-semibold">{message.subject}</span>
        <p dir="auto" className="mt-1 whitespace-pre-wrap break-words text-muted">{message.message}</p>
      </td>
      <td className={`${c.td} ${c.full} align-top whitespace-nowrap tabular-nums max-md:text-xs max-md:text-muted`}>{formatDateTime(message.createdAt, locale)}</td>
      <td className={`${c.td} ${c.full} align-top`}>
        <div className="flex flex-col items-start gap-2 max-md:flex-row max-md:flex-wrap max-md:items-center">
          {message.handled ? (
            <>
              <span className="inline-flex items-center rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-brand">
                {message.handledAt
                  ? t('messages.handledOn', { date: formatDateTime(message.handledAt, locale) })
                  : t('messages.filter.handled')}
              </span>
              <button
                type="button"
                className={buttonClass('ghost', 'whitespace-nowrap')}
                disabled={mark.isPending}
                aria-label={t('messages.reopenOf', { name: message.name })}
                onClick={() => mark.mutate(false)}
              >
                {t('messages.reopen')}
              </button>
            </>
          ) : (
            <>
              <span className="inline-flex items-center rounded-full bg-amber-soft px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-ink">
                {t('messages.open')}
              </span>
              <button
                type="button"
                className={buttonClass('secondary', 'whitespace-nowrap')}
                disabled={mark.isPending}
                aria-label={t('messages.markHandledOf', { name: message.name })}
                onClick={() => mark.mutate(true)}
              >
                {t('messages.markHandled')}
              </button>
            </>
          )}
          {error ? <p role="alert" className="text-xs text-danger">{error}</p> : null}
        </div>
      </td>
    </tr>
  )
}

/** Messages from the shop's contact form, newest first; those still waiting for an answer are shown by default. */
export function MessagesScreen() {
  const { t } = useTranslation(['inbox', 'common'])
  const [search, setSearch] = useSearchParams()
  const filter = readMessageFilter(search)
  const page = readPage(search)
  const messages = useContactMessages(messageListQuery(filter, page))
  const errorMessage = useErrorMessage(messages.error)

  const setFilter = (next: MessageFilter) => setSearch(next === 'open' ? new URLSearchParams() : new URLSearchParams({ show: next }))
  const setPage = (next: number) => {
    const query = new URLSearchParams(search)
    if (next > 1) query.set('page', String(next))
    else query.delete('page')
    setSearch(query)
  }

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('messages.title')}</h1>
      <div className="max-w-xs">
        <SelectField
          label={t('messages.show')}
          value={filter}
          onChange={(event) => setFilter(event.target.value as MessageFilter)}
          options={MESSAGE_FILTERS.map((value) => ({ value, label: t(`messages.filter.${value}`) }))}
        />
      </div>
      {messages.data ? (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {t('messages.count', { count: messages.data.total })}
          </p>
          {messages.data.messages.length === 0 ? (
            <p className="rounded-lg border border-line bg-white px-4 py-8 text-center text-sm text-muted">
              {t(`messages.empty.${filter}`)}
            </p>
          ) : (
            <div className={`${c.box} ${messages.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>
              <table className={c.table} aria-label={t('messages.tableLabel')}>
                <thead className={c.thead}>
                  <tr>
                    <th scope="col" className={c.th}>{t('messages.sender')}</th>
                    <th scope="col" className={c.th}>{t('messages.subject')}</th>
                    <th scope="col" className={c.th}>{t('messages.date')}</th>
                    <th scope="col" className={c.th}>{t('messages.status')}</th>
                  </tr>
                </thead>
                <tbody className={c.tbody}>
                  {messages.data.messages.map((message) => (
                    <MessageRow key={message._id} message={message} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination page={messages.data.currentPage} totalPages={messages.data.totalPages} onPage={setPage} />
          {page > 1 && messages.data.messages.length === 0 ? (
            <button type="button" className={buttonClass('secondary', 'self-start')} onClick={() => setPage(1)}>
              {t('messages.firstPage')}
            </button>
          ) : null}
        </>
      ) : messages.isError ? (
        <ErrorState
          title={t('messages.loadError')}
          message={errorMessage}
          onRetry={() => void messages.refetch()}
          isRetrying={messages.isFetching}
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
