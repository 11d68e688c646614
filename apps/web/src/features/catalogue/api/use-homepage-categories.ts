import { queryOptions, useQuery } from '@tanstack/react-query'
import { legacyApi } from '../../../lib/api.ts'
import type { HomepageCategory } from '../../../lib/catalogue-types.ts'
import { catalogueKeys } from './catalogue-keys.ts'

export const HOME_PRODUCTS_PER_CATEGORY = 4

export function homepageCategoriesQuery(productsPerCategory = HOME_PRODUCTS_PER_CATEGORY) {
  return queryOptions({
    queryKey: catalogueKeys.homepage(productsPerCategory),
    queryFn: ({ signal }) =>
      legacyApi<{ categories: HomepageCategory[] }>(
        `/product/homepage/categories?productsPerCategory=${productsPerCategory}`,
        {
          signal,
        },
      ).then((data) => data.categories),
  })
}

export function useHomepageCategories() {
  return useQuery(homepageCategoriesQuery())
}
