import type { AuditKind } from '@shop/shared'
import { count, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { auditLog } from '../../db/schema.ts'

export type AuditRow = typeof auditLog.$inferSelect
export type AuditLine = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt'>

export async function insertAuditLine(tx: Db, line: AuditLine): Promise<void> {
  await tx.insert(auditLog).values(line)
}

/** One page of the log, newest first, optionally of one kind. */
export async function listAuditLog(db: Db, filter: { kind?: AuditKind | undefined; page: number; limit: number }): Promise<{ rows: AuditRow[]; total: number }> {
  const { kind, page, limit } = filter
  const where = kind ? eq(auditLog.kind, kind) : undefined
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit).offset((page - 1) * limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}
