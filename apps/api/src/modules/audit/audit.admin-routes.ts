import { type AuditKind, auditLogQuery, auditLogReply, ok } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { paged } from '../../http/admin-common.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff } from '../../plugins/session.ts'
import { type AuditRow, listAuditLog } from './audit.repo.ts'

const entryReply = (row: AuditRow): z.input<typeof auditLogReply>['entries'][number] => ({
  _id: String(row.id),
  staffId: row.staffId,
  staffName: row.staffName,
  // the database accepts only the kinds of AUDIT_KINDS
  kind: row.kind as AuditKind,
  action: row.action,
  entity: row.entity,
  entityId: row.entityId,
  label: row.label,
  before: (row.before ?? null) as Record<string, unknown> | null,
  after: (row.after ?? null) as Record<string, unknown> | null,
  createdAt: row.createdAt,
})

export async function auditAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  api.get(
    '/audit-log',
    { schema: { tags: ['admin: audit'], summary: 'Money-relevant changes, newest first, by kind (owner)', querystring: auditLogQuery, response: ok(auditLogReply) }, onRequest: requireStaff('audit') },
    async (request, reply) => {
      const { page, limit } = request.query
      const { rows, total } = await listAuditLog(app.db, request.query)
      return reply.ok({ entries: rows.map(entryReply), ...paged(total, page, limit) })
    },
  )
}
