import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'

/** Tables a refused request must leave exactly as they were (rate-limit counters excepted: they count refusals too). */
const TABLES: { name: string; updated?: boolean }[] = [
  { name: 'clients', updated: true },
  { name: 'sessions' },
  { name: 'password_reset_codes' },
  { name: 'carts', updated: true },
  { name: 'cart_items', updated: true },
  { name: 'orders', updated: true },
  { name: 'order_items' },
  { name: 'order_status_history' },
  { name: 'coupon_redemptions' },
  { name: 'coupons', updated: true },
  { name: 'idempotency_keys' },
  { name: 'variants', updated: true },
  { name: 'products', updated: true },
  { name: 'newsletter_subscriptions' },
  { name: 'contact_messages' },
]

/**
 * Row counts, and the latest updated_at where the table has one, of every table a shopper can write:
 * two equal fingerprints mean the requests in between wrote nothing (docs/reliability-test-plan.md B3/B4).
 */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const table of TABLES) {
    const query = table.updated
      ? sql.raw(`select count(*)::int as n, coalesce(max(updated_at)::text, '') as u, coalesce(sum(hashtext(t::text)), 0)::text as h from ${table.name} t`)
      : sql.raw(`select count(*)::int as n, '' as u, coalesce(sum(hashtext(t::text)), 0)::text as h from ${table.name} t`)
    const result = await db.execute(query)
    const row = (result as unknown as { rows: { n: number; u: string; h: string }[] }).rows[0]
    out[table.name] = `${row?.n}|${row?.u}|${row?.h}`
  }
  return out
}
