import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { coupons } from '../../db/schema.ts'

/** Coupons open to every shopper now: active, started, not expired, not used up; smallest minimum order first. */
export async function listOpenCoupons(db: Db) {
  return db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.isActive, true),
        isNull(coupons.deletedAt),
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, sql`now()`)),
        or(isNull(coupons.startsAt), sql`${coupons.startsAt} <= now()`),
        or(isNull(coupons.maxUses), sql`${coupons.usedCount} < ${coupons.maxUses}`),
      ),
    )
    .orderBy(asc(coupons.minOrder), asc(coupons.code))
}
