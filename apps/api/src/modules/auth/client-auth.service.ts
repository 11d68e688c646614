import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { clients, orders, passwordResetCodes, sessions } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { hashToken } from '../../plugins/session.ts'
import { hashPassword, verifyPassword } from './passwords.ts'

export type ClientRow = typeof clients.$inferSelect

export const RESET_CODE_TTL_MS = 10 * 60 * 1000
export const RESET_CODE_MAX_ATTEMPTS = 5

export async function findClientByEmail(db: Db, email: string): Promise<ClientRow | null> {
  const [row] = await db.select().from(clients).where(sql`lower(${clients.email}) = ${email.trim().toLowerCase()}`).limit(1)
  return row ?? null
}

/** The same work whether or not the e-mail has an account: the reply time says nothing about it. */
export async function authenticateClient(db: Db, email: string, password: string): Promise<ClientRow | null> {
  const client = await findClientByEmail(db, email)
  const ok = await verifyPassword(client?.passwordHash, password)
  return ok && client ? client : null
}

export async function createClient(
  db: Db,
  input: { firstName: string; lastName: string; email: string; password: string; phone: string | null },
): Promise<ClientRow> {
  const passwordHash = await hashPassword(input.password)
  const inserted = await db
    .insert(clients)
    .values({ firstName: input.firstName, lastName: input.lastName, email: input.email.trim(), phone: input.phone, passwordHash })
    .onConflictDoNothing()
    .returning()
  const row = inserted[0]
  if (!row) throw new AppError('EMAIL_TAKEN', { fieldErrors: [{ field: 'email', message: 'errors:EMAIL_TAKEN' }] })
  return row
}

/** Every session of the client ends (password reset), or every one but the current (password change). */
export async function revokeSessions(db: Db, clientId: string, keepToken?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.clientId, clientId), keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined))
}

export async function setPassword(db: Db, clientId: string, password: string): Promise<void> {
  await db.update(clients).set({ passwordHash: await hashPassword(password), updatedAt: sql`now()` }).where(eq(clients.id, clientId))
}

const codeHash = (clientId: string, code: string) => createHash('sha256').update(`${clientId}:${code}`).digest('hex')

/** Stands for "no account" in the reset-code statements, so they are the same for any e-mail. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000'

/**
 * A new 6-digit code (older ones stop working); only its hash is stored. With no account (clientId
 * null) the very same statements run and write a row that can never be used (client_id null, purged
 * once expired): the work, and so the time, does not depend on whether the e-mail has an account.
 */
export async function issueResetCode(db: Db, clientId: string | null): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const owner = clientId ?? NO_ACCOUNT
  await db.transaction(async (tx) => {
    await tx.update(passwordResetCodes).set({ usedAt: sql`now()` }).where(and(eq(passwordResetCodes.clientId, owner), isNull(passwordResetCodes.usedAt)))
    await tx.insert(passwordResetCodes).values({ clientId, codeHash: codeHash(owner, code), expiresAt: new Date(Date.now() + RESET_CODE_TTL_MS) })
  })
  return code
}

/**
 * "Forgot password": the same statements whether or not the e-mail has an account (look-up, code
 * issued); the caller sends the mail, out of the request path, only when there is an account.
 */
export async function requestPasswordReset(db: Db, email: string): Promise<{ client: ClientRow | null; code: string }> {
  const client = await findClientByEmail(db, email)
  const code = await issueResetCode(db, client?.id ?? null)
  return { client, code }
}

/**
 * Checks a reset code: the client's latest live code, at most 5 attempts, 10 minutes. With `consume`
 * the code is used up in the same statement that checks it, so it works once only.
 */
export async function checkResetCode(db: Db, email: string, code: string, consume: boolean): Promise<ClientRow> {
  const client = await findClientByEmail(db, email)
  if (!client) throw new AppError('RESET_CODE_INVALID')
  return db.transaction(async (tx) => {
    const [live] = await tx
      .select()
      .from(passwordResetCodes)
      .where(and(eq(passwordResetCodes.clientId, client.id), isNull(passwordResetCodes.usedAt), gt(passwordResetCodes.expiresAt, sql`now()`)))
      .orderBy(desc(passwordResetCodes.createdAt))
      .limit(1)
      .for('update')
    if (!live || live.attempts >= RESET_CODE_MAX_ATTEMPTS) throw new AppError('RESET_CODE_INVALID')
    const expected = Buffer.from(live.codeHash, 'hex')
    const given = Buffer.from(codeHash(client.id, code), 'hex')
    if (!timingSafeEqual(expected, given)) {
      await tx.update(passwordResetCodes).set({ attempts: sql`${passwordResetCodes.attempts} + 1` }).where(eq(passwordResetCodes.id, live.id))
      return null
    }
    if (consume) await tx.update(passwordResetCodes).set({ usedAt: sql`now()` }).where(eq(passwordResetCodes.id, live.id))
    return client
  }).then((result) => {
    // the failed attempt is committed before refusing, so the count holds
    if (!result) throw new AppError('RESET_CODE_INVALID')
    return result
  })
}

export type ProfileChange = Partial<Pick<ClientRow, 'firstName' | 'lastName' | 'phone' | 'dateOfBirth'>>

export async function findClient(db: Db, id: string): Promise<ClientRow | null> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id))
  return row ?? null
}

/** How many orders the account placed (every status). */
export async function countClientOrders(db: Db, clientId: string): Promise<number> {
  const [total] = await db.select({ n: count() }).from(orders).where(eq(orders.clientId, clientId))
  return Number(total?.n ?? 0)
}

/** Saves the fields given; nothing is written when none is. */
export async function updateProfile(db: Db, clientId: string, changes: ProfileChange): Promise<void> {
  if (Object.keys(changes).length === 0) return
  await db.update(clients).set({ ...changes, updatedAt: sql`now()` }).where(eq(clients.id, clientId))
}
