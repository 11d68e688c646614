import { colorName, type ConfirmLinkAnswer, type ConfirmLinkOrder, type Locale, pickLocalized } from '@shop/shared'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { communes, orderItems, orders, orderStatusHistory, wilayas } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { readConfirmToken } from './confirm-link.ts'
import { confirmLinkSecret } from './orders.admin-repo.ts'
import { releaseOrderStock } from './orders.admin-service.ts'
import { queueConversions } from '../pixels/conversions.ts'

/**
 * The customer's answers through the confirmation link. Reading the link changes nothing (messengers open
 * links to draw their previews); only an answer posted from the page does, once: confirm and cancel move a
 * pending order (a second answer finds it no longer pending and changes nothing), a change request keeps it
 * pending with the customer's note for the agent who calls. Each answer is one history entry marked
 * `details.via = 'confirm_link'` (the customer, guest or client, is the author).
 */

/** The order a token names; CONFIRM_LINK_INVALID (404) for a forged, expired or unknown one, all alike. */
export async function orderIdOfToken(db: Db, token: string): Promise<string> {
  const orderId = readConfirmToken(await confirmLinkSecret(db), token)
  if (!orderId) throw new AppError('CONFIRM_LINK_INVALID')
  return orderId
}

const viaLink = sql`${orderStatusHistory.details}->>'via' = 'confirm_link'`

export async function confirmLinkSummary(db: Db, orderId: string, locale: Locale): Promise<ConfirmLinkOrder> {
  const [row] = await db
    .select({ o: orders, wilayaAr: wilayas.nameAr, wilayaFr: wilayas.nameFr, communeAr: communes.nameAr, communeFr: communes.nameFr })
    .from(orders)
    .innerJoin(wilayas, eq(wilayas.code, orders.wilayaCode))
    .innerJoin(communes, eq(communes.id, orders.communeId))
    .where(eq(orders.id, orderId))
  if (!row || row.o.status === 'deleted') throw new AppError('CONFIRM_LINK_INVALID')
  const [items, [last]] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.nameFr), asc(orderItems.id)),
    db
      .select({ details: orderStatusHistory.details })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, orderId), viaLink))
      .orderBy(desc(orderStatusHistory.id))
      .limit(1),
  ])
  const o = row.o
  return {
    trackingNumber: o.trackingNumber,
    status: o.status,
    firstName: o.firstName,
    items: items.map((item) => ({
      name: pickLocalized(item.nameAr, item.nameFr, locale),
      size: item.size,
      color: colorName(item.color, locale),
      quantity: item.quantity,
      lineTotal: item.lineTotal,
    })),
    subtotal: o.subtotal,
    discount: o.discount,
    deliveryFee: o.deliveryFee,
    totalAmount: o.total,
    deliveryType: o.deliveryType,
    wilayaName: pickLocalized(row.wilayaAr, row.wilayaFr, locale),
    communeName: pickLocalized(row.communeAr, row.communeFr, locale),
    answer: ((last?.details as { answer?: ConfirmLinkAnswer } | null)?.answer ?? null),
    canAnswer: o.status === 'pending',
  }
}

/** Records the customer's answer; an order no longer pending is left as it is (the reply shows its status). */
export async function answerConfirmLink(db: Db, orderId: string, answer: ConfirmLinkAnswer, note: string | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!row) throw new AppError('CONFIRM_LINK_INVALID')
    if (row.status !== 'pending') return
    const to = answer === 'confirm' ? 'confirmed' : answer === 'cancel' ? 'cancelled' : 'pending'
    await tx
      .update(orders)
      .set({
        status: to,
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
        // the order leaves the queue (confirmed, cancelled) or is due at once with the customer's note (change)
        callbackAt: null,
        unreachableAt: null,
        ...(to === 'pending'
          ? { customerRequest: note ?? null, customerRequestAt: sql`now()` }
          : { assignedStaffId: null, assignedUntil: null }),
      })
      .where(eq(orders.id, orderId))
    if (to === 'cancelled') await releaseOrderStock(tx, orderId)
    await tx.insert(orderStatusHistory).values({
      orderId,
      fromStatus: row.status,
      toStatus: to,
      clientId: row.clientId,
      note: note ?? null,
      kind: to === 'pending' ? 'customer_reply' : 'status',
      details: { via: 'confirm_link', answer },
    })
    if (to === 'confirmed') await queueConversions(tx, orderId, 'purchase')
  })
}
