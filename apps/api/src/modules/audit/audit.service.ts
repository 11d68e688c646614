import type { AuditKind } from '@shop/shared'
import type { Db } from '../../db/client.ts'
import { insertAuditLine } from './audit.repo.ts'

/** Who made a change: the signed-in staff member (id and name, copied into the log line). */
export interface Actor {
  id: string
  name: string
}

export interface AuditEntry {
  kind: AuditKind
  /** create, update, delete, deactivate, move, call, paid, reset-password... */
  action: string
  entity: 'product' | 'delivery_price' | 'delivery_defaults' | 'coupon' | 'order' | 'staff' | 'phone' | 'courier_account' | 'courier_wilaya_choice'
  entityId?: string | number | null
  label?: string | null
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/** One line of the audit log; call it with the transaction of the change, so both are kept or neither. */
export async function writeAudit(tx: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await insertAuditLine(tx, {
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
