import { useLocale } from '@shop/client-kit'
import { JOB_STATUSES, type JobEntry, type jobListReply, type jobReply, type JobStatus, type nothing } from '@shop/shared'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { buttonClass } from '../../components/ui/button-class.ts'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { FormMessage } from '../../components/ui/form-message.tsx'
import { Pagination } from '../../components/ui/pagination.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { api } from '../../lib/api.ts'
import { formatDateTime } from '../../lib/dates.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'

const jobKeys = {
  all: () => ['jobs'] as const,
  page: (status: JobStatus, page: number) => ['jobs', status, page] as const,
}

const isStatus = (value: string | null): value is JobStatus => (JOB_STATUSES as readonly string[]).includes(value ?? '')

type JobAction = { kind: 'retry' | 'delete'; job: JobEntry }

function useJobAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (action: JobAction) =>
      action.kind === 'retry'
        ? api<typeof jobReply>(`/admin/jobs/${action.job._id}/retry`, { method: 'POST' }).then(() => undefined)
        : api<typeof nothing>(`/admin/jobs/${action.job._id}`, { method: 'DELETE' }).then(() => undefined),
    onSettled: async () => queryClient.invalidateQueries({ queryKey: jobKeys.all() }),
  })
}

/**
 * The owner's view of the background jobs (order e-mails, courier polling): how many wait, run, are done
 * or failed for good per queue, and the failed ones (the dead letters, by default) with their last error,
 * to send again once the cause is mended, or to delete.
 */
export function JobsScreen() {
  const { t } = useTranslation(['shop', 'common'])
  const locale = useLocale()
  const [search, setSearch] = useSearchParams()
  const status: JobStatus = isStatus(search.get('status')) ? (search.get('status') as JobStatus) : 'dead'
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1)
  const list = useQuery({
    queryKey: jobKeys.page(status, page),
    queryFn: ({ signal }) => api<typeof jobListReply>(`/admin/jobs?${new URLSearchParams({ status, page: String(page), limit: '30' })}`, { signal }),
    placeholderData: keepPreviousData,
  })
  const action = useJobAction()
  const loadError = useErrorMessage(list.error)
  const actionError = useErrorMessage(action.error)
  const go = (next: { status?: JobStatus; page?: number }) => {
    const params = new URLSearchParams()
    const nextStatus = next.status ?? status
    if (nextStatus !== 'dead') params.set('status', nextStatus)
    if (next.page && next.page > 1) params.set('page', String(next.page))
    setSearch(params)
  }

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('jobs.title')}</h1>
      <p className="text-sm text-muted">{t('jobs.intro')}</p>
      {list.data ? (
        <>
          {list.data.queues.length === 0 ? null : (
            <div className="overflow-x-auto rounded-lg border border-line bg-white">
              <table className="w-full text-sm">
                <caption className="sr-only">{t('jobs.countsCaption')}</caption>
                <thead>
                  <tr className="border-b border-line text-muted">
                    <th scope="col" className="px-3 py-2 text-start font-medium">{t('jobs.queue')}</th>
                    {JOB_STATUSES.map((s) => (
                      <th key={s} scope="col" className="px-3 py-2 text-end font-medium">{t(`jobs.status.${s}`)}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {list.data.queues.map((queue) => (
                    <tr key={queue.queue} className="border-b border-line last:border-0">
                      <th scope="row" className="px-3 py-2 text-start font-medium">
                        <bdi dir="ltr">{queue.queue}</bdi>
                      </th>
                      {JOB_STATUSES.map((s) => (
                        <td key={s} className={`px-3 py-2 text-end tabular-nums ${s === 'dead' && queue.dead > 0 ? 'font-semibold text-danger' : ''}`}>
                          {queue[s]}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="max-w-xs">
            <SelectField
              label={t('jobs.show')}
              value={status}
              onChange={(event) => go({ status: isStatus(event.target.value) ? event.target.value : 'dead' })}
              options={JOB_STATUSES.map((value) => ({ value, label: t(`jobs.status.${value}`) }))}
            />
          </div>
          <FormMessage tone="error">{actionError}</FormMessage>
          {list.data.jobs.length === 0 ? (
            <p className="rounded-lg border border-line bg-white px-4 py-8 text-center text-sm text-muted">
              {status === 'dead' ? t('jobs.noDead') : t('jobs.empty')}
            </p>
          ) : (
            <>
              <ul aria-label={t('jobs.list')} className={`flex flex-col gap-2 ${list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>
                {list.data.jobs.map((job) => (
                  <li key={job._id} className="rounded-lg border border-line bg-white p-3 text-sm">
                    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                      <span className="font-semibold">
                        <bdi dir="ltr">{job.queue}</bdi> <span className="text-muted">#{job._id}</span>
                      </span>
                      <time dateTime={job.finishedAt ?? job.runAt} className="text-xs text-muted tabular-nums">
                        {formatDateTime(job.finishedAt ?? job.runAt, locale)}
                      </time>
                    </div>
                    <p className="mt-1 text-xs text-muted">{t('jobs.attempts', { attempts: job.attempts, max: job.maxAttempts })}</p>
                    <p className="mt-1 break-all font-mono text-xs" dir="ltr">
                      {job.summary}
                    </p>
                    {job.lastError ? (
                      <p className="mt-1 break-words text-xs text-danger">
                        {t('jobs.lastError')} <bdi dir="ltr">{job.lastError}</bdi>
                      </p>
                    ) : null}
                    <div className="mt-2 flex flex-wrap gap-2">
                      {job.status === 'dead' ? (
                        <button type="button" className={buttonClass('primary')} disabled={action.isPending} onClick={() => action.mutate({ kind: 'retry', job })}>
                          {t('jobs.retry')}
                        </button>
                      ) : null}
                      {job.status !== 'running' ? (
                        <button
                          type="button"
                          className={buttonClass('secondary')}
                          disabled={action.isPending}
                          onClick={() => {
                            if (window.confirm(t('jobs.deleteConfirm', { id: job._id }))) action.mutate({ kind: 'delete', job })
                          }}
                        >
                          {t('jobs.delete')}
                        </button>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
              <Pagination page={list.data.currentPage} totalPages={list.data.totalPages} onPage={(next) => go({ page: next })} />
            </>
          )}
        </>
      ) : list.isError ? (
        <ErrorState title={t('jobs.loadError')} message={loadError} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      ) : (
        <div role="status" aria-label={t('common:loading')}>
          <Skeleton className="h-40" />
        </div>
      )}
    </div>
  )
}
