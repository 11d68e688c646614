import { desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { driverJson } from '../../db/driver-json.ts'
import { orders, orderStaffNotes, phoneBlacklist, staff } from '../../db/schema.ts'

/** The SQL of the customer card, the risk facts of a phone and the blacklist (customers.service.ts holds the rules). */

/** How many of a phone's orders the card and the risk read, newest first: enough for any real customer. */
export const PHONE_HISTORY_MAX = 200

export interface PhoneOrderRow {
  id: string
  trackingNumber: string
  createdAt: string
  status: string
  total: number
  firstName: string
  lastName: string
  onHold: boolean
  version: number
  callOutcomes: string[]
  /** The failures couriers gave for the order's parcels (risk reasons). */
  courierFailures: string[]
}

export interface RiskFacts {
  blacklisted: boolean
  orders: PhoneOrderRow[]
}

/**
 * One scalar sub-select (a json object) with everything the risk of `phone` is computed from: whether it is
 * blacklisted and its latest orders with their call outcomes and their couriers' failures. It reads orders_phone_created_idx and the
 * history's order index; placing an order adds it to its quote statement, so checkout costs no extra round trip
 * (there the phone is a `sql.placeholder`: a statement built once, db/built-once.ts).
 */
export function riskFactsSql(phone: string | Placeholder): SQL<RiskFacts | string> {
  return sql<RiskFacts | string>`(select json_build_object(
    'blacklisted', exists (select 1 from phone_blacklist b where b.phone = ${phone}),
    'orders', coalesce((select json_agg(json_build_object(
        'id', o.id, 'trackingNumber', o.tracking_number, 'createdAt', o.created_at, 'status', o.status, 'total', o.total,
        'firstName', o.first_name, 'lastName', o.last_name, 'onHold', o.on_hold, 'version', o.version,
        'callOutcomes', coalesce((select json_agg(h.call_outcome order by h.created_at, h.id) from order_status_history h
                                  where h.order_id = o.id and h.call_outcome is not null), '[]'::json),
        'courierFailures', coalesce((select json_agg(distinct e.failure) from shipments s join shipment_events e on e.shipment_id = s.id
                                     where s.order_id = o.id and e.failure is not null), '[]'::json)
      ) order by o.created_at desc, o.id)
      from (select * from orders where phone = ${phone} order by created_at desc nulls last limit ${PHONE_HISTORY_MAX}) o), '[]'::json)
  ))`
}

/** The phone's risk facts as the statement returned them (riskFactsSql; driverJson), none read as none. */
export function readRiskFacts(raw: RiskFacts | string | null | undefined): RiskFacts {
  const facts = driverJson<RiskFacts | null | undefined>(raw)
  return { blacklisted: Boolean(facts?.blacklisted), orders: facts?.orders ?? [] }
}

export async function findRiskFacts(db: Db, phone: string): Promise<RiskFacts> {
  const result = await db.execute(sql`select ${riskFactsSql(phone)} as facts`)
  const [row] = (result as unknown as { rows: { facts: RiskFacts | string }[] }).rows
  return readRiskFacts(row?.facts)
}

/** Staff notes on the phone's orders, newest first. */
export async function phoneNotes(db: Db, phone: string, max = 50) {
  return db
    .select({ n: orderStaffNotes, trackingNumber: orders.trackingNumber, staffName: staff.name })
    .from(orderStaffNotes)
    .innerJoin(orders, eq(orders.id, orderStaffNotes.orderId))
    .leftJoin(staff, eq(staff.id, orderStaffNotes.staffId))
    .where(eq(orders.phone, phone))
    .orderBy(desc(orderStaffNotes.createdAt), desc(orderStaffNotes.id))
    .limit(max)
}

export async function findBlacklisted(db: Db, phone: string) {
  const [row] = await db.select().from(phoneBlacklist).where(eq(phoneBlacklist.phone, phone)).limit(1)
  return row ?? null
}

export async function listBlacklist(db: Db, max = 1000) {
  return db.select().from(phoneBlacklist).orderBy(desc(phoneBlacklist.createdAt), phoneBlacklist.phone).limit(max)
}

/** Adds the phone (or changes its reason); returns the row and whether it was already there. */
export async function upsertBlacklist(db: Db, row: typeof phoneBlacklist.$inferInsert) {
  const [before] = await db.select().from(phoneBlacklist).where(eq(phoneBlacklist.phone, row.phone)).for('update')
  const [saved] = await db
    .insert(phoneBlacklist)
    .values(row)
    .onConflictDoUpdate({ target: phoneBlacklist.phone, set: { reason: row.reason, staffId: row.staffId, staffName: row.staffName } })
    .returning()
  if (!saved) throw new Error('blacklist upsert returned nothing')
  return { saved, before: before ?? null }
}

export async function deleteBlacklisted(db: Db, phone: string) {
  const [removed] = await db.delete(phoneBlacklist).where(eq(phoneBlacklist.phone, phone)).returning()
  return removed ?? null
}
