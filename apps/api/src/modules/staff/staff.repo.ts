import type { StaffRole } from '@shop/shared'
import { and, asc, count, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { sessions, staff } from '../../db/schema.ts'

export type StaffRow = typeof staff.$inferSelect
export type StaffChange = Partial<Pick<typeof staff.$inferInsert, 'name' | 'role' | 'isActive' | 'passwordHash'>>

/** The member with this e-mail address (compared in lower case), or null. */
export async function findStaffByEmail(db: Db, email: string): Promise<StaffRow | null> {
  const rows = await db
    .select()
    .from(staff)
    .where(eq(sql`lower(${staff.email})`, email.trim().toLowerCase()))
    .limit(1)
  return rows[0] ?? null
}

export async function countStaffRows(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staff)
  return row?.n ?? 0
}

export async function insertStaff(
  db: Db,
  values: { email: string; name: string; role: StaffRole; passwordHash: string },
): Promise<{ id: string; email: string }> {
  const [row] = await db.insert(staff).values(values).returning({ id: staff.id, email: staff.email })
  if (!row) throw new Error('staff insert returned nothing')
  return row
}

export async function listStaff(db: Db): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.createdAt))
}

export async function findStaff(db: Db, id: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id))
  return row ?? null
}

/** Locks the active owners (in id order, so two transactions cannot deadlock) until the transaction ends. */
export async function lockActiveOwners(tx: Db): Promise<void> {
  await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.role, 'owner'), eq(staff.isActive, true))).orderBy(asc(staff.id)).for('update')
}

export async function lockStaff(tx: Db, id: string): Promise<StaffRow | null> {
  const [row] = await tx.select().from(staff).where(eq(staff.id, id)).for('update')
  return row ?? null
}

export async function updateStaff(tx: Db, id: string, values: StaffChange): Promise<StaffRow | null> {
  const [row] = await tx.update(staff).set({ ...values, updatedAt: sql`now()` }).where(eq(staff.id, id)).returning()
  return row ?? null
}

export async function countActiveOwners(tx: Db): Promise<number> {
  const [owners] = await tx.select({ n: count() }).from(staff).where(and(eq(staff.role, 'owner'), eq(staff.isActive, true)))
  return owners?.n ?? 0
}

/** Ends every session of a member. */
export async function deleteStaffSessions(tx: Db, staffId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.staffId, staffId))
}

/** Ends every session of a member but the one whose token hash is `keepTokenHash`. */
export async function deleteOtherStaffSessions(tx: Db, staffId: string, keepTokenHash: string): Promise<void> {
  await tx.delete(sessions).where(and(eq(sessions.staffId, staffId), ne(sessions.tokenHash, keepTokenHash)))
}

export async function findPasswordHash(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ passwordHash: staff.passwordHash }).from(staff).where(eq(staff.id, id)).limit(1)
  return row?.passwordHash ?? null
}
