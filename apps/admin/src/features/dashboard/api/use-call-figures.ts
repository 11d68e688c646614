import { type callFigures, type CallFiguresTable, type Locale } from '@shop/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

/** Shop days as the date inputs hold them ('2025-11-21'); an empty end is left to the API. */
export interface CallFiguresPeriod {
  from: string
  to: string
}

/** '?from=…&to=…' without the empty ends, after any leading parameters ('' when nothing is left). */
function search(period: CallFiguresPeriod, leading: Record<string, string> = {}): string {
  const params = new URLSearchParams(leading)
  if (period.from) params.set('from', period.from)
  if (period.to) params.set('to', period.to)
  const query = params.toString()
  return query ? `?${query}` : ''
}

export function callFiguresQuery(period: CallFiguresPeriod) {
  return queryOptions({
    queryKey: dashboardKeys.callFigures(period.from, period.to),
    queryFn: ({ signal }) => api<typeof callFigures>(`/admin/dashboard/call-figures${search(period)}`, { signal }),
    // The tables of the previous period stay on screen while the next one loads, so the section does not jump.
    placeholderData: keepPreviousData,
    // Weeks of calls change little in a minute; an order change still refreshes them (they sit under dashboardKeys.all).
    staleTime: 60_000,
  })
}

export function useCallFigures(period: CallFiguresPeriod) {
  return useQuery(callFiguresQuery(period))
}

/**
 * Where one table of the period downloads as CSV: a plain link, so the browser saves the file with the session
 * cookie; `lang` gives its headers in the back office's language (a link sends no Accept-Language of ours).
 */
export function callFiguresCsvHref(table: CallFiguresTable, period: CallFiguresPeriod, lang: Locale): string {
  return `/api/v1/admin/dashboard/call-figures.csv${search(period, { table })}&lang=${lang}`
}
