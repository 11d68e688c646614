import {
  can,
  created,
  ok,
  staffAccountReply,
  staffAccountsReply,
  staffAssigneesReply,
  staffCreateBody,
  staffIdParams,
  staffPasswordResetBody,
  staffPasswordResetReply,
  staffPatchBody,
} from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { requireUuid } from '../../http/admin-common.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff, STAFF_COOKIE, staffOf } from '../../plugins/session.ts'
import type { StaffRow } from './staff.repo.ts'
import { changeStaffAccount, createStaffAccount, listStaffAccounts, resetStaffPassword } from './staff.service.ts'

const staffReply = (m: StaffRow): z.input<typeof staffAccountReply>['staff'] => ({
  _id: m.id,
  email: m.email,
  name: m.name,
  role: m.role,
  isActive: m.isActive,
  createdAt: m.createdAt,
})

export async function staffAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['admin: staff']
  const ownerOnly = requireStaff('staff')
  api.get('/staff', { schema: { tags, summary: 'Staff accounts (owner)', response: ok(staffAccountsReply) }, onRequest: ownerOnly }, async (_request, reply) => {
    const rows = await listStaffAccounts(app.db)
    return reply.ok({ staff: rows.map(staffReply), total: rows.length })
  })
  // managers give orders to agents (bulk "assign"): the names of those who work orders, nothing more
  api.get('/staff/assignees', { schema: { tags, summary: 'Active staff who work orders (managers)', response: ok(staffAssigneesReply) }, onRequest: requireStaff('orders.manage') }, async (_request, reply) => {
    const rows = await listStaffAccounts(app.db)
    const staff = rows.filter((m) => m.isActive && can(m.role, 'orders.work')).map((m) => ({ _id: m.id, name: m.name, role: m.role }))
    return reply.ok({ staff })
  })
  api.post('/staff', { schema: { tags, summary: 'Create a staff account (owner)', body: staffCreateBody, response: created(staffAccountReply) }, onRequest: ownerOnly }, async (request, reply) => {
    const row = await createStaffAccount(app.db, staffOf(request), request.body)
    return reply.code(201).ok({ staff: staffReply(row) })
  })
  api.patch('/staff/:id', { schema: { tags, summary: 'Change name, role, active or password; the shop always keeps an active owner (owner)', params: staffIdParams, body: staffPatchBody, response: ok(staffAccountReply) }, onRequest: ownerOnly }, async (request, reply) => {
    const id = requireUuid(request.params.id)
    const row = await changeStaffAccount(app.db, staffOf(request), id, request.cookies[STAFF_COOKIE], request.body)
    return reply.ok({ staff: staffReply(row) })
  })
  api.post(
    '/staff/:id/password',
    { schema: { tags, summary: "Reset a member's password: the one given, or a generated one returned once; that member's sessions end (owner)", params: staffIdParams, body: staffPasswordResetBody, response: ok(staffPasswordResetReply) }, onRequest: ownerOnly },
    async (request, reply) => {
      const id = requireUuid(request.params.id)
      const { member, password } = await resetStaffPassword(app.db, staffOf(request), id, request.cookies[STAFF_COOKIE], request.body.password)
      return reply.ok({ staff: staffReply(member), password })
    },
  )
}
