import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api.ts'
import { isBrowserOffline } from './connection.ts'

const MAX_RETRIES = 2

/**
 * A refusal (4xx) will be refused again: only network trouble, timeouts, 429 and 5xx are worth retrying.
 * With the browser offline a retry cannot succeed: the error shows at once, and the query is fetched
 * again when the connection comes back (refetchOnReconnect).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) return false
  if (error instanceof ApiError && error.status === 0 && isBrowserOffline()) return false
  return true
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 300_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        // Offline, TanStack Query's default ('online') parks a query without a word: the page would show
        // its skeleton forever. Here the request is tried, fails with NETWORK_ERROR and the page shows
        // its error state (with a retry); a failed query is fetched again when the connection returns.
        networkMode: 'always',
      },
      mutations: {
        // Orders and cart changes are never replayed behind the shopper's back.
        retry: false,
        // The default parks a mutation while the browser is offline and sends it when the connection
        // returns: the shopper sees a spinner, leaves, and the order is placed later without them knowing.
        // 'always' sends it now: offline it fails at once and the shopper is told.
        networkMode: 'always',
      },
    },
  })
}
