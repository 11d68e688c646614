import { type BulkOrderResult, type bulkOrdersBody, can, canMoveOrderAs, FINAL_STATUSES, type Locale, type OrderStatus, type StaffRole, translate } from '@shop/shared'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { orders, staff } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import type { Actor } from '../audit/audit.service.ts'
import { changeOrder, moveOrder, recordHistory } from './orders.admin-service.ts'
import type { OrderRow } from './order.read.ts'

export type BulkOrders = z.output<typeof bulkOrdersBody>

/** The status a moving bulk action takes each order to. */
function targetOf(body: BulkOrders): OrderStatus {
  return body.action === 'confirm' ? 'confirmed' : (body.status as OrderStatus)
}

/**
 * Gives one order to an agent as a standing assignment (`assigned_until` null: the call queue hands it to that
 * agent first, and skips it for the others), or takes it back (staffId null); any lease ends. One transaction
 * with the order's version, a history entry naming the agent. Orders already closed are refused.
 */
async function assignOrder(db: Db, orderId: string, version: number, agent: { id: string; name: string } | null, actor: Actor): Promise<OrderRow> {
  return changeOrder(
    db,
    orderId,
    version,
    async (_tx, row) => {
      if ((FINAL_STATUSES as readonly string[]).includes(row.status)) throw new AppError('STATUS_MOVE_NOT_ALLOWED', { params: { from: row.status, to: row.status } })
      return { assignedStaffId: agent?.id ?? null, assignedUntil: null }
    },
    async (tx, before) => {
      const status = before.status as OrderStatus
      await recordHistory(tx, {
        orderId,
        from: status,
        to: status,
        staffId: actor.id,
        kind: 'assignment',
        note: agent?.name ?? null,
        details: { staffId: agent?.id ?? null, previousStaffId: before.assignedStaffId },
      })
    },
  )
}

/** The agent a bulk assignment names: an active member of staff who works orders. */
async function assignee(db: Db, staffId: string | null | undefined): Promise<{ id: string; name: string } | null> {
  if (!staffId) return null
  const [member] = await db.select({ id: staff.id, name: staff.name, role: staff.role, isActive: staff.isActive }).from(staff).where(eq(staff.id, staffId))
  if (!member || !member.isActive || !can(member.role, 'orders.work')) throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'staffId', message: 'validation:required' }] })
  return { id: member.id, name: member.name }
}

/**
 * One action on several orders of the list, each on its own: every order is moved in its own transaction
 * (moveOrder: the move table, the stock, the history and the audit line), so one refusal (a move the table
 * or the caller's role does not allow, an order changed meanwhile) leaves that order as it was and the
 * others go through. Each order is taken at the version it has now: the move table still guards what a
 * member of staff changed meanwhile. The reply says per order: done, or the refusal in the caller's language.
 */
export async function bulkOrders(db: Db, body: BulkOrders, actor: Actor & { role: StaffRole }, locale: Locale): Promise<BulkOrderResult[]> {
  const to = targetOf(body)
  // giving orders to an agent is a manager's decision; the agent named must exist and work orders
  if (body.action === 'assign' && !can(actor.role, 'orders.manage')) throw new AppError('FORBIDDEN')
  const agent = body.action === 'assign' ? await assignee(db, body.staffId) : null
  const results: BulkOrderResult[] = []
  for (const id of [...new Set(body.ids.map((i) => i.toLowerCase()))]) {
    const [row] = await db.select({ version: orders.version, trackingNumber: orders.trackingNumber, status: orders.status }).from(orders).where(eq(orders.id, id))
    try {
      if (!row) throw new AppError('ORDER_NOT_FOUND')
      if (body.action !== 'assign' && !canMoveOrderAs(actor.role, to)) throw new AppError('FORBIDDEN')
      const moved =
        body.action === 'assign'
          ? await assignOrder(db, id, row.version, agent, actor)
          : await moveOrder(db, { orderId: id, to, version: row.version, actor, note: body.note })
      results.push({ id, trackingNumber: row.trackingNumber, ok: true, status: moved.status as OrderStatus, error: null })
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'INTERNAL'
      const params = error instanceof AppError ? error.params : {}
      results.push({
        id,
        trackingNumber: row?.trackingNumber ?? null,
        ok: false,
        status: (row?.status as OrderStatus | undefined) ?? null,
        error: { code, message: translate(locale, `errors:${code}`, params) },
      })
    }
  }
  return results
}
