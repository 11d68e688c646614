import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ApiError } from './api.ts'
import { createQueryClient } from './query-client.ts'

describe('query client offline', () => {
  afterEach(() => {
    onlineManager.setOnline(true)
  })

  test('a mutation started offline is sent at once and fails, instead of waiting to be sent later', async () => {
    onlineManager.setOnline(false)
    const client = createQueryClient()
    const send = vi.fn().mockRejectedValue(new ApiError('NETWORK_ERROR', 0, 'offline'))
    const mutation = client.getMutationCache().build(client, { mutationFn: send })
    await expect(mutation.execute(undefined)).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
    expect(send).toHaveBeenCalledTimes(1)
    expect(mutation.state.isPaused).toBe(false)
    // Back online nothing is replayed.
    onlineManager.setOnline(true)
    await client.resumePausedMutations()
    expect(send).toHaveBeenCalledTimes(1)
  })

  test('a query started offline fails with the network error instead of staying paused', async () => {
    onlineManager.setOnline(false)
    const client = createQueryClient()
    await expect(
      // eslint-disable-next-line no-restricted-syntax -- a throwaway key: this test is about the client's retry rule, not a feature's cache
      client.fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(new ApiError('NETWORK_ERROR', 0, 'offline')), retry: false }),
    ).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
  })
})
