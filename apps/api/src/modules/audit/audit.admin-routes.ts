import { AUDIT_KINDS } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { paged } from '../../http/admin-common.ts'
import { pagingQuery } from '../../http/paging.ts'
import { requireStaff } from '../../plugins/session.ts'
import { type AuditRow, listAuditLog } from './audit.repo.ts'

const listQuery = z.object({ kind: z.enum(AUDIT_KINDS).optional(), ...pagingQuery(50) })

const entryReply = (row: AuditRow) => ({
  _id: String(row.id),
  staffId: row.staffId,
  staffName: row.staffName,
  kind: row.kind,
  action: row.action,
  entity: row.entity,
  entityId: row.entityId,
  label: row.label,
  before: row.before ?? null,
  after: row.after ?? null,
  createdAt: row.createdAt.toISOString(),
})

export async function auditAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.get(
    '/audit-log',
    { schema: { tags: ['admin: audit'], summary: 'Money-relevant changes, newest first, by kind (owner)', querystring: listQuery }, onRequest: requireStaff('audit') },
    async (request, reply) => {
      const { page, limit } = request.query
      const { rows, total } = await listAuditLog(app.db, request.query)
      return reply.ok({ entries: rows.map(entryReply), ...paged(total, page, limit) })
    },
  )
}
