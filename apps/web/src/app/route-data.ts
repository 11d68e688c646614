import type { QueryClient } from '@tanstack/react-query'
import { categoryPageQuery, categoriesQuery, collectionQuery, shortListQuery } from '../features/catalogue/api/use-catalogue-lists.ts'
import { homepageCategoriesQuery } from '../features/catalogue/api/use-homepage-categories.ts'
import { parseCategoryFilters, parseCollectionFilters } from '../features/catalogue/catalogue-filters.ts'
import { wilayasQuery } from '../features/checkout/api/use-locations.ts'
import { activeBannersQuery } from '../features/marketing/api/use-active-banners.ts'
import { productQuery } from '../features/product/api/use-product.ts'
import { shopSettingsQuery } from '../lib/shop-settings.ts'

/** Where a page is: its route's path pattern, its parameters and the address's query. */
export interface PageAddress {
  routePath: string | undefined
  params: Record<string, string | undefined>
  search: URLSearchParams
}

/**
 * The data a page shows on its first view, fetched by the server before it renders the page (the same
 * queries, keys and replies as in the browser, which then finds them in its cache and does not ask again).
 * What belongs to one shopper (cart, account, orders) is not here: those pages render their frame and
 * load it in the browser, so a rendered page is the same for every shopper and can be kept.
 */
export async function prefetchPage(queryClient: QueryClient, { routePath, params, search }: PageAddress): Promise<void> {
  const queries: Promise<unknown>[] = [queryClient.prefetchQuery(shopSettingsQuery), queryClient.prefetchQuery(categoriesQuery)]
  if (routePath === undefined) {
    queries.push(
      queryClient.prefetchQuery(activeBannersQuery),
      queryClient.prefetchQuery(shortListQuery('latest')),
      queryClient.prefetchQuery(shortListQuery('best-sellers')),
      queryClient.prefetchQuery(homepageCategoriesQuery()),
    )
  } else if (routePath === 'collection') {
    queries.push(queryClient.prefetchQuery(collectionQuery(parseCollectionFilters(search))))
  } else if (routePath === 'category/:categoryId' && params.categoryId) {
    queries.push(queryClient.prefetchQuery(categoryPageQuery(params.categoryId, parseCategoryFilters(search))))
  } else if (routePath === 'product/:productId' && params.productId) {
    // the quick-order form lists the wilayas: it works before the scripts arrive
    queries.push(queryClient.prefetchQuery(productQuery(params.productId)), queryClient.prefetchQuery(wilayasQuery))
  } else if (routePath === 'place-order') {
    queries.push(queryClient.prefetchQuery(wilayasQuery))
  }
  await Promise.all(queries)
}
