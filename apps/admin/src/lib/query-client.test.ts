import { describe, expect, test } from 'vitest'
import { ApiError } from './api.ts'
import { createQueryClient, shouldRetry } from './query-client.ts'

describe('query client', () => {
  test('retries once on network trouble and server errors, never on a refusal', () => {
    expect(shouldRetry(0, new ApiError('NETWORK_ERROR', 0, ''))).toBe(true)
    expect(shouldRetry(0, new ApiError('INTERNAL', 500, ''))).toBe(true)
    expect(shouldRetry(1, new ApiError('INTERNAL', 500, ''))).toBe(false)
    expect(shouldRetry(0, new ApiError('UNAUTHENTICATED', 401, ''))).toBe(false)
    expect(shouldRetry(0, new ApiError('NOT_FOUND', 404, ''))).toBe(false)
    expect(shouldRetry(0, new ApiError('TOO_MANY_REQUESTS', 429, ''))).toBe(false)
  })

  test('figures are fresh for 30 s and not refetched when the window regains focus', () => {
    const queries = createQueryClient().getDefaultOptions().queries
    expect(queries?.staleTime).toBe(30_000)
    expect(queries?.refetchOnWindowFocus).toBe(false)
  })
})
