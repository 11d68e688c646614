import { couponBody, couponListQuery, couponPage, couponPatchBody, couponRemovalReply, couponReply, created, ok } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import { idParams, paged, requireUuid, withoutUndefined } from '../../http/admin-common.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import type { CouponRow } from './coupons.admin-repo.ts'
import { changeCoupon, createCoupon, listCoupons, removeCoupon } from './coupons.admin-service.ts'

/** A coupon as the back office manages it (packages/shared/src/contracts/coupons.ts, adminCoupon). */
const adminCoupon = (c: CouponRow) => ({
  _id: c.id,
  code: c.code,
  type: c.type,
  value: c.value,
  minOrder: c.minOrder,
  maxUses: c.maxUses,
  usedCount: c.usedCount,
  perCustomerLimit: c.perCustomerLimit,
  startsAt: c.startsAt,
  expiresAt: c.expiresAt,
  isActive: c.isActive,
  createdAt: c.createdAt,
})

export async function couponAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['admin: coupons']
  const staffOnly = requireStaff('coupons')
  api.get('/coupons', { schema: { tags, summary: 'Coupons, newest first, with their use count', querystring: couponListQuery, response: ok(couponPage) }, onRequest: staffOnly }, async (request, reply) => {
    const { page, limit } = request.query
    const { rows, total } = await listCoupons(app.db, request.query)
    return reply.ok({ coupons: rows.map(adminCoupon), ...paged(total, page, limit) })
  })
  api.post('/coupons', { schema: { tags, summary: 'Create a coupon (code upper-cased)', body: couponBody, response: created(couponReply) }, onRequest: staffOnly }, async (request, reply) => {
    const row = await createCoupon(app.db, staffOf(request), request.body)
    return reply.code(201).ok({ coupon: adminCoupon(row) })
  })
  api.patch('/coupons/:id', { schema: { tags, summary: 'Change a coupon', params: idParams, body: couponPatchBody, response: ok(couponReply) }, onRequest: staffOnly }, async (request, reply) => {
    const row = await changeCoupon(app.db, staffOf(request), requireUuid(request.params.id), withoutUndefined(request.body))
    return reply.ok({ coupon: adminCoupon(row) })
  })
  api.delete('/coupons/:id', { schema: { tags, summary: 'Delete a coupon, or deactivate it when orders used it', params: idParams, response: ok(couponRemovalReply) }, onRequest: staffOnly }, async (request, reply) => {
    const deleted = await removeCoupon(app.db, staffOf(request), requireUuid(request.params.id))
    return reply.ok({ deleted, deactivated: !deleted })
  })
}
