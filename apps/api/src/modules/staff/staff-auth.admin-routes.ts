import { nothing, ok, staffMemberReply, staffPasswordBody, staffSignInBody } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../http/app-error.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { createSession, deleteSession, requireStaff, STAFF_COOKIE, setSessionCookie, staffOf } from '../../plugins/session.ts'
import { authenticateStaff, changeOwnPassword } from './staff.service.ts'

export async function adminAuthRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const secure = Boolean(app.config.PUBLIC_URL?.startsWith('https://'))

  api.post('/auth/login', { schema: { tags: ['admin'], summary: 'Staff sign-in', body: staffSignInBody, response: ok(staffMemberReply) } }, async (request, reply) => {
    // counted before the password hash is checked: refused tries cost no Argon2 work
    await app.rateLimit('STAFF_LOGIN', request, `email:${request.body.email.toLowerCase()}`)
    const member = await authenticateStaff(app.db, request.body.email, request.body.password)
    if (!member) throw new AppError('INVALID_CREDENTIALS')
    // a new session at every sign-in: a token planted before login never becomes valid
    await deleteSession(app.db, request.cookies[STAFF_COOKIE])
    const session = await createSession(app.db, { kind: 'staff', staffId: member.id })
    setSessionCookie(reply, STAFF_COOKIE, session.token, { secure, path: '/', expires: session.expiresAt })
    return reply.ok({ staff: { _id: member.id, email: member.email, name: member.name, role: member.role } })
  })

  api.post('/auth/logout', { schema: { tags: ['admin'], summary: 'Staff sign-out', response: ok(nothing) } }, async (request, reply) => {
    await deleteSession(app.db, request.cookies[STAFF_COOKIE])
    reply.clearCookie(STAFF_COOKIE, { path: '/' })
    return reply.ok(null)
  })

  api.get(
    '/auth/me',
    { schema: { tags: ['admin'], summary: 'The signed-in staff member', response: ok(staffMemberReply) }, onRequest: requireStaff('account') },
    async (request, reply) => {
      const member = request.staff
      if (!member) throw new AppError('UNAUTHENTICATED')
      return reply.ok({ staff: { _id: member.id, email: member.email, name: member.name, role: member.role } })
    },
  )

  api.post(
    '/auth/password',
    {
      schema: { tags: ['admin'], summary: 'Change one’s own password (current one required); every other session of the member ends', body: staffPasswordBody, response: ok(nothing) },
      onRequest: requireStaff('account'),
    },
    async (request, reply) => {
      const member = staffOf(request)
      // a stolen session cannot try current passwords without limit
      await app.rateLimit('STAFF_LOGIN', request, `staff:${member.id}`)
      await changeOwnPassword(app.db, member.id, request.cookies[STAFF_COOKIE], request.body)
      return reply.ok(null, 'success:passwordChanged')
    },
  )
}
