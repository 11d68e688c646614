import {
  EDITABLE_STATUSES,
  type Locale,
  type OrderEditDetails,
  type orderEditBody,
  type OrderEditQuote,
  type OrderEditSnapshot,
  type OrderStatus,
  pickLocalized,
  translate,
} from '@shop/shared'
import { and, eq, isNotNull } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { communes, couponRedemptions, orderItems, orders } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { type Actor, writeAudit } from '../audit/audit.service.ts'
import { checkCoupon, redeemCoupon } from '../coupons/coupons.service.ts'
import { moveStock } from './order.repo.ts'
import { orderLineRow, priceOrder, stockRefusal } from './order.service.ts'
import { changeOrder, recordHistory, releaseCouponUse } from './orders.admin-service.ts'

type OrderRow = typeof orders.$inferSelect
type ItemRow = typeof orderItems.$inferSelect
export type OrderEdit = z.output<typeof orderEditBody>

/** Thrown out of a preview's transaction so that everything it did rolls back; carries the quote. */
class PreviewDone extends Error {
  constructor(readonly quote: OrderEditQuote) {
    super('preview')
  }
}

function snapshot(
  row: Pick<OrderRow, 'firstName' | 'lastName' | 'phone' | 'wilayaCode' | 'communeId' | 'address' | 'deliveryType' | 'subtotal' | 'discount' | 'deliveryFee' | 'total' | 'couponCode'>,
  lines: Pick<ItemRow, 'nameAr' | 'nameFr' | 'size' | 'color' | 'quantity' | 'unitPrice'>[],
  commune: { nameAr: string; nameFr: string } | undefined,
): OrderEditSnapshot {
  return {
    lines: lines.map((l) => ({ nameAr: l.nameAr, nameFr: l.nameFr, size: l.size, color: l.color, quantity: l.quantity, unitPrice: l.unitPrice })),
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    wilayaCode: row.wilayaCode,
    communeId: row.communeId,
    communeNameAr: commune?.nameAr ?? '',
    communeNameFr: commune?.nameFr ?? '',
    address: row.address,
    deliveryType: row.deliveryType,
    subtotal: row.subtotal,
    discount: row.discount,
    deliveryFee: row.deliveryFee,
    total: row.total,
    couponCode: row.couponCode,
  }
}

/**
 * Edits an order during the confirmation call: its lines (another size or colour of the same product, the
 * quantity, lines added or removed), the customer's name and phone, the place and the delivery type. One
 * transaction, with the order row locked and its version checked (changeOrder):
 * - prices: checkout's pricing (priceOrder). A variant the order already had keeps the unit price the
 *   customer ordered at; a new line, or a line changed to another variant, is priced at the product's
 *   current price. The delivery fee comes from the delivery-price table for the new wilaya and type, and
 *   the shop's limits (units per line, per order) apply.
 * - the coupon is checked again with checkout's rules (checkCoupon) on the new subtotal, its use given back
 *   first so the order does not count against itself; when it no longer applies it is dropped (its use
 *   stays given back) and the reply says why, otherwise it is redeemed again with the new discount.
 * - stock moves both ways by the difference per variant (moveStock): units given back to variants the order
 *   holds fewer of, taken with checkout's no-oversell guard from those it holds more of. A short variant
 *   refuses the edit and nothing is written.
 * - a history entry (kind 'edit') keeps the before and after; the audit log gets the money change, if any.
 * `preview` does all of it and rolls it back: the reply is exactly what saving would do.
 */
export async function editOrder(db: Db, orderId: string, edit: OrderEdit, actor: Actor, locale: Locale): Promise<OrderEditQuote> {
  let quote: OrderEditQuote | undefined
  // the lines as they were, read under the order's lock by the change step, for the history entry
  let previousLines: ItemRow[] = []
  try {
    await changeOrder(
      db,
      orderId,
      edit.version,
      async (tx, row) => {
        if (!(EDITABLE_STATUSES as readonly string[]).includes(row.status)) throw new AppError('ORDER_NOT_EDITABLE')
        const oldLines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId))
        previousLines = oldLines
        const keptPrices = new Map<string, number>()
        for (const line of oldLines) if (line.variantId) keptPrices.set(line.variantId, line.unitPrice)
        const priced = await priceOrder(
          tx,
          {
            items: edit.lines.map((l) => ({ productId: l.productId.toLowerCase(), quantity: l.quantity, size: l.size, color: l.color })),
            wilayaCode: edit.wilayaCode,
            communeId: edit.communeId,
            deliveryType: edit.deliveryType,
            paymentMethod: row.paymentMethod,
            customer: { phone: edit.customer.phone },
          },
          { locale },
          keptPrices,
        )

        // the coupon, by checkout's rules, on the new subtotal and phone
        let discount = 0
        let couponDropped: OrderEditQuote['couponDropped'] = null
        let coupon: Awaited<ReturnType<typeof checkCoupon>>['coupon'] | null = null
        if (row.couponCode) {
          // given back first, so that the order's own use does not count against it
          await releaseCouponUse(tx, orderId)
          try {
            const checked = await checkCoupon(tx, row.couponCode, priced.subtotal, { phone: edit.customer.phone, clientId: row.clientId }, locale)
            coupon = checked.coupon
            discount = checked.discount
          } catch (error) {
            if (!(error instanceof AppError)) throw error
            couponDropped = { code: row.couponCode, reason: translate(locale, `errors:${error.code}`, error.params) }
          }
          // the released use is removed (a live order keeps no released redemption, and one row per order);
          // a coupon that still applies is redeemed again with the new discount and phone
          await tx.delete(couponRedemptions).where(and(eq(couponRedemptions.orderId, orderId), isNotNull(couponRedemptions.releasedAt)))
          if (coupon) await redeemCoupon(tx, coupon, { orderId, phone: edit.customer.phone, clientId: row.clientId, discount })
        }

        // stock: the difference per variant, both ways
        const deltas = new Map<string, { variantId: string; productId: string; quantity: number }>()
        for (const line of oldLines) {
          if (!line.variantId || !line.productId) continue
          const d = deltas.get(line.variantId) ?? { variantId: line.variantId, productId: line.productId, quantity: 0 }
          d.quantity -= line.quantity
          deltas.set(line.variantId, d)
        }
        for (const line of priced.lines) {
          const d = deltas.get(line.variant.id) ?? { variantId: line.variant.id, productId: line.product.id, quantity: 0 }
          d.quantity += line.quantity
          deltas.set(line.variant.id, d)
        }
        const short = await moveStock(tx, [...deltas.values()])
        const shortLine = priced.lines.find((l) => short.includes(l.variant.id))
        if (shortLine) throw await stockRefusal(tx, shortLine, locale)

        // the lines themselves
        await tx.delete(orderItems).where(eq(orderItems.orderId, orderId))
        await tx.insert(orderItems).values(priced.lines.map((line) => orderLineRow(orderId, line)))
        const total = priced.subtotal - discount + priced.deliveryFee
        quote = {
          lines: priced.lines.map((line) => ({
            productId: line.product.id,
            variantId: line.variant.id,
            name: pickLocalized(line.product.nameAr, line.product.nameFr, locale),
            size: line.variant.size,
            color: line.variant.color,
            unitPrice: line.unitPrice,
            quantity: line.quantity,
            lineTotal: line.unitPrice * line.quantity,
            priceKept: line.priceKept,
          })),
          subtotal: priced.subtotal,
          discount,
          deliveryFee: priced.deliveryFee,
          totalAmount: total,
          couponCode: coupon?.code ?? null,
          couponDropped,
        }
        return {
          firstName: edit.customer.firstName,
          lastName: edit.customer.lastName,
          phone: edit.customer.phone,
          wilayaCode: edit.wilayaCode,
          wilayaCode58: priced.commune.wilayaCode58,
          communeId: priced.commune.id,
          deliveryType: edit.deliveryType,
          address: edit.address || null,
          subtotal: priced.subtotal,
          discount,
          deliveryFee: priced.deliveryFee,
          total,
          couponId: coupon?.id ?? null,
          couponCode: coupon?.code ?? null,
        }
      },
      async (tx, before, updated) => {
        const oldCommune = (await tx.select({ nameAr: communes.nameAr, nameFr: communes.nameFr }).from(communes).where(eq(communes.id, before.communeId)))[0]
        const newCommune = (await tx.select({ nameAr: communes.nameAr, nameFr: communes.nameFr }).from(communes).where(eq(communes.id, updated.communeId)))[0]
        const newLines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId))
        const details: OrderEditDetails = {
          before: snapshot(before, previousLines, oldCommune),
          after: snapshot(updated, newLines, newCommune),
        }
        await recordHistory(tx, { orderId, from: before.status as OrderStatus, to: before.status as OrderStatus, staffId: actor.id, kind: 'edit', details })
        const money = (o: OrderRow) => ({ subtotal: o.subtotal, discount: o.discount, deliveryFee: o.deliveryFee, total: o.total, couponCode: o.couponCode })
        const changed = (['subtotal', 'discount', 'deliveryFee', 'total'] as const).some((k) => before[k] !== updated[k])
        if (changed) {
          const feeOnly = before.subtotal === updated.subtotal && before.discount === updated.discount
          await writeAudit(tx, actor, {
            kind: feeOnly ? 'delivery_fee' : 'price',
            action: 'edit',
            entity: 'order',
            entityId: orderId,
            label: before.trackingNumber,
            before: money(before),
            after: money(updated),
          })
        }
        if (edit.preview) throw new PreviewDone(quote as OrderEditQuote)
      },
    )
  } catch (error) {
    if (error instanceof PreviewDone) return error.quote
    throw error
  }
  if (!quote) throw new Error('order edit produced no quote')
  return quote
}
