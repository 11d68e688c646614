import type { Locale, placedOrder } from '@shop/shared'
import type { z } from 'zod'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { communes, orderItems, orderStatusHistory, orders, returnRequests, wilayas } from '../../db/schema.ts'
import { mediaUrl } from '../../http/media.ts'
import { pickLocalized as localized } from '@shop/shared'
import { getShopSettings, type ShopSettingsRow } from '../settings/settings.repo.ts'

export type OrderRow = typeof orders.$inferSelect

const placeName = (row: { nameAr: string; nameFr: string } | undefined, locale: Locale) =>
  row ? (locale === 'ar' ? row.nameAr : row.nameFr) : ''

/** Orders as their owner reads them (docs/storefront-spec.md §3 "Order as read"), lines and places included. */
export async function orderReplies(db: Db, rows: OrderRow[], locale: Locale): Promise<z.input<typeof placedOrder>[]> {
  if (rows.length === 0) return []
  const ids = rows.map((o) => o.id)
  const [items, places, wilayaRows, requests, settings] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db.select().from(communes).where(inArray(communes.id, [...new Set(rows.map((o) => o.communeId))])),
    db.select().from(wilayas).where(inArray(wilayas.code, [...new Set(rows.map((o) => o.wilayaCode))])),
    db.select().from(returnRequests).where(inArray(returnRequests.orderId, ids)).orderBy(desc(returnRequests.createdAt)),
    // account details only matter to bank-transfer and CCP orders
    rows.some((o) => o.paymentMethod !== 'cash_on_delivery') ? getShopSettings(db) : null,
  ])
  return rows.map((order) =>
    replyOf(order, {
      items: items.filter((i) => i.orderId === order.id),
      commune: places.find((c) => c.id === order.communeId),
      wilaya: wilayaRows.find((w) => w.code === order.wilayaCode),
      request: requests.find((r) => r.orderId === order.id),
      settings,
      locale,
    }),
  )
}

type ShopPlace = { nameAr: string; nameFr: string }

/**
 * One order as its owner reads it, from rows already at hand: the order, its lines (in line-id order),
 * its commune and wilaya, its return request, and the shop's account details (for bank-transfer and CCP
 * orders). A new order's reply is built from what its transaction wrote and read, with no read after it.
 */
export function replyOf(
  order: OrderRow,
  parts: {
    items: (typeof orderItems.$inferSelect)[]
    commune: (ShopPlace & { postalCode: string | null }) | undefined
    wilaya: ShopPlace | undefined
    request: (typeof returnRequests.$inferSelect) | undefined
    settings: Pick<ShopSettingsRow, 'bankDetails' | 'ccpDetails'> | null
    locale: Locale
  },
): z.input<typeof placedOrder> {
  const { items, commune, wilaya, request, settings, locale } = parts
  return {
    _id: order.id,
    trackingNumber: order.trackingNumber,
    status: order.status,
    createdAt: order.createdAt,
    orderItems: items.map((i) => ({
      _id: i.id,
      product: { _id: i.productId, name: localized(i.nameAr, i.nameFr, locale), image: i.image ? mediaUrl(i.image, 300) : null },
      size: i.size,
      color: i.color,
      quantity: i.quantity,
      priceAtPurchase: i.unitPrice,
      lineTotal: i.lineTotal,
    })),
    customerInfo: { firstName: order.firstName, lastName: order.lastName, phone: order.phone, email: order.email },
    shippingAddress: {
      address: order.address,
      cityName: placeName(commune, locale),
      stateName: placeName(wilaya, locale),
      wilayaCode: order.wilayaCode,
      communeId: order.communeId,
      postalCode: commune?.postalCode ?? null,
      type: order.deliveryType,
    },
    subtotal: order.subtotal,
    discountAmount: order.discount,
    shippingFee: order.deliveryFee,
    totalAmount: order.total,
    couponCode: order.couponCode,
    notes: order.notes,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    deliveryTrackingId: order.deliveryTrackingId,
    returnRequest: request ? { status: request.status, reason: request.reason, createdAt: request.createdAt } : null,
    payment: {
      bankDetails: order.paymentMethod === 'bank_transfer' ? (settings?.bankDetails ?? null) : null,
      ccpDetails: order.paymentMethod === 'ccp' ? (settings?.ccpDetails ?? null) : null,
    },
  }
}

export async function orderReply(db: Db, order: OrderRow, locale: Locale): Promise<z.input<typeof placedOrder>> {
  const [reply] = await orderReplies(db, [order], locale)
  if (!reply) throw new Error(`order ${order.id} has no reply`)
  return reply
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1)
  return row ?? null
}

export async function statusHistory(db: Db, orderId: string) {
  const rows = await db
    .select({ status: orderStatusHistory.toStatus, createdAt: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    // staff notes, courier ids and payments are the back office's: the customer sees status moves only
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.kind, 'status')))
    .orderBy(asc(orderStatusHistory.createdAt))
  return rows.map((r) => ({ status: r.status, date: r.createdAt }))
}
