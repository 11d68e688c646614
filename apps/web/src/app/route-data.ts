import type { QueryClient } from '@tanstack/react-query'
import { fetchCart } from '../features/cart/api/use-cart.ts'
import { categoryPageQuery, categoriesQuery, collectionQuery, shortListQuery } from '../features/catalogue/api/use-catalogue-lists.ts'
import { homepageCategoriesQuery } from '../features/catalogue/api/use-homepage-categories.ts'
import { parseCategoryFilters, parseCollectionFilters } from '../features/catalogue/catalogue-filters.ts'
import { wilayasQuery } from '../features/checkout/api/use-locations.ts'
import { activeBannersQuery } from '../features/marketing/api/use-active-banners.ts'
import { productQuery } from '../features/product/api/use-product.ts'
import { profileQuery } from '../lib/auth-state.ts'
import { cartKeys } from '../lib/query-keys.ts'
import { shopSettingsQuery } from '../lib/shop-settings.ts'

/** Where a page is: its route's path pattern (home's is empty), its parameters and the address's query. */
export interface PageAddress {
  routePath: string | undefined
  params: Record<string, string | undefined>
  search: URLSearchParams
  /**
   * The page is rendered for one shopper (checkout and cart: never kept by a cache): who they are and their
   * cart are read too, with their cookies, so the form is drawn with the cart before any script runs.
   */
  shopper?: boolean
}

/**
 * The data a page shows on its first view, fetched by the server before it renders the page (the same
 * queries, keys and replies as in the browser, which then finds them in its cache and does not ask again).
 * What belongs to one shopper (cart, account, orders) is not here: those pages render their frame and
 * load it in the browser, so a rendered page is the same for every shopper and can be kept.
 */
export async function prefetchPage(queryClient: QueryClient, { routePath, params, search, shopper = false }: PageAddress): Promise<void> {
  const queries: Promise<unknown>[] = [queryClient.prefetchQuery(shopSettingsQuery), queryClient.prefetchQuery(categoriesQuery)]
  if (!routePath) {
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
  if (shopper && (routePath === 'place-order' || routePath === 'cart')) queries.push(prefetchShopper(queryClient))
  await Promise.all(queries)
}

/** Who is shopping, then their cart (guest or client), under the keys useAuth and useCart read. */
async function prefetchShopper(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchQuery(profileQuery)
  const user = queryClient.getQueryData(profileQuery.queryKey)
  // a profile that could not be read is not kept: the browser asks again, as on any other page
  if (user === undefined) return
  const owner = user ? 'client' : 'guest'
  await queryClient.prefetchQuery({ queryKey: cartKeys.of(owner), queryFn: () => fetchCart(owner) })
}
