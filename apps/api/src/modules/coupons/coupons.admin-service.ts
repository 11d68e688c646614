import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/app-error.ts'
import { mapConstraint } from '../../http/admin-common.ts'
import { type Actor, changedFields, writeAudit } from '../audit/audit.service.ts'
import {
  countRedemptions,
  type CouponRow,
  type CouponValues,
  deleteCoupon,
  findLiveCoupon,
  insertCoupon,
  retireExpiredHolders,
  softDeleteCoupon,
  updateCoupon,
} from './coupons.admin-repo.ts'

export { listCoupons } from './coupons.admin-repo.ts'

/** The terms of a coupon that change what customers pay, as the audit log records them. */
const COUPON_TERMS = ['code', 'type', 'value', 'minOrder', 'maxUses', 'perCustomerLimit', 'startsAt', 'expiresAt', 'isActive'] as const
function couponTerms(c: CouponRow) {
  return {
    code: c.code,
    type: c.type,
    value: c.value,
    minOrder: c.minOrder,
    maxUses: c.maxUses,
    perCustomerLimit: c.perCustomerLimit,
    startsAt: c.startsAt?.toISOString() ?? null,
    expiresAt: c.expiresAt?.toISOString() ?? null,
    isActive: c.isActive,
  }
}

const couponConstraints = {
  coupons_code_live_key: new AppError('CODE_TAKEN', { fieldErrors: [{ field: 'code', message: 'errors:CODE_TAKEN' }] }),
  coupons_value_check: new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'value', message: 'validation:invalid' }] }),
  coupons_used_within_max: new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'maxUses', message: 'validation:invalid' }] }),
}

/**
 * A code held by a live coupon that has expired is given back: that coupon is retired (kept, with its
 * redemptions, for the orders' history) so that a new one can take the code. A code held by a coupon that
 * can still be used stays taken (the unique index answers CODE_TAKEN).
 */
async function releaseExpiredCode(db: Db, actor: Actor, code: string, keepId?: string) {
  const retired = await retireExpiredHolders(db, code, keepId)
  for (const row of retired) {
    await writeAudit(db, actor, { kind: 'coupon', action: 'retire', entity: 'coupon', entityId: row.id, label: row.code, before: couponTerms(row), after: null })
  }
}

function checkCouponDates(startsAt: Date | null | undefined, expiresAt: Date | null | undefined) {
  if (startsAt && expiresAt && startsAt >= expiresAt) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'expiresAt', message: 'validation:invalid' }] })
  }
}

export async function getCoupon(db: Db, id: string): Promise<CouponRow> {
  const row = await findLiveCoupon(db, id)
  if (!row) throw new AppError('NOT_FOUND')
  return row
}

export async function createCoupon(db: Db, actor: Actor, body: CouponValues): Promise<CouponRow> {
  if (body.type === 'percentage' && body.value > 100) throw couponConstraints.coupons_value_check
  checkCouponDates(body.startsAt, body.expiresAt)
  return mapConstraint(
    () =>
      db.transaction(async (tx) => {
        await releaseExpiredCode(tx, actor, body.code)
        const created = await insertCoupon(tx, body)
        await writeAudit(tx, actor, { kind: 'coupon', action: 'create', entity: 'coupon', entityId: created.id, label: created.code, after: couponTerms(created) })
        return created
      }),
    couponConstraints,
  )
}

export async function changeCoupon(db: Db, actor: Actor, id: string, body: Partial<CouponValues>): Promise<CouponRow> {
  const current = await getCoupon(db, id)
  checkCouponDates(body.startsAt === undefined ? current.startsAt : body.startsAt, body.expiresAt === undefined ? current.expiresAt : body.expiresAt)
  return mapConstraint(
    () =>
      db.transaction(async (tx) => {
        if (body.code !== undefined && body.code !== current.code) await releaseExpiredCode(tx, actor, body.code, current.id)
        const updated = await updateCoupon(tx, current.id, body)
        if (!updated) throw new AppError('NOT_FOUND')
        const change = changedFields(couponTerms(current), couponTerms(updated), COUPON_TERMS)
        if (change) await writeAudit(tx, actor, { kind: 'coupon', action: 'update', entity: 'coupon', entityId: updated.id, label: updated.code, ...change })
        return updated
      }),
    couponConstraints,
  )
}

/** Deletes a coupon, or only deactivates it when orders used it; true when the row is gone. */
export async function removeCoupon(db: Db, actor: Actor, id: string): Promise<boolean> {
  const current = await getCoupon(db, id)
  return db.transaction(async (tx) => {
    const isUsed = (await countRedemptions(tx, current.id)) > 0
    // redemptions are the history of who used it: keep the row, out of the list and off, its code free again
    if (isUsed) await softDeleteCoupon(tx, current.id)
    else await deleteCoupon(tx, current.id)
    await writeAudit(tx, actor, {
      kind: 'coupon',
      action: isUsed ? 'deactivate' : 'delete',
      entity: 'coupon',
      entityId: current.id,
      label: current.code,
      before: couponTerms(current),
      after: isUsed ? { isActive: false } : null,
    })
    return !isUsed
  })
}
