import { CATALOGUE_PAGE_SIZE, CATEGORY_SORTS, type CategorySort, COLLECTION_SORTS, type CollectionSort } from '@shop/shared'

// Filters live in the page's URL (shareable, kept by the back button); these functions are the one
// mapping between that query string, the filters the pages use and the API's query.

// the API's default page size: the first pages at this size have a statement PostgreSQL keeps a plan for
export const PAGE_SIZE = CATALOGUE_PAGE_SIZE

export interface CollectionFilters {
  /** Category id or slug; undefined for every category. */
  category?: string
  sort: CollectionSort
  search?: string
  page: number
}

export interface CategoryPageFilters {
  sort: CategorySort
  minPrice?: number
  maxPrice?: number
  page: number
}

const MAX_SEARCH = 100

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback
}

function positiveInt(value: string | null, fallback: number): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return fallback
  const n = Number(value)
  return n >= 1 ? n : fallback
}

function price(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return undefined
  return Number(value.trim())
}

function text(value: string | null, max: number): string | undefined {
  const trimmed = value?.trim().slice(0, max)
  return trimmed ? trimmed : undefined
}

export function parseCollectionFilters(query: URLSearchParams): CollectionFilters {
  return {
    category: text(query.get('category'), 200),
    sort: oneOf(query.get('sort'), COLLECTION_SORTS, 'relevance'),
    search: text(query.get('search'), MAX_SEARCH),
    page: positiveInt(query.get('page'), 1),
  }
}

/** The page's query string: defaults are left out so the plain /collection stays plain. */
export function collectionSearchParams(filters: CollectionFilters): URLSearchParams {
  const query = new URLSearchParams()
  if (filters.category) query.set('category', filters.category)
  if (filters.search) query.set('search', filters.search)
  if (filters.sort !== 'relevance') query.set('sort', filters.sort)
  if (filters.page > 1) query.set('page', String(filters.page))
  return query
}

/**
 * GET /product. "Relevance" sends no sort: the API ranks by relevance when there is a search and by
 * newest otherwise, which is what a shopper expects from the default order.
 */
export function collectionApiPath(filters: CollectionFilters): string {
  const query = new URLSearchParams()
  if (filters.category) query.set('category', filters.category)
  if (filters.search) query.set('search', filters.search)
  if (filters.sort !== 'relevance') query.set('sort', filters.sort)
  query.set('page', String(filters.page))
  query.set('limit', String(PAGE_SIZE))
  return `/product?${query.toString()}`
}

export function parseCategoryFilters(query: URLSearchParams): CategoryPageFilters {
  let minPrice = price(query.get('minPrice'))
  let maxPrice = price(query.get('maxPrice'))
  // A reversed range typed by hand means the same range.
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice]
  return {
    sort: oneOf(query.get('sort'), CATEGORY_SORTS, 'newest'),
    minPrice,
    maxPrice,
    page: positiveInt(query.get('page'), 1),
  }
}

export function categorySearchParams(filters: CategoryPageFilters): URLSearchParams {
  const query = new URLSearchParams()
  if (filters.sort !== 'newest') query.set('sort', filters.sort)
  if (filters.minPrice !== undefined) query.set('minPrice', String(filters.minPrice))
  if (filters.maxPrice !== undefined) query.set('maxPrice', String(filters.maxPrice))
  if (filters.page > 1) query.set('page', String(filters.page))
  return query
}

/** GET /product/category/:id: page size 12, newest first unless the shopper picks another order. */
export function categoryApiPath(categoryId: string, filters: CategoryPageFilters): string {
  const query = new URLSearchParams({ page: String(filters.page), limit: String(PAGE_SIZE), sort: filters.sort })
  if (filters.minPrice !== undefined) query.set('minPrice', String(filters.minPrice))
  if (filters.maxPrice !== undefined) query.set('maxPrice', String(filters.maxPrice))
  return `/product/category/${encodeURIComponent(categoryId)}?${query.toString()}`
}
