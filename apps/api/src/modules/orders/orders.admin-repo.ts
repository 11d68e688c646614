import {
  canMoveOrder,
  canMoveOrderAs,
  type Locale,
  normalizeDzMobile,
  ORDER_STATUSES,
  type OrderSource,
  pickLocalized,
  type OrderStatus,
  type PaymentMethod,
  type StaffRole,
} from '@shop/shared'
import { and, asc, count, eq, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { driverJson } from '../../db/driver-json.ts'
import { containing } from '../../http/paging.ts'
import {
  communes,
  couponRedemptions,
  orderItems,
  orders,
  orderStaffNotes,
  orderStatusHistory,
  returnRequests,
  shopSettings,
  staff,
  wilayas,
} from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { memoized } from '../../plugins/public-cache.ts'
import { confirmLinkPath, signConfirmToken } from './confirm-link.ts'

export interface OrderFilter {
  /** One status or several (any of them). */
  status?: OrderStatus | readonly OrderStatus[] | undefined
  /** Several statuses (the CSV export); `status` wins when both are set. */
  statuses?: readonly OrderStatus[] | undefined
  from?: string | undefined
  to?: string | undefined
  wilaya?: number | undefined
  paymentMethod?: PaymentMethod | undefined
  source?: OrderSource | undefined
  /** Only these orders (the ones ticked in the list), whatever their status. */
  ids?: readonly string[] | undefined
  search?: string | undefined
}

/** Tracking numbers issued at checkout: KH and 8 letters or digits. */
const TRACKING_NUMBER = /^KH[A-Z0-9]{8}$/i

/**
 * The WHERE of the order list and the CSV export. Deleted orders are hidden unless asked for by status.
 * Days are the shop's days in Algeria. A search that is a mobile number uses the phone index; otherwise it
 * matches the tracking number, the delivery company's id, part of the phone number or of the customer's name
 * (every word, in any order: "Benali Amine" finds "Amine Benali").
 */
export function orderConditions(filter: OrderFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = []
  const status = filter.status
  conditions.push(
    filter.ids?.length
      ? inArray(orders.id, [...filter.ids])
      : status !== undefined
      ? typeof status === 'string'
        ? eq(orders.status, status)
        : inArray(orders.status, [...status])
      : filter.statuses?.length
        ? inArray(orders.status, [...filter.statuses])
        : ne(orders.status, 'deleted'),
  )
  if (filter.from) conditions.push(gte(orders.createdAt, sql`(${filter.from}::date)::timestamp at time zone 'Africa/Algiers'`))
  if (filter.to) conditions.push(lt(orders.createdAt, sql`((${filter.to}::date) + 1)::timestamp at time zone 'Africa/Algiers'`))
  if (filter.wilaya !== undefined) conditions.push(eq(orders.wilayaCode, filter.wilaya))
  if (filter.paymentMethod) conditions.push(eq(orders.paymentMethod, filter.paymentMethod))
  if (filter.source) conditions.push(eq(orders.source, filter.source))
  const search = filter.search?.trim()
  if (search) {
    const phone = normalizeDzMobile(search)
    if (phone) {
      conditions.push(eq(orders.phone, phone))
    } else if (TRACKING_NUMBER.test(search)) {
      // the shop's own numbers (KH + 8): the unique index answers at once
      conditions.push(eq(orders.trackingNumber, search.toUpperCase()))
    } else {
      const digits = search.replace(/[\s.\-()+]/g, '')
      conditions.push(
        /^\d{4,10}$/.test(digits)
          ? // part of a phone number: rare, and the only search here that reads every order
            or(eq(orders.deliveryTrackingId, search), sql`${orders.phone} like ${`%${digits}%`}`)
          : // a name, folded like the catalogue search: every word must be in it, in any order; each LIKE is
            // answered by the orders_name_trgm index (PostgreSQL ANDs them on the one GIN index)
            or(eq(orders.deliveryTrackingId, search), and(...nameWords(search).map((word) => sql`shop_fold(${orders.firstName} || ' ' || ${orders.lastName}) like shop_fold(${containing(word)})`))),
      )
    }
  }
  return and(...conditions)
}

/** The words of a name search, at most 5 (a pasted sentence must not become 50 index scans). */
function nameWords(search: string): string[] {
  const words = [...new Set(search.split(/\s+/).filter(Boolean))]
  return words.length > 0 ? words.slice(0, 5) : [search]
}

const itemCount = sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = ${orders.id})`
const hasReturnRequest = sql<boolean>`exists (select 1 from return_requests rr where rr.order_id = ${orders.id})`

export async function listOrders(db: Db, filter: OrderFilter, page: number, limit: number, locale: Locale) {
  const where = orderConditions(filter)
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: orders.id,
        trackingNumber: orders.trackingNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        paymentStatus: orders.paymentStatus,
        firstName: orders.firstName,
        lastName: orders.lastName,
        phone: orders.phone,
        wilayaCode: orders.wilayaCode,
        wilayaNameAr: wilayas.nameAr,
        wilayaNameFr: wilayas.nameFr,
        communeNameAr: communes.nameAr,
        communeNameFr: communes.nameFr,
        deliveryType: orders.deliveryType,
        total: orders.total,
        callAttempts: orders.callAttempts,
        source: orders.source,
        version: orders.version,
        itemCount,
        hasReturnRequest,
      })
      .from(orders)
      .innerJoin(wilayas, eq(wilayas.code, orders.wilayaCode))
      .innerJoin(communes, eq(communes.id, orders.communeId))
      .where(where)
      // created_at alone, so that orders_live_created_idx (the default: every order but deleted ones) /
      // orders_status_created_idx serve the ORDER BY ... LIMIT;
      // NULLS LAST as in those indexes (plain DESC means NULLS FIRST and made PostgreSQL sort every order)
      .orderBy(sql`${orders.createdAt} desc nulls last`)
      .limit(limit)
      .offset((page - 1) * limit),
    // the total counts every matching order: by default (all but deleted ones) from orders_live_created_idx
    // alone (an index-only scan, no read of the table), with a status from orders_status_created_idx. Kept
    // until an order is placed or staff change one, 10 s at most for orders placed through other API
    // processes (plugins/public-cache.ts)
    memoized(db, `orders:admin:${JSON.stringify(filter)}`, () => db.select({ n: count() }).from(orders).where(where), 10_000),
  ])
  return {
    total: totals[0]?.n ?? 0,
    orders: rows.map((row) => ({
      _id: row.id,
      trackingNumber: row.trackingNumber,
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      paymentMethod: row.paymentMethod,
      paymentStatus: row.paymentStatus,
      customerName: `${row.firstName} ${row.lastName}`.trim(),
      phone: row.phone,
      wilayaCode: row.wilayaCode,
      wilayaName: pickLocalized(row.wilayaNameAr, row.wilayaNameFr, locale),
      communeName: pickLocalized(row.communeNameAr, row.communeNameFr, locale),
      deliveryType: row.deliveryType,
      totalAmount: row.total,
      itemCount: Number(row.itemCount),
      callAttempts: row.callAttempts,
      hasReturnRequest: Boolean(row.hasReturnRequest),
      source: row.source,
      version: row.version,
    })),
  }
}

const wilaya58 = alias(wilayas, 'wilaya58')

/** The full order as staff see it, with its history, return requests and the moves staff may make. */
/** One order for the back office; `allowedMoves` are the moves the move table and `role` both allow. */
export async function getOrderDetail(db: Db, orderId: string, locale: Locale, role: StaffRole) {
  const [row] = await db
    .select({
      order: orders,
      wilayaNameAr: wilayas.nameAr,
      wilayaNameFr: wilayas.nameFr,
      wilaya58NameAr: wilaya58.nameAr,
      wilaya58NameFr: wilaya58.nameFr,
      communeNameAr: communes.nameAr,
      communeNameFr: communes.nameFr,
    })
    .from(orders)
    .innerJoin(wilayas, eq(wilayas.code, orders.wilayaCode))
    .innerJoin(wilaya58, eq(wilaya58.code, orders.wilayaCode58))
    .innerJoin(communes, eq(communes.id, orders.communeId))
    .where(eq(orders.id, orderId))
    .limit(1)
  if (!row) throw new AppError('ORDER_NOT_FOUND')
  const o = row.order
  const [items, history, returns, redemption, staffNotes, secret] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.nameFr), asc(orderItems.id)),
    db
      .select({ h: orderStatusHistory, staffName: staff.name })
      .from(orderStatusHistory)
      .leftJoin(staff, eq(staff.id, orderStatusHistory.staffId))
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db
      .select({ r: returnRequests, staffName: staff.name })
      .from(returnRequests)
      .leftJoin(staff, eq(staff.id, returnRequests.staffId))
      .where(eq(returnRequests.orderId, orderId)),
    db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)).limit(1),
    db
      .select({ n: orderStaffNotes, staffName: staff.name })
      .from(orderStaffNotes)
      .leftJoin(staff, eq(staff.id, orderStaffNotes.staffId))
      .where(eq(orderStaffNotes.orderId, orderId))
      .orderBy(asc(orderStaffNotes.createdAt), asc(orderStaffNotes.id)),
    o.status === 'pending' ? confirmLinkSecret(db) : Promise.resolve(null),
  ])
  const status = o.status as OrderStatus
  const order = {
    _id: o.id,
    trackingNumber: o.trackingNumber,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    status,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    paidAt: o.paidAt?.toISOString() ?? null,
    clientId: o.clientId,
    customerName: `${o.firstName} ${o.lastName}`.trim(),
    customer: { firstName: o.firstName, lastName: o.lastName, phone: o.phone, email: o.email },
    phone: o.phone,
    address: {
      wilayaCode: o.wilayaCode,
      wilayaName: pickLocalized(row.wilayaNameAr, row.wilayaNameFr, locale),
      wilayaNameAr: row.wilayaNameAr,
      wilayaNameFr: row.wilayaNameFr,
      wilayaCode58: o.wilayaCode58,
      wilaya58Name: pickLocalized(row.wilaya58NameAr, row.wilaya58NameFr, locale),
      communeId: o.communeId,
      communeName: pickLocalized(row.communeNameAr, row.communeNameFr, locale),
      communeNameAr: row.communeNameAr,
      communeNameFr: row.communeNameFr,
      street: o.address,
    },
    deliveryType: o.deliveryType,
    deliveryFee: o.deliveryFee,
    deliveryTrackingId: o.deliveryTrackingId,
    coupon: o.couponCode
      ? { code: o.couponCode, discount: o.discount, released: redemption[0] ? redemption[0].releasedAt !== null : false }
      : null,
    subtotal: o.subtotal,
    discount: o.discount,
    totalAmount: o.total,
    amountToCollect: o.paymentStatus === 'paid' ? 0 : o.total,
    items: items.map((item) => ({
      _id: item.id,
      productId: item.productId,
      variantId: item.variantId,
      name: pickLocalized(item.nameAr, item.nameFr, locale),
      nameAr: item.nameAr,
      nameFr: item.nameFr,
      image: item.image,
      size: item.size,
      color: item.color,
      sku: item.sku,
      unitPrice: item.unitPrice,
      quantity: item.quantity,
      lineTotal: item.lineTotal,
    })),
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    /** The customer's note from checkout (read-only; the only note the courier CSV carries). */
    notes: o.notes,
    customerNote: o.notes,
    callAttempts: o.callAttempts,
    onHold: o.onHold,
    locale: o.locale,
    source: o.source,
    version: o.version,
  }
  return {
    order,
    history: history.map(({ h, staffName }) => ({
      _id: h.id,
      kind: h.kind,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      callOutcome: h.callOutcome,
      note: h.note,
      staffName: staffName ?? null,
      // a guest answering the confirmation link has no client id: the entry says where it came from
      byClient: h.clientId !== null || (h.details as { via?: unknown } | null)?.via === 'confirm_link',
      actor: h.actor ?? null,
      details: (h.details ?? null) as Record<string, unknown> | null,
      createdAt: h.createdAt.toISOString(),
    })),
    returnRequests: returns.map(({ r, staffName }) => ({
      _id: r.id,
      status: r.status,
      reason: r.reason,
      staffNote: r.staffNote,
      staffName: staffName ?? null,
      handledAt: r.handledAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    staffNotes: staffNotes.map(({ n, staffName }) => ({
      _id: n.id,
      text: n.text,
      staffName: staffName ?? null,
      createdAt: n.createdAt.toISOString(),
    })),
    allowedMoves: ORDER_STATUSES.filter((to) => canMoveOrder(status, to, 'staff') && canMoveOrderAs(role, to)),
    confirmLink: secret ? confirmLinkPath(signConfirmToken(secret, o.id)) : null,
  }
}

/** The key of the customers' confirmation links (never sent to any client). */
export async function confirmLinkSecret(db: Db): Promise<string> {
  const [row] = await db.select({ secret: shopSettings.confirmLinkSecret }).from(shopSettings).where(eq(shopSettings.id, 1))
  if (!row) throw new Error('shop_settings row missing')
  return row.secret
}

/** Rows of the delivery-company export, oldest first, with the 58-division wilaya and the item lines. */
export async function exportRows(db: Db, filter: OrderFilter, max: number) {
  const rows = await db
    .select({
      id: orders.id,
      trackingNumber: orders.trackingNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      firstName: orders.firstName,
      lastName: orders.lastName,
      phone: orders.phone,
      wilayaCode58: orders.wilayaCode58,
      wilayaNameAr: wilaya58.nameAr,
      wilayaNameFr: wilaya58.nameFr,
      communeNameAr: communes.nameAr,
      communeNameFr: communes.nameFr,
      address: orders.address,
      deliveryType: orders.deliveryType,
      total: orders.total,
      paymentStatus: orders.paymentStatus,
      notes: orders.notes,
      lines: sql<{ nameAr: string; nameFr: string; size: string; color: string; quantity: number }[]>`coalesce((
        select json_agg(json_build_object('nameAr', oi.name_ar, 'nameFr', oi.name_fr, 'size', oi.size, 'color', oi.color, 'quantity', oi.quantity) order by oi.name_fr, oi.id)
        from order_items oi where oi.order_id = ${orders.id}), '[]'::json)`,
    })
    .from(orders)
    .innerJoin(wilaya58, eq(wilaya58.code, orders.wilayaCode58))
    .innerJoin(communes, eq(communes.id, orders.communeId))
    // orders kept on hold (risk) and orders of a blacklisted phone never reach the courier
    .where(and(orderConditions(filter), eq(orders.onHold, false), sql`not exists (select 1 from phone_blacklist b where b.phone = ${orders.phone})`))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(max)
  type Line = { nameAr: string; nameFr: string; size: string; color: string; quantity: number }
  return rows.map((row) => ({ ...row, lines: driverJson<Line[]>(row.lines as Line[] | string) }))
}

/**
 * The ticked orders as the courier CSV sees them (exportRows takes ticked orders whatever their status): in it
 * unless kept on hold (risk) or of a blacklisted phone.
 */
export async function exportCheck(db: Db, ids: string[]) {
  const rows = await db
    .select({
      id: orders.id,
      trackingNumber: orders.trackingNumber,
      status: orders.status,
      onHold: orders.onHold,
      // the orders table named in full: inside a select list drizzle writes the column without it, which the
      // subquery would read as b.phone
      blacklisted: sql<boolean>`exists (select 1 from phone_blacklist b where b.phone = orders.phone)`,
    })
    .from(orders)
    .where(inArray(orders.id, ids))
  const position = new Map(ids.map((id, i) => [id, i]))
  return rows
    .sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0))
    .map((row) => {
      const reason = row.onHold ? ('on_hold' as const) : row.blacklisted ? ('blacklisted' as const) : null
      return { _id: row.id, trackingNumber: row.trackingNumber, status: row.status as OrderStatus, included: reason === null, reason }
    })
}
