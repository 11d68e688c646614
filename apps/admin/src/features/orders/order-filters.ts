import { ORDER_SOURCES, ORDER_STATUSES, PAYMENT_METHODS } from '@shop/shared'

/** The filters of the orders list, as they sit in the page's address (so a filtered list can be shared). */
export const ORDER_FILTER_KEYS = ['status', 'from', 'to', 'wilaya', 'paymentMethod', 'source', 'search'] as const
export type OrderFilterKey = (typeof ORDER_FILTER_KEYS)[number]

/** Rows per page: enough for a morning's calls, small enough to stay fast with thousands of orders. */
export const ORDERS_PER_PAGE = 50

const DATE = /^\d{4}-\d{2}-\d{2}$/

function isValid(key: OrderFilterKey, value: string): boolean {
  switch (key) {
    case 'status':
      // one status, or several separated by commas (the dashboard's 'confirmed,processing,shipped,...')
      return value.split(',').every((status) => (ORDER_STATUSES as readonly string[]).includes(status))
    case 'paymentMethod':
      return (PAYMENT_METHODS as readonly string[]).includes(value)
    case 'source':
      return (ORDER_SOURCES as readonly string[]).includes(value)
    case 'from':
    case 'to':
      return DATE.test(value)
    case 'wilaya':
      return /^\d{1,2}$/.test(value)
    case 'search':
      return value.trim().length > 0
  }
}

/** The filters the address holds, each checked; a hand-edited or stale value is dropped, not sent. */
export function readOrderFilters(search: URLSearchParams): Partial<Record<OrderFilterKey, string>> {
  const filters: Partial<Record<OrderFilterKey, string>> = {}
  for (const key of ORDER_FILTER_KEYS) {
    const value = search.get(key)?.trim()
    if (value && isValid(key, value)) filters[key] = value
  }
  return filters
}

export function readPage(search: URLSearchParams): number {
  const page = Number(search.get('page'))
  return Number.isInteger(page) && page > 1 ? page : 1
}

/** The query string of the filters alone, in a fixed order: the CSV export takes exactly these. */
export function filterQuery(search: URLSearchParams): string {
  const filters = readOrderFilters(search)
  const query = new URLSearchParams()
  for (const key of ORDER_FILTER_KEYS) {
    const value = filters[key]
    if (value !== undefined) query.set(key, value)
  }
  return query.toString()
}

/** `GET /admin/orders?...`: the filters, then the page and the page size. */
export function listQuery(search: URLSearchParams): string {
  const query = new URLSearchParams(filterQuery(search))
  query.set('page', String(readPage(search)))
  query.set('limit', String(ORDERS_PER_PAGE))
  return query.toString()
}

/** The page's address after one filter changes: back to page 1, empty values removed. */
export function withFilter(search: URLSearchParams, key: OrderFilterKey, value: string): URLSearchParams {
  const next = new URLSearchParams(search)
  if (value.trim()) next.set(key, value.trim())
  else next.delete(key)
  next.delete('page')
  return next
}
