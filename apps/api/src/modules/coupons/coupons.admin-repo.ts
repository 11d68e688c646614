import { and, count, desc, eq, ilike, isNull, lte, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { couponRedemptions, coupons } from '../../db/schema.ts'

export type CouponRow = typeof coupons.$inferSelect
export type CouponValues = Omit<typeof coupons.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'usedCount'>

/** A coupon that is not deleted, or null. */
export async function findLiveCoupon(db: Db, id: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), isNull(coupons.deletedAt)))
    .limit(1)
  return row ?? null
}

/** One page of live coupons, newest first; `search` is part of the code (LIKE wildcards dropped). */
export async function listCoupons(db: Db, filter: { search?: string | undefined; page: number; limit: number }) {
  const { page, limit, search } = filter
  const where = and(isNull(coupons.deletedAt), search ? ilike(coupons.code, `%${search.replace(/[\\%_]/g, '')}%`) : undefined)
  const [rows, [total]] = await Promise.all([
    db.select().from(coupons).where(where).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(limit).offset((page - 1) * limit),
    db.select({ n: count() }).from(coupons).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** Retires (soft-deletes and turns off) the live, expired coupons holding `code`, but `keepId`; returns them. */
export async function retireExpiredHolders(db: Db, code: string, keepId?: string): Promise<CouponRow[]> {
  return db
    .update(coupons)
    .set({ deletedAt: sql`now()`, isActive: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(coupons.code, code),
        isNull(coupons.deletedAt),
        lte(coupons.expiresAt, sql`now()`),
        keepId ? ne(coupons.id, keepId) : undefined,
      ),
    )
    .returning()
}

export async function insertCoupon(db: Db, values: CouponValues): Promise<CouponRow> {
  const [created] = await db.insert(coupons).values(values).returning()
  if (!created) throw new Error('coupon insert returned nothing')
  return created
}

export async function updateCoupon(db: Db, id: string, values: Partial<CouponValues>): Promise<CouponRow | null> {
  const [updated] = await db.update(coupons).set({ ...values, updatedAt: sql`now()` }).where(eq(coupons.id, id)).returning()
  return updated ?? null
}

export async function countRedemptions(db: Db, couponId: string): Promise<number> {
  const [used] = await db.select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId))
  return used?.n ?? 0
}

/** Out of the list and off, its code free again; the row stays for the redemptions that point at it. */
export async function softDeleteCoupon(db: Db, id: string): Promise<void> {
  await db.update(coupons).set({ isActive: false, deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(coupons.id, id))
}

export async function deleteCoupon(db: Db, id: string): Promise<void> {
  await db.delete(coupons).where(eq(coupons.id, id))
}
