import { randomBytes } from 'node:crypto'
import type { StaffRole } from '@shop/shared'
import { count, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { staff } from '../../db/schema.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'

export async function authenticateStaff(db: Db, email: string, password: string) {
  const rows = await db
    .select()
    .from(staff)
    .where(eq(sql`lower(${staff.email})`, email.trim().toLowerCase()))
    .limit(1)
  const member = rows[0]
  const valid = await verifyPassword(member?.passwordHash, password)
  return valid && member?.isActive ? member : null
}

export async function countStaff(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staff)
  return row?.n ?? 0
}

export async function createStaff(
  db: Db,
  input: { email: string; password: string; name: string; role: StaffRole },
): Promise<{ id: string; email: string }> {
  const [row] = await db
    .insert(staff)
    .values({
      email: input.email.trim().toLowerCase(),
      name: input.name,
      role: input.role,
      passwordHash: await hashPassword(input.password),
    })
    .returning({ id: staff.id, email: staff.email })
  if (!row) throw new Error('staff insert returned nothing')
  return row
}

/** A random password for the first owner: 18 characters from a URL-safe alphabet. */
export function randomPassword(): string {
  return randomBytes(14).toString('base64url').slice(0, 18)
}
