import { useQuery } from '@tanstack/react-query'
import { legacyApi } from './api.ts'
import { productKeys } from './product-keys.ts'
import type { Category } from './product-types.ts'

/** The catalogue's categories, for the product form and the banner form's link picker. */
export function useCategories() {
  return useQuery({
    queryKey: productKeys.categories(),
    queryFn: ({ signal }) => legacyApi<{ categories: Category[] }>('/admin/categories', { signal }).then((d) => d.categories),
  })
}
