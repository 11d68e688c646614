import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  type CategoryRow,
  inCategories,
  listActiveCategories,
  listProductSummaries,
  localized,
  subtreeIds,
  topLevel,
} from './catalogue.repo.ts'

const homepageQuery = z.object({ productsPerCategory: z.coerce.number().int().min(1).max(24).default(4) })

function categoryReply(category: CategoryRow, locale: 'ar' | 'fr' | 'en') {
  return {
    _id: category.id,
    slug: category.slug,
    name: localized(category.nameAr, category.nameFr, locale),
    nameAr: category.nameAr,
    nameFr: category.nameFr,
    description: localized(category.descriptionAr, category.descriptionFr, locale),
    parentId: category.parentId,
    position: category.position,
  }
}

export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get('/category', { schema: { tags: ['catalogue'], summary: 'All active categories (a tree through parentId)' } }, async (request, reply) => {
    const all = await listActiveCategories(app.db)
    return reply.ok({ categories: all.map((c) => categoryReply(c, request.locale)) })
  })

  api.get(
    '/product/homepage/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Top-level categories with their newest products',
        querystring: homepageQuery,
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
