import { type categoriesReply, type categoryProductPage, type productListReply, type productPage } from '@shop/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import {
  type CategoryPageFilters,
  type CollectionFilters,
  categoryApiPath,
  collectionApiPath,
} from '../catalogue-filters.ts'
import { catalogueKeys } from './catalogue-keys.ts'

export const SHORT_LIST_LIMIT = 10

export const categoriesQuery = queryOptions({
  queryKey: catalogueKeys.categories(),
  queryFn: ({ signal }) => api<typeof categoriesReply>('/category', { signal }).then((data) => data.categories),
})

export function useCategories() {
  return useQuery(categoriesQuery)
}

export function collectionQuery(filters: CollectionFilters) {
  return queryOptions({
    queryKey: catalogueKeys.collection(filters),
    queryFn: ({ signal }) => api<typeof productPage>(collectionApiPath(filters), { signal }),
  })
}

/** The previous page stays on screen while the next one loads, so the grid does not collapse to skeletons. */
export function useCollection(filters: CollectionFilters) {
  return useQuery({ ...collectionQuery(filters), placeholderData: keepPreviousData })
}

export function categoryPageQuery(categoryId: string, filters: CategoryPageFilters) {
  return queryOptions({
    queryKey: catalogueKeys.category(categoryId, filters),
    queryFn: ({ signal }) => api<typeof categoryProductPage>(categoryApiPath(categoryId, filters), { signal }),
    // a "not found" the server rendered stays as it is on hydration (the error state's retry asks again)
    retryOnMount: false,
  })
}

export function useCategoryPage(categoryId: string, filters: CategoryPageFilters) {
  return useQuery({
    ...categoryPageQuery(categoryId, filters),
    // Keep the grid while the filters change, never the products of another category.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === categoryId ? previous : undefined,
  })
}

export function shortListQuery(kind: 'latest' | 'best-sellers', limit = SHORT_LIST_LIMIT) {
  return queryOptions({
    queryKey: catalogueKeys.shortList(kind, limit),
    queryFn: ({ signal }) =>
      api<typeof productListReply>(`/product/${kind}?limit=${limit}`, { signal }).then((data) => data.products),
  })
}

export function useShortList(kind: 'latest' | 'best-sellers') {
  return useQuery(shortListQuery(kind))
}
