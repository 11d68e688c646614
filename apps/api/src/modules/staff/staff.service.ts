import { randomBytes } from 'node:crypto'
import type { StaffRole } from '@shop/shared'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/app-error.ts'
import { hashToken } from '../../plugins/session.ts'
import { mapConstraint } from '../../http/admin-common.ts'
import { type Actor, changedFields, writeAudit } from '../audit/audit.service.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import {
  countActiveOwners,
  countStaffRows,
  deleteOtherStaffSessions,
  deleteStaffSessions,
  findStaff,
  findPasswordHash,
  findStaffByEmail,
  insertStaff,
  listStaff,
  lockActiveOwners,
  lockStaff,
  type StaffChange,
  type StaffRow,
  updateStaff,
} from './staff.repo.ts'

export async function authenticateStaff(db: Db, email: string, password: string) {
  const member = await findStaffByEmail(db, email)
  const valid = await verifyPassword(member?.passwordHash, password)
  return valid && member?.isActive ? member : null
}

export async function countStaff(db: Db): Promise<number> {
  return countStaffRows(db)
}

export async function createStaff(
  db: Db,
  input: { email: string; password: string; name: string; role: StaffRole },
): Promise<{ id: string; email: string }> {
  return insertStaff(db, {
    email: input.email.trim().toLowerCase(),
    name: input.name,
    role: input.role,
    passwordHash: await hashPassword(input.password),
  })
}

/** A random password for the first owner: 18 characters from a URL-safe alphabet. */
export function randomPassword(): string {
  return randomBytes(14).toString('base64url').slice(0, 18)
}

export async function listStaffAccounts(db: Db): Promise<StaffRow[]> {
  return listStaff(db)
}

/** A new account and its audit line, in one transaction; an e-mail address already used is EMAIL_TAKEN. */
export async function createStaffAccount(
  db: Db,
  actor: Actor,
  input: { email: string; password: string; name: string; role: StaffRole },
): Promise<StaffRow> {
  const created = await mapConstraint(
    () =>
      db.transaction(async (tx) => {
        const member = await createStaff(tx, input)
        await writeAudit(tx, actor, { kind: 'staff', action: 'create', entity: 'staff', entityId: member.id, label: input.name, after: { role: input.role } })
        return member
      }),
    { staff_email_lower_key: new AppError('EMAIL_TAKEN') },
  )
  const row = await findStaff(db, created.id)
  if (!row) throw new Error('staff insert returned nothing')
  return row
}

export interface StaffPatch {
  name?: string
  role?: StaffRole
  isActive?: boolean
  password?: string
}

/** Changes name, role, active or password; a deactivated member's sessions all end, a new password ends the others. */
export async function changeStaffAccount(db: Db, actor: Actor, id: string, callerToken: string | undefined, body: StaffPatch): Promise<StaffRow> {
  return changeStaff(db, id, callerToken, async (tx, current) => {
    const values: StaffChange = {}
    if (body.name !== undefined) values.name = body.name
    if (body.role !== undefined) values.role = body.role
    if (body.isActive !== undefined) values.isActive = body.isActive
    if (body.password) values.passwordHash = await hashPassword(body.password)
    const change = changedFields({ role: current.role, isActive: current.isActive }, { role: body.role, isActive: body.isActive }, ['role', 'isActive'])
    if (change || body.password) {
      await writeAudit(tx, actor, {
        kind: 'staff',
        action: body.password ? 'reset-password' : 'update',
        entity: 'staff',
        entityId: id,
        label: current.name,
        before: change?.before ?? null,
        after: { ...change?.after, ...(body.password ? { password: 'changed' } : {}) },
      })
    }
    return { values, revoke: body.isActive === false ? 'all' : body.password ? 'others' : 'none' }
  })
}

/** Sets `password` (or a generated one, returned once); the member's other sessions end. */
export async function resetStaffPassword(
  db: Db,
  actor: Actor,
  id: string,
  callerToken: string | undefined,
  password: string | undefined,
): Promise<{ member: StaffRow; password: string | null }> {
  const chosen = password ?? randomPassword()
  const passwordHash = await hashPassword(chosen)
  const member = await changeStaff(db, id, callerToken, async (tx, current) => {
    await writeAudit(tx, actor, { kind: 'staff', action: 'reset-password', entity: 'staff', entityId: id, label: current.name, after: { password: 'changed' } })
    return { values: { passwordHash }, revoke: 'others' }
  })
  return { member, password: password ? null : chosen }
}

/**
 * Changes one staff account in a transaction: the active owners are locked first (two owners demoting
 * each other at once cannot leave none), the shop must keep an active owner, and the member's sessions
 * end as asked ('others': all but the caller's own current session, after a new password).
 */
async function changeStaff(
  db: Db,
  id: string,
  callerToken: string | undefined,
  change: (tx: Db, current: StaffRow) => Promise<{ values: StaffChange; revoke: 'all' | 'others' | 'none' }>,
): Promise<StaffRow> {
  return db.transaction(async (tx) => {
    await lockActiveOwners(tx)
    const current = await lockStaff(tx, id)
    if (!current) throw new AppError('NOT_FOUND')
    const { values, revoke } = await change(tx, current)
    const updated = await updateStaff(tx, id, values)
    if (!updated) throw new AppError('NOT_FOUND')
    if ((await countActiveOwners(tx)) === 0) throw new AppError('LAST_OWNER')
    if (revoke === 'all') await deleteStaffSessions(tx, id)
    if (revoke === 'others') await deleteOtherStaffSessions(tx, id, callerToken ? hashToken(callerToken) : '')
    return updated
  })
}

/**
 * A member changes their own password: the current one must match (WRONG_PASSWORD otherwise), and every
 * other session of theirs ends with the change, in one transaction.
 */
export async function changeOwnPassword(
  db: Db,
  memberId: string,
  callerToken: string | undefined,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  if (!(await verifyPassword(await findPasswordHash(db, memberId), input.currentPassword))) {
    throw new AppError('WRONG_PASSWORD', { fieldErrors: [{ field: 'currentPassword', message: 'errors:WRONG_PASSWORD' }] })
  }
  const passwordHash = await hashPassword(input.newPassword)
  const keep = hashToken(callerToken ?? '')
  await db.transaction(async (tx) => {
    await updateStaff(tx, memberId, { passwordHash })
    await deleteOtherStaffSessions(tx, memberId, keep)
  })
}
