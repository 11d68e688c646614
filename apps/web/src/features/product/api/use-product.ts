import { queryOptions, useQuery } from '@tanstack/react-query'
import { legacyApi } from '../../../lib/api.ts'
import type { ProductDetail } from '../types.ts'

export const productKeys = {
  all: ['product'] as const,
  detail: (idOrSlug: string) => [...productKeys.all, idOrSlug] as const,
}

/** `related` is kept as the API sends it (product summaries): the page hands it to the catalogue's cards. */
export interface ProductReply<Related = unknown> {
  product: ProductDetail
  related: Related[]
}

export function productQuery(idOrSlug: string) {
  return queryOptions({
    queryKey: productKeys.detail(idOrSlug),
    queryFn: ({ signal }) => legacyApi<ProductReply>(`/product/${encodeURIComponent(idOrSlug)}`, { signal }),
  })
}

export function useProduct(idOrSlug: string) {
  return useQuery(productQuery(idOrSlug))
}
