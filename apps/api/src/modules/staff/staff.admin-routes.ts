import { emailAddress, newPassword, STAFF_ROLES } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireStaff, STAFF_COOKIE, staffOf } from '../../plugins/session.ts'
import { requireUuid } from '../../http/admin-common.ts'
import type { StaffRow } from './staff.repo.ts'
import { changeStaffAccount, createStaffAccount, listStaffAccounts, resetStaffPassword } from './staff.service.ts'

const params = z.object({ id: z.string() })
const staffCreate = z.object({
  email: emailAddress,
  name: z.string().trim().min(1).max(100),
  password: newPassword,
  role: z.enum(STAFF_ROLES),
})
const staffPatch = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  role: z.enum(STAFF_ROLES).optional(),
  isActive: z.boolean().optional(),
  password: newPassword.optional(),
})
const staffPasswordReset = z.object({ password: newPassword.optional() })

const staffReply = (m: StaffRow) => ({
  _id: m.id,
  email: m.email,
  name: m.name,
  role: m.role,
  isActive: m.isActive,
  createdAt: m.createdAt.toISOString(),
})

export async function staffAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin: staff']
  const ownerOnly = requireStaff('staff')
  api.get('/staff', { schema: { tags, summary: 'Staff accounts (owner)' }, onRequest: ownerOnly }, async (_request, reply) => {
    const rows = await listStaffAccounts(app.db)
    return reply.ok({ staff: rows.map(staffReply), total: rows.length })
  })
  api.post('/staff', { schema: { tags, summary: 'Create a staff account (owner)', body: staffCreate }, onRequest: ownerOnly }, async (request, reply) => {
    const row = await createStaffAccount(app.db, staffOf(request), request.body)
    return reply.code(201).ok({ staff: staffReply(row) })
  })
  api.patch('/staff/:id', { schema: { tags, summary: 'Change name, role, active or password; the shop always keeps an active owner (owner)', params, body: staffPatch }, onRequest: ownerOnly }, async (request, reply) => {
    const id = requireUuid(request.params.id)
    const row = await changeStaffAccount(app.db, staffOf(request), id, request.cookies[STAFF_COOKIE], request.body)
    return reply.ok({ staff: staffReply(row) })
  })
  api.post(
    '/staff/:id/password',
    { schema: { tags, summary: "Reset a member's password: the one given, or a generated one returned once; that member's sessions end (owner)", params, body: staffPasswordReset }, onRequest: ownerOnly },
    async (request, reply) => {
      const id = requireUuid(request.params.id)
      const { member, password } = await resetStaffPassword(app.db, staffOf(request), id, request.cookies[STAFF_COOKIE], request.body.password)
      return reply.ok({ staff: staffReply(member), password })
    },
  )
}
