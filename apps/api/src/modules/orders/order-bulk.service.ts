import { type BulkOrderResult, type bulkOrdersBody, canMoveOrderAs, type Locale, type OrderStatus, type StaffRole, translate } from '@shop/shared'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { orders } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import type { Actor } from '../audit/audit.service.ts'
import { moveOrder } from './orders.admin-service.ts'

export type BulkOrders = z.output<typeof bulkOrdersBody>

/** What one order of a bulk action becomes: a status move (each action is one; a new action adds a case). */
function targetOf(body: BulkOrders): OrderStatus {
  switch (body.action) {
    case 'confirm':
      return 'confirmed'
    case 'status':
      return body.status as OrderStatus
  }
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
  const results: BulkOrderResult[] = []
  for (const id of [...new Set(body.ids.map((i) => i.toLowerCase()))]) {
    const [row] = await db.select({ version: orders.version, trackingNumber: orders.trackingNumber, status: orders.status }).from(orders).where(eq(orders.id, id))
    try {
      if (!row) throw new AppError('ORDER_NOT_FOUND')
      if (!canMoveOrderAs(actor.role, to)) throw new AppError('FORBIDDEN')
      const moved = await moveOrder(db, { orderId: id, to, version: row.version, actor, note: body.note })
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
