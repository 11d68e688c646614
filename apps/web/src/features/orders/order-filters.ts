import { ORDER_STATUSES } from '@shop/shared'
import type { OrderFilters } from './api/use-orders.ts'

const STATUSES = new Set<string>(ORDER_STATUSES)
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The orders filters read from the address; anything unknown or malformed is left out. */
export function filtersFromParams(params: URLSearchParams): OrderFilters {
  const status = params.get('status') ?? ''
  const date = (key: string) => {
    const value = params.get(key) ?? ''
    return DATE.test(value) ? value : ''
  }
  const page = Number(params.get('page'))
  return {
    status: STATUSES.has(status) ? status : '',
    startDate: date('from'),
    endDate: date('to'),
    search: (params.get('q') ?? '').slice(0, 100),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

/** Only what is set goes in the address: an unfiltered first page is plain /orders. */
export function paramsFromFilters(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.status) params.set('status', filters.status)
  if (filters.startDate) params.set('from', filters.startDate)
  if (filters.endDate) params.set('to', filters.endDate)
  if (filters.search.trim()) params.set('q', filters.search.trim())
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

export function hasFilters(filters: OrderFilters): boolean {
  return Boolean(filters.status || filters.startDate || filters.endDate || filters.search.trim())
}
