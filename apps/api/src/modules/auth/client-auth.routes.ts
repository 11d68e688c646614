import {
  clientPasswordBody,
  clientSessionReply,
  clientUserReply,
  forgotPasswordBody,
  loginBody,
  nothing,
  ok,
  created,
  profileBody,
  resetCodeBody,
  resetCodeReply,
  resetPasswordBody,
  signupBody,
  translate,
} from '@shop/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { AppError } from '../../http/app-error.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { CLIENT_COOKIE, createSession, deleteSession, guestSessionId, requireClient, setSessionCookie } from '../../plugins/session.ts'
import { mergeGuestCart } from '../cart/cart.service.ts'
import {
  authenticateClient,
  type ClientRow,
  countClientOrders,
  findClient,
  updateProfile,
  checkResetCode,
  createClient,
  requestPasswordReset,
  revokeSessions,
  setPassword,
} from './client-auth.service.ts'
import { verifyPassword } from './passwords.ts'

export async function clientAuthRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const secure = Boolean(app.config.PUBLIC_URL?.startsWith('https://'))
  const tags = ['auth']

  async function userReply(client: ClientRow): Promise<z.input<typeof clientUserReply>['user']> {
    const totalOrders = await countClientOrders(app.db, client.id)
    return {
      _id: client.id,
      firstName: client.firstName,
      lastName: client.lastName,
      name: `${client.firstName} ${client.lastName}`,
      email: client.email,
      phone: client.phone,
      dateOfBirth: client.dateOfBirth,
      createdAt: client.createdAt,
      totalOrders,
    }
  }

  /** A fresh session at every sign-in (no fixation); the guest cart it carried moves into the account. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, client: ClientRow, persistent: boolean) {
    await deleteSession(app.db, request.cookies[CLIENT_COOKIE])
    const session = await createSession(app.db, { kind: 'client', clientId: client.id, persistent })
    setSessionCookie(reply, CLIENT_COOKIE, session.token, { secure, path: '/', ...(persistent ? { expires: session.expiresAt } : {}) })
    const sessionId = guestSessionId(request)
    if (sessionId) await mergeGuestCart(app.db, sessionId, client.id)
    return session.token
  }

  /** A notice to the account's address after any password change: the owner learns of one they did not make. */
  async function notifyPasswordChanged(request: FastifyRequest, client: ClientRow) {
    await app.mailer.send({
      to: client.email,
      subject: translate(request.locale, 'mail:passwordChangedSubject'),
      text: translate(request.locale, 'mail:passwordChangedBody', { name: client.firstName }),
    })
  }

  async function currentClient(request: FastifyRequest): Promise<ClientRow> {
    const row = await findClient(app.db, (request.client as { id: string }).id)
    if (!row) throw new AppError('UNAUTHENTICATED')
    return row
  }

  api.post('/auth/client/signup', { schema: { tags, summary: 'Create a shopper account and sign in', body: signupBody, response: created(clientUserReply) } }, async (request, reply) => {
    await app.rateLimit('SIGNUP', request)
    const body = request.body
    const client = await createClient(app.db, { ...body, phone: body.phone ?? null })
    await signIn(request, reply, client, body.rememberMe ?? false)
    return reply.code(201).ok({ user: await userReply(client) }, 'success:signedUp')
  })

  api.post('/auth/client/login', { schema: { tags, summary: 'Sign in (merges the guest cart of X-Session-Id)', body: loginBody, response: ok(clientUserReply) } }, async (request, reply) => {
    await app.rateLimit('LOGIN', request, `email:${request.body.email.toLowerCase()}`)
    const client = await authenticateClient(app.db, request.body.email, request.body.password)
    if (!client) throw new AppError('INVALID_CREDENTIALS')
    await signIn(request, reply, client, request.body.rememberMe ?? false)
    return reply.ok({ user: await userReply(client) }, 'success:loggedIn')
  })

  // the spec's GET logout stays, but another site cannot sign shoppers out with a link or an image
  api.route({
    method: ['GET', 'POST'],
    url: '/auth/client/logout',
    schema: { tags, summary: 'Sign out', response: ok(nothing) },
    handler: async (request, reply) => {
      if (request.method === 'GET' && request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('CROSS_ORIGIN')
      await deleteSession(app.db, request.cookies[CLIENT_COOKIE])
      reply.clearCookie(CLIENT_COOKIE, { path: '/' })
      return reply.ok(null, 'success:loggedOut')
    },
  })

  api.get('/auth/client/profile', { schema: { tags, summary: "The signed-in shopper's profile", response: ok(clientUserReply) }, preHandler: [requireClient] }, async (request, reply) =>
    reply.ok({ user: await userReply(await currentClient(request)) }),
  )

  // "Who am I" for the storefront: a guest is an answer, not a failure (200 with user null), so a guest's
  // pages never log a refused request; the profile above keeps its 401 for callers that need an account.
  api.get('/auth/client/session', { schema: { tags, summary: 'The signed-in shopper, or user null for a guest', response: ok(clientSessionReply) } }, async (request, reply) => {
    let client: ClientRow
    try {
      await requireClient(request)
      client = await currentClient(request)
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return reply.ok({ user: null })
      throw error
    }
    return reply.ok({ user: await userReply(client) })
  })

  api.patch(
    '/auth/client/profile',
    { schema: { tags, summary: 'Change names, phone or date of birth (the e-mail cannot change)', body: profileBody, response: ok(clientUserReply) }, preHandler: [requireClient] },
    async (request, reply) => {
      const { firstName, lastName, phone, dateOfBirth } = request.body
      const changes = {
        ...(firstName !== undefined ? { firstName } : {}),
        ...(lastName !== undefined ? { lastName } : {}),
        ...(phone !== undefined ? { phone } : {}),
        ...(dateOfBirth !== undefined ? { dateOfBirth } : {}),
      }
      await updateProfile(app.db, (request.client as { id: string }).id, changes)
      return reply.ok({ user: await userReply(await currentClient(request)) }, 'success:profileUpdated')
    },
  )

  api.patch(
    '/auth/client/change-password',
    { schema: { tags, summary: 'Change the password; every other session ends', body: clientPasswordBody, response: ok(nothing) }, preHandler: [requireClient] },
    async (request, reply) => {
      const client = await currentClient(request)
      if (!(await verifyPassword(client.passwordHash, request.body.currentPassword))) {
        throw new AppError('WRONG_PASSWORD', { fieldErrors: [{ field: 'currentPassword', message: 'errors:WRONG_PASSWORD' }] })
      }
      await setPassword(app.db, client.id, request.body.newPassword)
      await revokeSessions(app.db, client.id, request.cookies[CLIENT_COOKIE])
      await notifyPasswordChanged(request, client)
      return reply.ok(null, 'success:passwordChanged')
    },
  )

  api.post(
    '/auth/client/forgot-password',
    { schema: { tags, summary: 'Send a 6-digit reset code by e-mail (same reply whether or not the account exists)', body: forgotPasswordBody, response: ok(nothing) } },
    async (request, reply) => {
      const email = request.body.email.toLowerCase()
      await app.rateLimit('PASSWORD_RESET', request, `email:${email}`)
      // the same database work for an unknown e-mail, and the mail leaves after the reply: the reply's
      // time says nothing about whether the account exists
      const { client, code } = await requestPasswordReset(app.db, email)
      if (client) {
        const mail = {
          to: client.email,
          subject: translate(request.locale, 'mail:resetSubject'),
          text: translate(request.locale, 'mail:resetBody', { code, minutes: 10 }),
        }
        setImmediate(() => void app.mailer.send(mail).catch((error: unknown) => request.log.error({ err: error }, 'reset e-mail could not be sent')))
      }
      return reply.ok(null, 'success:resetCodeSent')
    },
  )

  api.post('/auth/client/verify-reset-code', { schema: { tags, summary: 'Check a reset code without using it', body: resetCodeBody, response: ok(resetCodeReply) } }, async (request, reply) => {
    await app.rateLimit('PASSWORD_RESET', request, `verify:${request.body.email.toLowerCase()}`)
    await checkResetCode(app.db, request.body.email, request.body.resetCode, false)
    return reply.ok({ valid: true }, 'success:resetCodeValid')
  })

  api.post(
    '/auth/client/reset-password',
    { schema: { tags, summary: 'Set a new password with a reset code; every session ends', body: resetPasswordBody, response: ok(nothing) } },
    async (request, reply) => {
      await app.rateLimit('PASSWORD_RESET', request, `verify:${request.body.email.toLowerCase()}`)
      const client = await checkResetCode(app.db, request.body.email, request.body.resetCode, true)
      await setPassword(app.db, client.id, request.body.newPassword)
      await revokeSessions(app.db, client.id)
      await notifyPasswordChanged(request, client)
      return reply.ok(null, 'success:passwordReset')
    },
  )
}
