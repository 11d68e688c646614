import { type draftOrderBody, type Locale, placeOrderBody } from '@shop/shared'
import { and, eq, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { orderStatusHistory } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import type { Actor } from '../audit/audit.service.ts'
import { placeOrder } from '../orders/order.service.ts'
import { deleteDraft, lockLiveDraft } from './drafts.repo.ts'

/** Where an order made from a call-back draft came from, as its placement entry in the history says. */
export const DRAFT_ORDER_SOURCE = 'call-back draft'

export interface DraftOrder {
  _id: string
  trackingNumber: string
  totalAmount: number
}

/**
 * Turns a draft into an order, in one transaction: the draft is locked (two agents cannot both order it),
 * the order placed by the storefront's own service (our prices, stock, the shop's limits, the fee; cash on
 * delivery), its placement entry names the staff member and the source, and the draft is deleted. Any
 * refusal (stock, limits, a commune outside the wilaya) rolls all of it back and the draft stays.
 */
export async function orderFromDraft(
  db: Db,
  cmd: { draftId: string; input: z.output<typeof draftOrderBody>; actor: Actor; locale: Locale },
): Promise<DraftOrder> {
  return db.transaction(async (tx) => {
    const draft = await lockLiveDraft(tx, cmd.draftId, cmd.locale)
    if (!draft) throw new AppError('DRAFT_NOT_FOUND')
    const { input } = cmd
    const body = placeOrderBody.parse({
      orderItems: [{ productId: draft.productId, quantity: input.quantity, size: input.size ?? draft.size, color: input.color ?? draft.color }],
      customerInfo: { firstName: input.firstName, lastName: input.lastName, phone: draft.phone },
      shippingAddress: { wilayaId: input.wilayaCode, communeId: input.communeId, type: input.deliveryType, address: input.address ?? null },
      paymentMethod: 'cash_on_delivery',
      notes: null,
    } satisfies z.input<typeof placeOrderBody>)
    const { order } = await placeOrder(tx, body, { clientId: null, guestSessionId: null, idempotencyKey: null, locale: draft.locale })
    // the placement entry: made by this member of staff, from a draft (orders have no source column of their own here)
    await tx
      .update(orderStatusHistory)
      .set({ staffId: cmd.actor.id, note: DRAFT_ORDER_SOURCE, details: { source: 'draft', draftId: draft._id, draftCreatedAt: draft.createdAt.toISOString() } })
      .where(and(eq(orderStatusHistory.orderId, order.id), isNull(orderStatusHistory.fromStatus)))
    await deleteDraft(tx, draft._id)
    return { _id: order.id, trackingNumber: order.trackingNumber, totalAmount: order.total }
  })
}
