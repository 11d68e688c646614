import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api.ts'

const MAX_RETRIES = 2

/** A refusal (4xx) will be refused again: only network trouble, timeouts, 429 and 5xx are worth retrying. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) return false
  return true
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 300_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      // Orders and cart changes are never replayed behind the shopper's back.
      mutations: { retry: false },
    },
  })
}
