import { type adminCategoriesReply } from '@shop/shared'
import { useQuery } from '@tanstack/react-query'
import { api } from './api.ts'
import { productKeys } from './product-keys.ts'

/** The catalogue's categories (the whole tree, with counts): the categories screen, the product form, the banner form's link picker. */
export function useCategories() {
  return useQuery({
    queryKey: productKeys.categories(),
    queryFn: ({ signal }) => api<typeof adminCategoriesReply>('/admin/categories', { signal }).then((d) => d.categories),
  })
}
