import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { asc, count, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { categories, products } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { requireStaff } from '../../plugins/session.ts'
import { subtreeIds } from './catalogue.repo.ts'
import { mapConstraint, requireUuid } from '../../http/admin-common.ts'
import { freeSlug } from './products.admin-service.ts'

const fields = {
  nameAr: z.string().trim().min(1).max(100),
  nameFr: z.string().trim().min(1).max(100),
  descriptionAr: z.string().trim().max(2000).optional(),
  descriptionFr: z.string().trim().max(2000).optional(),
  parentId: z.string().uuid().nullable().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  isActive: z.boolean().optional(),
}
const createBody = z.object(fields)
const patchBody = z.object(fields).partial()
const params = z.object({ id: z.string() })

type CategoryRow = typeof categories.$inferSelect

/**
 * `productCount` counts the category's products and its sub-categories' (a parent category holds no product
 * itself in most shops: counting its own alone showed 0); `ownProductCount` counts the ones placed in it directly.
 */
function categoryReply(row: CategoryRow, productCount: number, childCount: number, ownProductCount: number) {
  return {
    _id: row.id,
    slug: row.slug,
    parentId: row.parentId,
    nameAr: row.nameAr,
    nameFr: row.nameFr,
    descriptionAr: row.descriptionAr,
    descriptionFr: row.descriptionFr,
    position: row.position,
    isActive: row.isActive,
    productCount,
    ownProductCount,
    childCount,
  }
}

/** Each category with its own products, its subtree's products and its direct children, in the rows' order. */
function withCounts(rows: CategoryRow[], productCounts: { id: string; n: number }[]) {
  const own = new Map(productCounts.map((r) => [r.id, Number(r.n)]))
  return rows.map((row) => {
    const total = subtreeIds(rows, row.id).reduce((sum, id) => sum + (own.get(id) ?? 0), 0)
    return categoryReply(row, total, rows.filter((c) => c.parentId === row.id).length, own.get(row.id) ?? 0)
  })
}

/** The whole tree is small (tens of rows): one list, not paginated. */
export async function categoryAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const staffOnly = requireStaff('catalogue')
  const tags = ['admin: catalogue']
  const categoryId = (raw: string) => requireUuid(raw, 'CATEGORY_NOT_FOUND')

  const getOne = async (id: string) => {
    const [row] = await app.db.select().from(categories).where(eq(categories.id, id)).limit(1)
    if (!row) throw new AppError('CATEGORY_NOT_FOUND')
    const [all, productCounts] = await Promise.all([
      app.db.select().from(categories),
      app.db.select({ id: products.categoryId, n: count() }).from(products).groupBy(products.categoryId),
    ])
    return withCounts(all, productCounts).find((c) => c._id === id) ?? categoryReply(row, 0, 0, 0)
  }

  api.get('/categories', { schema: { tags, summary: 'Every category, with product and sub-category counts' }, onRequest: staffOnly }, async (_request, reply) => {
    const [rows, productCounts] = await Promise.all([
      app.db.select().from(categories).orderBy(asc(categories.position), asc(categories.nameFr)),
      app.db.select({ id: products.categoryId, n: count() }).from(products).groupBy(products.categoryId),
    ])
    const list = withCounts(rows, productCounts)
    return reply.ok({ categories: list, total: list.length })
  })

  api.post('/categories', { schema: { tags, summary: 'Create a category (slug generated)', body: createBody }, onRequest: staffOnly }, async (request, reply) => {
    const body = request.body
    if (body.parentId) await getOne(body.parentId)
    const slug = await freeSlug(app.db, categories, body.nameFr)
    const [row] = await mapConstraint(
      () => app.db.insert(categories).values({ ...body, slug, parentId: body.parentId ?? null }).returning({ id: categories.id }),
      { categories_slug_unique: new AppError('CONFLICT') },
    )
    if (!row) throw new Error('category insert returned nothing')
    return reply.code(201).ok({ category: await getOne(row.id) })
  })

  api.patch('/categories/:id', { schema: { tags, summary: 'Change a category', params, body: patchBody }, onRequest: staffOnly }, async (request, reply) => {
    const id = categoryId(request.params.id)
    await getOne(id)
    const { parentId } = request.body
    if (parentId) {
      // a category cannot move under itself or under one of its own sub-categories
      const all = await app.db.select().from(categories)
      if (subtreeIds(all, id).includes(parentId)) {
        throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'parentId', message: 'validation:invalid' }] })
      }
      await getOne(parentId)
    }
    const values = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined))
    await app.db.update(categories).set({ ...values, updatedAt: sql`now()` }).where(eq(categories.id, id))
    return reply.ok({ category: await getOne(id) })
  })

  api.delete('/categories/:id', { schema: { tags, summary: 'Delete an empty category (409 CATEGORY_IN_USE otherwise)', params }, onRequest: staffOnly }, async (request, reply) => {
    const id = categoryId(request.params.id)
    const category = await getOne(id)
    if (category.productCount > 0 || category.childCount > 0) throw new AppError('CATEGORY_IN_USE')
    // the foreign keys are ON DELETE RESTRICT: a product added meanwhile makes this fail instead of orphaning it
    await mapConstraint(() => app.db.delete(categories).where(eq(categories.id, id)), {
      products_category_id_categories_id_fk: new AppError('CATEGORY_IN_USE'),
      categories_parent_id_categories_id_fk: new AppError('CATEGORY_IN_USE'),
    })
    return reply.ok({ deleted: true })
  })
}
