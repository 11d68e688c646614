import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUuid } from '../../http/admin-common.ts'
import { requireStaff } from '../../plugins/session.ts'
import { changeCategory, createCategory, listAdminCategories, removeCategory } from './categories.admin-service.ts'

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

/** The whole tree is small (tens of rows): one list, not paginated. */
export async function categoryAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const staffOnly = requireStaff('catalogue')
  const tags = ['admin: catalogue']
  const categoryId = (raw: string) => requireUuid(raw, 'CATEGORY_NOT_FOUND')

  api.get('/categories', { schema: { tags, summary: 'Every category, with product and sub-category counts' }, onRequest: staffOnly }, async (_request, reply) => {
    const list = await listAdminCategories(app.db)
    return reply.ok({ categories: list, total: list.length })
  })

  api.post('/categories', { schema: { tags, summary: 'Create a category (slug generated)', body: createBody }, onRequest: staffOnly }, async (request, reply) => {
    return reply.code(201).ok({ category: await createCategory(app.db, request.body) })
  })

  api.patch('/categories/:id', { schema: { tags, summary: 'Change a category', params, body: patchBody }, onRequest: staffOnly }, async (request, reply) => {
    return reply.ok({ category: await changeCategory(app.db, categoryId(request.params.id), request.body) })
  })

  api.delete('/categories/:id', { schema: { tags, summary: 'Delete an empty category (409 CATEGORY_IN_USE otherwise)', params }, onRequest: staffOnly }, async (request, reply) => {
    await removeCategory(app.db, categoryId(request.params.id))
    return reply.ok({ deleted: true })
  })
}
