import {
  adminCategoriesReply,
  adminCategoryReply,
  catalogueIdParams as params,
  categoryBody,
  categoryPatchBody,
  created,
  deletedReply,
  ok,
} from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import { requireUuid } from '../../http/admin-common.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff } from '../../plugins/session.ts'
import { changeCategory, createCategory, listAdminCategories, removeCategory } from './categories.admin-service.ts'

/** The whole tree is small (tens of rows): one list, not paginated. */
export async function categoryAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const staffOnly = requireStaff('catalogue')
  const tags = ['admin: catalogue']
  const categoryId = (raw: string) => requireUuid(raw, 'CATEGORY_NOT_FOUND')

  api.get('/categories', { schema: { tags, summary: 'Every category, with product and sub-category counts', response: ok(adminCategoriesReply) }, onRequest: staffOnly }, async (_request, reply) => {
    const list = await listAdminCategories(app.db)
    return reply.ok({ categories: list, total: list.length })
  })

  api.post('/categories', { schema: { tags, summary: 'Create a category (slug generated)', body: categoryBody, response: created(adminCategoryReply) }, onRequest: staffOnly }, async (request, reply) => {
    return reply.code(201).ok({ category: await createCategory(app.db, request.body) })
  })

  api.patch('/categories/:id', { schema: { tags, summary: 'Change a category', params, body: categoryPatchBody, response: ok(adminCategoryReply) }, onRequest: staffOnly }, async (request, reply) => {
    return reply.ok({ category: await changeCategory(app.db, categoryId(request.params.id), request.body) })
  })

  api.delete('/categories/:id', { schema: { tags, summary: 'Delete an empty category (409 CATEGORY_IN_USE otherwise)', params, response: ok(deletedReply) }, onRequest: staffOnly }, async (request, reply) => {
    await removeCategory(app.db, categoryId(request.params.id))
    return reply.ok({ deleted: true })
  })
}
