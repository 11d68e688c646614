import { z } from 'zod'
import { AUDIT_KINDS } from '../roles.ts'
import { paging, pagingQuery, timestamp } from './http.ts'

/** The owner's audit log (`GET /admin/audit-log`). */

export const auditLogQuery = z.object({ kind: z.enum(AUDIT_KINDS).optional(), ...pagingQuery(50) })

export const auditEntry = z.object({
  _id: z.string(),
  staffId: z.string().nullable(),
  staffName: z.string(),
  kind: z.enum(AUDIT_KINDS),
  /** create, update, delete, deactivate, move, call, paid, reset-password... */
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  label: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: timestamp,
})
export type AuditEntry = z.output<typeof auditEntry>
export const auditLogReply = z.object({ entries: z.array(auditEntry), ...paging })
export type AuditLogPage = z.output<typeof auditLogReply>
