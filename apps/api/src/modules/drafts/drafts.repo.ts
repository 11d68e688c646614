import type { Locale } from '@shop/shared'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'

/** The SQL of the call-back drafts (drafts.service.ts holds the rules and the transactions). */

type Row = Record<string, unknown>
const rowsOf = (result: unknown): Row[] => (result as { rows?: Row[] }).rows ?? []

/** A draft still on the list: not older than the shop's expiry. */
const live = sql`d.updated_at >= now() - make_interval(hours => (select s.draft_expiry_hours from shop_settings s where s.id = 1))`

/**
 * An order of the draft's phone and product placed since the draft was made: the shopper ordered after
 * all, so the draft is off the list at once (and the cleanup deletes it). Placing an order writes nothing
 * here: the storefront's order stays the few statements it is (order-statements.test.ts).
 */
const ordered = sql`exists (
  select 1 from orders o join order_items i on i.order_id = o.id
  where o.phone = d.phone and i.product_id = d.product_id and o.created_at >= d.created_at)`

/** A draft from this phone for a product it ordered in the last hour is a late save: the page left after ordering. */
const justOrdered = (phone: string, productId: string) => sql`exists (
  select 1 from orders o join order_items i on i.order_id = o.id
  where o.phone = ${phone} and i.product_id = ${productId}::uuid and o.created_at > now() - interval '1 hour')`

export interface DraftWrite {
  productId: string
  variantId: string | null
  size: string | null
  color: string | null
  quantity: number
  firstName: string
  lastName: string
  phone: string
  wilayaCode: number | null
  communeId: number | null
  locale: Locale
}

/**
 * Saves the draft in one statement, replacing the one of the same phone and product (a replaced draft
 * starts again: its time is now). Only for an active product; the variant is kept only when it is one of
 * the product's (its size and colour then win), the wilaya when it exists and the commune when it is in
 * that wilaya (in either division). Returns false when nothing was saved.
 */
export async function upsertDraft(db: Db, d: DraftWrite): Promise<boolean> {
  const result = await db.execute(sql`
    with v as (select id, size, color from variants where id = ${d.variantId}::uuid and product_id = ${d.productId}::uuid)
    insert into order_drafts as t (product_id, variant_id, size, color, quantity, first_name, last_name, phone, wilaya_code, commune_id, locale)
    select p.id, (select id from v), coalesce((select size from v), ${d.size}::text), coalesce((select color from v), ${d.color}::text),
      ${d.quantity}::int, ${d.firstName}::text, ${d.lastName}::text, ${d.phone}::text,
      (select code from wilayas where code = ${d.wilayaCode}::smallint),
      (select id from communes where id = ${d.communeId}::int and ${d.wilayaCode}::smallint in (wilaya_code, wilaya_code_58)),
      ${d.locale}::text
    from products p
    where p.id = ${d.productId}::uuid and p.is_active and not ${justOrdered(d.phone, d.productId)}
    on conflict (phone, product_id) do update set
      variant_id = excluded.variant_id, size = excluded.size, color = excluded.color, quantity = excluded.quantity,
      first_name = excluded.first_name, last_name = excluded.last_name, wilaya_code = excluded.wilaya_code,
      commune_id = excluded.commune_id, locale = excluded.locale, created_at = now(), updated_at = now()
    returning t.id`)
  return rowsOf(result).length === 1
}

const listColumns = (locale: Locale) => {
  const name = (table: string) =>
    locale === 'ar' ? sql.raw(`${table}.name_ar`) : sql.raw(`coalesce(nullif(${table}.name_fr, ''), ${table}.name_ar)`)
  return sql`d.id, d.product_id, ${name('p')} as product_name, p.slug as product_slug, p.price, d.variant_id, d.size, d.color,
    d.quantity, d.first_name, d.last_name, d.phone, d.wilaya_code, ${name('w')} as wilaya_name, d.commune_id,
    ${name('c')} as commune_name, d.locale, d.created_at, d.updated_at,
    d.updated_at + make_interval(hours => (select s.draft_expiry_hours from shop_settings s where s.id = 1)) as expires_at`
}

const listFrom = sql`from order_drafts d
  join products p on p.id = d.product_id
  left join wilayas w on w.code = d.wilaya_code
  left join communes c on c.id = d.commune_id`

export type DraftRow = ReturnType<typeof draftOf>

function draftOf(row: Row) {
  const time = (value: unknown) => (value instanceof Date ? value : new Date(String(value)))
  return {
    _id: String(row.id),
    productId: String(row.product_id),
    productName: String(row.product_name),
    productSlug: row.product_slug === null ? null : String(row.product_slug),
    price: Number(row.price),
    variantId: row.variant_id === null ? null : String(row.variant_id),
    size: row.size === null ? null : String(row.size),
    color: row.color === null ? null : String(row.color),
    quantity: Number(row.quantity),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    phone: String(row.phone),
    wilayaCode: row.wilaya_code === null ? null : Number(row.wilaya_code),
    wilayaName: row.wilaya_name === null ? null : String(row.wilaya_name),
    communeId: row.commune_id === null ? null : Number(row.commune_id),
    communeName: row.commune_name === null ? null : String(row.commune_name),
    locale: String(row.locale) as Locale,
    createdAt: time(row.created_at),
    updatedAt: time(row.updated_at),
    expiresAt: time(row.expires_at),
  }
}

/** The call-back list, newest first: drafts neither expired nor ordered since. */
export async function listDrafts(db: Db, q: { page: number; limit: number; locale: Locale }): Promise<{ rows: DraftRow[]; total: number }> {
  const where = sql`where ${live} and not ${ordered}`
  const [list, counted] = await Promise.all([
    db.execute(sql`select ${listColumns(q.locale)} ${listFrom} ${where} order by d.updated_at desc, d.id limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
    db.execute(sql`select count(*)::int as total from order_drafts d ${where}`),
  ])
  return { rows: rowsOf(list).map(draftOf), total: Number(rowsOf(counted)[0]?.total ?? 0) }
}

/** One draft still on the list, locked until the transaction ends (two agents cannot both turn it into an order). */
export async function lockLiveDraft(db: Db, id: string, locale: Locale): Promise<DraftRow | null> {
  const result = await db.execute(sql`select ${listColumns(locale)} ${listFrom} where d.id = ${id}::uuid and ${live} and not ${ordered} for update of d`)
  const row = rowsOf(result)[0]
  return row ? draftOf(row) : null
}

export async function deleteDraft(db: Db, id: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`delete from order_drafts where id = ${id}::uuid returning id`)).length === 1
}

/** The cleanup's statement (maintenance/purge.ts): expired drafts and drafts ordered since, at most `batchSize`. */
export function purgeDraftsStatement(batchSize: number): SQL {
  return sql`
    delete from order_drafts where id in (
      select d.id from order_drafts d where not (${live}) or ${ordered} limit ${batchSize})
    returning 1`
}
