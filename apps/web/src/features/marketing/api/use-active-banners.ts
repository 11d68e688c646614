import { type activeBannersReply } from '@shop/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { shouldRetry } from '../../../lib/query-client.ts'

export const marketingKeys = {
  all: ['marketing'] as const,
  activeBanners: () => [...marketingKeys.all, 'banners', 'active'] as const,
}

export const activeBannersQuery = queryOptions({
  queryKey: marketingKeys.activeBanners(),
  queryFn: ({ signal }) => api<typeof activeBannersReply>('/banner/active', { signal }).then((data) => data.banners),
  // The shop's own hero is a fine answer: one retry, then stop holding the top of the page on a skeleton.
  retry: (failureCount, error) => failureCount < 1 && shouldRetry(failureCount, error),
})

export function useActiveBanners() {
  return useQuery(activeBannersQuery)
}
