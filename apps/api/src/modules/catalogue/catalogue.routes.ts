import {
  categoriesReply,
  categoryKeyParams,
  categoryPageQuery,
  categoryProductPage,
  homepageCategoriesReply,
  homepageQuery,
  type Locale,
  ok,
  pickLocalized,
  productDetailReply,
  productKeyParams,
  productListQuery,
  productListReply,
  productPage,
  shortListQuery,
} from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../http/app-error.ts'
import { CheckedJson } from '../../http/checked-json.ts'
import { isUuid, pageCount } from '../../http/paging.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { findProductDetailJson } from './product-detail.repo.ts'
import { BEST_SELLERS_FIRST, findProducts, LATEST_FIRST } from './product-list.repo.ts'
import { type CategoryRow, inCategories, listActiveCategories, listCardJson, listProductSummaries, subtreeIds, topLevel } from './catalogue.repo.ts'

/** An active category by id or slug. */
function findCategory(all: readonly CategoryRow[], idOrSlug: string): CategoryRow | undefined {
  return all.find((c) => (isUuid(idOrSlug) && c.id === idOrSlug.toLowerCase()) || c.slug === idOrSlug)
}

function categoryReply(category: CategoryRow, locale: Locale) {
  return {
    _id: category.id,
    slug: category.slug,
    name: pickLocalized(category.nameAr, category.nameFr, locale),
    nameAr: category.nameAr,
    nameFr: category.nameFr,
    description: pickLocalized(category.descriptionAr, category.descriptionFr, locale),
    parentId: category.parentId,
    position: category.position,
  }
}

// The page fields of the card pages; their cards are checked and kept one by one (cardJson in catalogue.repo.ts)
const pageFields = productPage.omit({ products: true })
const categoryPageFields = categoryProductPage.omit({ products: true })

/** A reply's card list and its other fields as one JSON object. */
function withCards(cards: readonly CheckedJson[], rest?: CheckedJson): CheckedJson {
  return CheckedJson.object({ products: CheckedJson.list(cards) }, rest)
}

export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()

  api.get('/category', { schema: { tags: ['catalogue'], summary: 'All active categories (a tree through parentId)', response: ok(categoriesReply) } }, async (request, reply) => {
    const all = await listActiveCategories(app.db)
    return reply.ok({ categories: all.map((c) => categoryReply(c, request.locale)) })
  })

  api.get(
    '/product',
    { schema: { tags: ['catalogue'], summary: 'Products: category, price range, search in Arabic and French, sort, pages', querystring: productListQuery, response: ok(productPage) } },
    async (request, reply) => {
      const q = request.query
      let categoryIds: string[] | undefined
      if (q.category) {
        const all = await listActiveCategories(app.db)
        const category = findCategory(all, q.category)
        // an unknown category is an empty result, not an error: the filter comes from a link or a select
        categoryIds = category ? subtreeIds(all, category.id) : []
      }
      const searchTerm = q.search || undefined
      const result = await findProducts(
        app.db,
        {
          categoryIds,
          minPrice: q['price[gte]'] ?? q.minPrice,
          maxPrice: q['price[lte]'] ?? q.maxPrice,
          search: searchTerm ? { term: searchTerm } : undefined,
        },
        { sort: q.sort ?? (searchTerm ? 'relevance' : 'newest'), page: q.page, limit: q.limit, locale: request.locale },
      )
      const fields = {
        currentPage: q.page,
        totalPages: pageCount(result.total, q.limit),
        totalProducts: result.total,
        ...(result.totalIsLowerBound ? { totalIsLowerBound: true } : {}),
      }
      return reply.okJson(withCards(result.cards, CheckedJson.of(pageFields, fields)))
    },
  )

  api.get(
    '/product/latest',
    { schema: { tags: ['catalogue'], summary: 'Latest arrivals', querystring: shortListQuery, response: ok(productListReply) } },
    async (request, reply) => {
      const cards = await listCardJson(app.db, undefined, { limit: request.query.limit, orderBy: LATEST_FIRST, locale: request.locale })
      return reply.okJson(withCards(cards))
    },
  )

  api.get(
    '/product/best-sellers',
    { schema: { tags: ['catalogue'], summary: 'Best sellers, by units sold', querystring: shortListQuery, response: ok(productListReply) } },
    async (request, reply) => {
      const cards = await listCardJson(app.db, undefined, { limit: request.query.limit, orderBy: BEST_SELLERS_FIRST, locale: request.locale })
      return reply.okJson(withCards(cards))
    },
  )

  api.get(
    '/product/category/:categoryId',
    { schema: { tags: ['catalogue'], summary: 'Category page: its products and those of its sub-categories', params: categoryKeyParams, querystring: categoryPageQuery, response: ok(categoryProductPage) } },
    async (request, reply) => {
      const all = await listActiveCategories(app.db)
      const category = findCategory(all, request.params.categoryId)
      if (!category) throw new AppError('CATEGORY_NOT_FOUND')
      const q = request.query
      const result = await findProducts(
        app.db,
        {
          categoryIds: subtreeIds(all, category.id),
          minPrice: q.minPrice,
          maxPrice: q.maxPrice,
          search: q.search ? { term: q.search } : undefined,
        },
        { sort: q.sort, page: q.page, limit: q.limit, locale: request.locale },
      )
      const fields = {
        category: categoryReply(category, request.locale),
        currentPage: q.page,
        totalPages: pageCount(result.total, q.limit),
        totalProducts: result.total,
      }
      return reply.okJson(withCards(result.cards, CheckedJson.of(categoryPageFields, fields)))
    },
  )

  api.get(
    '/product/:id',
    { schema: { tags: ['catalogue'], summary: 'Product detail (id or slug) with variants, images and related products', params: productKeyParams, response: ok(productDetailReply) } },
    async (request, reply) => {
      const detail = await findProductDetailJson(app.db, request.params.id, request.locale)
      if (!detail) throw new AppError('PRODUCT_NOT_FOUND')
      return reply.okJson(detail)
    },
  )

  api.get(
    '/product/homepage/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Top-level categories with their newest products',
        querystring: homepageQuery,
        response: ok(homepageCategoriesReply),
      },
    },
    async (request, reply) => {
      const all = await listActiveCategories(app.db)
      const sections = await Promise.all(
        topLevel(all).map(async (category) => ({
          ...categoryReply(category, request.locale),
          products: await listProductSummaries(app.db, inCategories(subtreeIds(all, category.id)), {
            limit: request.query.productsPerCategory,
            locale: request.locale,
          }),
        })),
      )
      return reply.ok({ categories: sections })
    },
  )
}
