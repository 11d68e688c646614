import { describe, expect, test } from 'vitest'
import {
  categoryApiPath,
  categorySearchParams,
  collectionApiPath,
  collectionSearchParams,
  parseCategoryFilters,
  parseCollectionFilters,
} from './catalogue-filters.ts'

const q = (search: string) => new URLSearchParams(search)

describe('collection filters', () => {
  test('category, search, sort and page in the URL become the API query, 12 a page', () => {
    const filters = parseCollectionFilters(q('category=c-men&search=%20derby%20&sort=price_desc&page=3'))
    expect(filters).toEqual({ category: 'c-men', search: 'derby', sort: 'price_desc', page: 3 })
    expect(collectionApiPath(filters)).toBe('/product?category=c-men&search=derby&sort=price_desc&page=3&limit=12')
  })

  test('relevance is the default and sends no sort; bad values fall back to defaults', () => {
    const filters = parseCollectionFilters(q('sort=cheapest&page=-2'))
    expect(filters).toEqual({ category: undefined, search: undefined, sort: 'relevance', page: 1 })
    expect(collectionApiPath(filters)).toBe('/product?page=1&limit=12')
    expect(collectionApiPath({ ...filters, sort: 'newest' })).toBe('/product?sort=newest&page=1&limit=12')
    expect(collectionSearchParams(filters).toString()).toBe('')
  })
})

describe('category page filters', () => {
  test('sort, price range and page map to the category route; newest by default', () => {
    const filters = parseCategoryFilters(q('sort=name_asc&minPrice=2000&maxPrice=9000&page=2'))
    expect(categoryApiPath('shoes', filters)).toBe(
      '/product/category/shoes?page=2&limit=12&sort=name_asc&minPrice=2000&maxPrice=9000',
    )
    expect(categoryApiPath('shoes', parseCategoryFilters(q('')))).toBe('/product/category/shoes?page=1&limit=12&sort=newest')
  })

  test('a reversed range is put in order; a price that is not a number is ignored', () => {
    expect(parseCategoryFilters(q('minPrice=9000&maxPrice=2000'))).toMatchObject({ minPrice: 2000, maxPrice: 9000 })
    expect(parseCategoryFilters(q('minPrice=abc&maxPrice=-5'))).toMatchObject({ minPrice: undefined, maxPrice: undefined })
    expect(categorySearchParams({ sort: 'newest', page: 1 }).toString()).toBe('')
  })
})
