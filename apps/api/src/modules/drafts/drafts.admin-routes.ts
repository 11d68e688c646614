import { adminDraftList, adminDraftParams, adminDraftsQuery, deleted, draftOrderBody, draftOrderReply, ok, created } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../http/app-error.ts'
import { paged } from '../../http/admin-common.ts'
import { isUuid } from '../../http/paging.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import { deleteDraft, listDrafts } from './drafts.repo.ts'
import { orderFromDraft } from './drafts.service.ts'

const draftId = (id: string) => {
  if (!isUuid(id)) throw new AppError('DRAFT_NOT_FOUND')
  return id
}

/** The call-back list: abandoned quick orders, for every role that works orders. */
export async function draftAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['admin: call-backs']
  const staffOnly = requireStaff('orders.work')

  api.get(
    '/drafts',
    { schema: { tags, summary: 'Abandoned quick orders to call back, newest first (expired and ordered ones left out)', querystring: adminDraftsQuery, response: ok(adminDraftList) }, onRequest: staffOnly },
    async (request, reply) => {
      const { page, limit } = request.query
      const { rows, total } = await listDrafts(app.db, { page, limit, locale: request.locale })
      return reply.ok({ drafts: rows, ...paged(total, page, limit) })
    },
  )

  api.delete(
    '/drafts/:id',
    { schema: { tags, summary: 'Dismiss a draft', params: adminDraftParams, response: ok(deleted) }, onRequest: staffOnly },
    async (request, reply) => {
      if (!(await deleteDraft(app.db, draftId(request.params.id)))) throw new AppError('DRAFT_NOT_FOUND')
      return reply.ok({ deleted: true as const })
    },
  )

  api.post(
    '/drafts/:id/order',
    { schema: { tags, summary: 'Turn a draft into an order (same rules as the storefront), then remove it', params: adminDraftParams, body: draftOrderBody, response: created(draftOrderReply) }, onRequest: staffOnly },
    async (request, reply) => {
      const order = await orderFromDraft(app.db, { draftId: draftId(request.params.id), input: request.body, actor: staffOf(request), locale: request.locale })
      return reply.code(201).ok({ order })
    },
  )
}
