import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { legacyApi } from '../../../lib/api.ts'
import type { ProductBody, ProductDetail, ProductList, Variant } from '../../../lib/product-types.ts'
import { productKeys } from '../../../lib/product-keys.ts'

export function useProducts(query: string) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => legacyApi<ProductList>(`/admin/products?${query}`, { signal }),
    placeholderData: keepPreviousData,
  })
}

export { useCategories } from '../../../lib/use-categories.ts'

export function useProduct(id: string | null) {
  return useQuery({
    queryKey: productKeys.detail(id ?? 'new'),
    queryFn: ({ signal }) =>
      legacyApi<{ product: ProductDetail }>(`/admin/products/${encodeURIComponent(id ?? '')}`, { signal }).then((d) => d.product),
    enabled: id !== null,
  })
}

/** After any change the product and the lists are read again: the server's product is the truth. */
function useRefresh(id: string | null) {
  const queryClient = useQueryClient()
  return async () => {
    await Promise.all([
      id ? queryClient.invalidateQueries({ queryKey: productKeys.detail(id) }) : undefined,
      queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
    ])
  }
}

export function useSaveProduct(id: string | null) {
  const refresh = useRefresh(id)
  return useMutation({
    mutationFn: (body: ProductBody) =>
      id
        ? legacyApi<{ product: ProductDetail }>(`/admin/products/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : legacyApi<{ product: ProductDetail }>('/admin/products', { method: 'POST', body }),
    onSuccess: refresh,
  })
}

export function useDeleteProduct(id: string) {
  const refresh = useRefresh(null)
  return useMutation({
    mutationFn: () => legacyApi<unknown>(`/admin/products/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  })
}

export type VariantsChange =
  | { kind: 'replace'; variants: Variant[] }
  | { kind: 'stock'; items: { variantId: string; stock: number; expectedStock?: number }[] }

/**
 * A new grid replaces the variants; stock alone changed on existing variants goes through the bulk stock route.
 * Both send the stock each variant was loaded with; a 409 STOCK_CONFLICT leaves the product as it is in the
 * cache (refreshing would reset the grid and lose what the owner typed).
 */
export function useSaveVariants(id: string) {
  const refresh = useRefresh(id)
  return useMutation({
    mutationFn: (change: VariantsChange) =>
      change.kind === 'replace'
        ? legacyApi<unknown>(`/admin/products/${encodeURIComponent(id)}/variants`, { method: 'PUT', body: change.variants })
        : legacyApi<unknown>('/admin/variants/stock', { method: 'PATCH', body: { items: change.items } }),
    onSuccess: refresh,
  })
}

export type ImageChange =
  | { kind: 'upload'; file: File }
  | { kind: 'delete'; imageId: string }
  | { kind: 'order'; imageIds: string[] }
  | { kind: 'color'; imageId: string; color: string | null }

function fileForm(file: File): FormData {
  const form = new FormData()
  form.append('file', file)
  return form
}

export function useProductImages(id: string) {
  const refresh = useRefresh(id)
  return useMutation({
    mutationFn: (change: ImageChange) => {
      const base = `/admin/products/${encodeURIComponent(id)}/images`
      switch (change.kind) {
        case 'upload':
          return legacyApi<unknown>(base, { method: 'POST', body: fileForm(change.file) })
        case 'delete':
          return legacyApi<unknown>(`${base}/${encodeURIComponent(change.imageId)}`, { method: 'DELETE' })
        case 'order':
          return legacyApi<unknown>(`${base}/order`, { method: 'PUT', body: { imageIds: change.imageIds } })
        case 'color':
          return legacyApi<unknown>(`${base}/${encodeURIComponent(change.imageId)}`, { method: 'PATCH', body: { color: change.color } })
      }
    },
    onSuccess: refresh,
  })
}
