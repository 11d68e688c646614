import { type homepageCategoriesReply } from '@shop/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { catalogueKeys } from './catalogue-keys.ts'

export const HOME_PRODUCTS_PER_CATEGORY = 4

export function homepageCategoriesQuery(productsPerCategory = HOME_PRODUCTS_PER_CATEGORY) {
  return queryOptions({
    queryKey: catalogueKeys.homepage(productsPerCategory),
    queryFn: ({ signal }) =>
      api<typeof homepageCategoriesReply>(`/product/homepage/categories?productsPerCategory=${productsPerCategory}`, { signal }).then(
        (data) => data.categories,
      ),
  })
}

export function useHomepageCategories() {
  return useQuery(homepageCategoriesQuery())
}
