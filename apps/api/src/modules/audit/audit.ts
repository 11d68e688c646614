import { AUDIT_KINDS, type AuditKind } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { count, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { auditLog } from '../../db/schema.ts'
import { pagingQuery } from '../../http/paging.ts'
import { requireStaff } from '../../plugins/session.ts'
import { paged } from '../../http/admin-common.ts'

/** Who made a change: the signed-in staff member (id and name, copied into the log line). */
export interface Actor {
  id: string
  name: string
}

export interface AuditEntry {
  kind: AuditKind
  /** create, update, delete, deactivate, move, call, paid, reset-password... */
  action: string
  entity: 'product' | 'delivery_price' | 'delivery_defaults' | 'coupon' | 'order' | 'staff'
  entityId?: string | number | null
  label?: string | null
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/** One line of the audit log; call it with the transaction of the change, so both are kept or neither. */
export async function writeAudit(tx: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: actor.id,
    staffName: actor.name,
    kind: entry.kind,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    label: entry.label ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  })
}

/** The fields of `after` that differ from `before` (and their old values), for a short before/after summary. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>, keys: readonly (keyof T)[]) {
  const was: Record<string, unknown> = {}
  const now: Record<string, unknown> = {}
  for (const key of keys) {
    if (after[key] === undefined) continue
    const a = normalise(before[key])
    const b = normalise(after[key])
    if (a !== b) {
      was[key as string] = a
      now[key as string] = b
    }
  }
  return Object.keys(now).length > 0 ? { before: was, after: now } : null
}

function normalise(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : (value ?? null)
}

const listQuery = z.object({ kind: z.enum(AUDIT_KINDS).optional(), ...pagingQuery(50) })

type AuditRow = typeof auditLog.$inferSelect
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
      const { kind, page, limit } = request.query
      const where = kind ? eq(auditLog.kind, kind) : undefined
      const [rows, [total]] = await Promise.all([
        app.db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit).offset((page - 1) * limit),
        app.db.select({ n: count() }).from(auditLog).where(where),
      ])
      return reply.ok({ entries: rows.map(entryReply), ...paged(total?.n ?? 0, page, limit) })
    },
  )
}
