import { type productDetailReply } from '@shop/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'

export const productKeys = {
  all: ['product'] as const,
  detail: (idOrSlug: string) => [...productKeys.all, idOrSlug] as const,
}

export function productQuery(idOrSlug: string) {
  return queryOptions({
    queryKey: productKeys.detail(idOrSlug),
    queryFn: ({ signal }) => api<typeof productDetailReply>(`/product/${encodeURIComponent(idOrSlug)}`, { signal }),
    // a refusal the server rendered ("not found") is shown as it is, not fetched again behind a skeleton on
    // hydration; the error state's retry button still asks again
    retryOnMount: false,
  })
}

export function useProduct(idOrSlug: string) {
  return useQuery(productQuery(idOrSlug))
}
