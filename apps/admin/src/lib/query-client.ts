import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api.ts'

/** One retry for network trouble, timeouts and 5xx; a refusal (any 4xx, 429 included) would only be refused again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500)
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Staff watch orders come in: figures may be 30 s old, not more, without refetching on every tab switch.
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      // A status move or a sign-in is never replayed behind the staff member's back.
      mutations: { retry: false },
    },
  })
}
