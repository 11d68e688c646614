import { COUPON_TYPES } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pagingQuery } from '../../http/paging.ts'
import { requireStaff, staffOf } from '../../plugins/session.ts'
import { isoDateTime, paged, requireUuid, withoutUndefined } from '../../http/admin-common.ts'
import type { CouponRow } from './coupons.admin-repo.ts'
import { changeCoupon, createCoupon, listCoupons, removeCoupon } from './coupons.admin-service.ts'

const params = z.object({ id: z.string() })
const nullableDate = isoDateTime.nullable().optional()

const couponFields = {
  code: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{3,32}$/, 'validation:invalid')),
  type: z.enum(COUPON_TYPES),
  value: z.number().int().min(1).max(100_000_000),
  minOrder: z.number().int().min(0).max(100_000_000).optional(),
  maxUses: z.number().int().min(1).max(10_000_000).nullable().optional(),
  perCustomerLimit: z.number().int().min(1).max(1000).optional(),
  startsAt: nullableDate,
  expiresAt: nullableDate,
  isActive: z.boolean().optional(),
}
const couponCreate = z.object(couponFields)
const couponPatch = z.object(couponFields).partial()
const couponList = z.object({ search: z.string().trim().max(32).optional(), ...pagingQuery(50) })

const couponReply = (c: CouponRow) => ({
  _id: c.id,
  code: c.code,
  type: c.type,
  value: c.value,
  minOrder: c.minOrder,
  maxUses: c.maxUses,
  usedCount: c.usedCount,
  perCustomerLimit: c.perCustomerLimit,
  startsAt: c.startsAt?.toISOString() ?? null,
  expiresAt: c.expiresAt?.toISOString() ?? null,
  isActive: c.isActive,
  createdAt: c.createdAt.toISOString(),
})

export async function couponAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin: coupons']
  const staffOnly = requireStaff('coupons')
  api.get('/coupons', { schema: { tags, summary: 'Coupons, newest first, with their use count', querystring: couponList }, onRequest: staffOnly }, async (request, reply) => {
    const { page, limit } = request.query
    const { rows, total } = await listCoupons(app.db, request.query)
    return reply.ok({ coupons: rows.map(couponReply), ...paged(total, page, limit) })
  })
  api.post('/coupons', { schema: { tags, summary: 'Create a coupon (code upper-cased)', body: couponCreate }, onRequest: staffOnly }, async (request, reply) => {
    const row = await createCoupon(app.db, staffOf(request), request.body)
    return reply.code(201).ok({ coupon: couponReply(row) })
  })
  api.patch('/coupons/:id', { schema: { tags, summary: 'Change a coupon', params, body: couponPatch }, onRequest: staffOnly }, async (request, reply) => {
    const row = await changeCoupon(app.db, staffOf(request), requireUuid(request.params.id), withoutUndefined(request.body))
    return reply.ok({ coupon: couponReply(row) })
  })
  api.delete('/coupons/:id', { schema: { tags, summary: 'Delete a coupon, or deactivate it when orders used it', params }, onRequest: staffOnly }, async (request, reply) => {
    const deleted = await removeCoupon(app.db, staffOf(request), requireUuid(request.params.id))
    return reply.ok({ deleted, deactivated: !deleted })
  })
}
