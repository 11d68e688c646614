import {
  type adminProductImageReply,
  type adminProductList,
  type adminProductReply,
  type deletedReply,
  type imageColorBody,
  type imageOrderBody,
  type ProductBody,
  type productDeletionReply,
  type stockBody,
  type stockReply,
  type VariantInput,
  type variantsBody,
} from '@shop/shared'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '../../../lib/api.ts'
import { productKeys } from '../../../lib/product-keys.ts'

export function useProducts(query: string) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => api<typeof adminProductList>(`/admin/products?${query}`, { signal }),
    placeholderData: keepPreviousData,
  })
}

export { useCategories } from '../../../lib/use-categories.ts'

export function useProduct(id: string | null) {
  return useQuery({
    queryKey: productKeys.detail(id ?? 'new'),
    queryFn: ({ signal }) =>
      api<typeof adminProductReply>(`/admin/products/${encodeURIComponent(id ?? '')}`, { signal }).then((d) => d.product),
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
        ? api<typeof adminProductReply>(`/admin/products/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : api<typeof adminProductReply>('/admin/products', { method: 'POST', body }),
    onSuccess: refresh,
  })
}

export function useDeleteProduct(id: string) {
  const refresh = useRefresh(null)
  return useMutation({
    mutationFn: () => api<typeof productDeletionReply>(`/admin/products/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  })
}

export type VariantsChange =
  | { kind: 'replace'; variants: VariantInput[] }
  | ({ kind: 'stock' } & z.input<typeof stockBody>)

/**
 * A new grid replaces the variants; stock alone changed on existing variants goes through the bulk stock route.
 * Both send the stock each variant was loaded with; a 409 STOCK_CONFLICT leaves the product as it is in the
 * cache (refreshing would reset the grid and lose what the owner typed).
 */
export function useSaveVariants(id: string) {
  const refresh = useRefresh(id)
  return useMutation({
    mutationFn: async (change: VariantsChange): Promise<void> => {
      await (change.kind === 'replace'
        ? api<typeof adminProductReply>(`/admin/products/${encodeURIComponent(id)}/variants`, {
            method: 'PUT',
            body: change.variants satisfies z.input<typeof variantsBody>,
          })
        : api<typeof stockReply>('/admin/variants/stock', { method: 'PATCH', body: { items: change.items } satisfies z.input<typeof stockBody> }))
    },
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
    mutationFn: async (change: ImageChange): Promise<void> => {
      const base = `/admin/products/${encodeURIComponent(id)}/images`
      switch (change.kind) {
        case 'upload':
          await api<typeof adminProductImageReply>(base, { method: 'POST', body: fileForm(change.file) })
          return
        case 'delete':
          await api<typeof deletedReply>(`${base}/${encodeURIComponent(change.imageId)}`, { method: 'DELETE' })
          return
        case 'order':
          await api<typeof adminProductReply>(`${base}/order`, { method: 'PUT', body: { imageIds: change.imageIds } satisfies z.input<typeof imageOrderBody> })
          return
        case 'color':
          await api<typeof adminProductImageReply>(`${base}/${encodeURIComponent(change.imageId)}`, {
            method: 'PATCH',
            body: { color: change.color } satisfies z.input<typeof imageColorBody>,
          })
      }
    },
    onSuccess: refresh,
  })
}
