import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { can, isStaffRole, type Permission, type StaffRole } from '@shop/shared'
import type { Db } from '../db/client.ts'
import { clients, sessions, staff } from '../db/schema.ts'
import { AppError } from '../http/app-error.ts'
import { isUuid } from '../http/paging.ts'

export const STAFF_COOKIE = 'shop_staff'
export const CLIENT_COOKIE = 'shop_session'
const DAY_MS = 24 * 60 * 60 * 1000
/** Staff sessions last 12 hours of work; a "remember me" client session 30 days, else 1 day server-side. */
export const SESSION_TTL_MS = { staff: 12 * 60 * 60 * 1000, client: DAY_MS, persistent: 30 * DAY_MS } as const

export interface StaffPrincipal {
  id: string
  email: string
  name: string
  role: StaffRole
}

export interface ClientPrincipal {
  id: string
  email: string
  firstName: string
  lastName: string
  phone: string | null
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffPrincipal | null
    client: ClientPrincipal | null
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Creates a server-side session and returns the random token that goes in the cookie. */
export async function createSession(
  db: Db,
  owner: { kind: 'staff'; staffId: string } | { kind: 'client'; clientId: string; persistent: boolean },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const ttl =
    owner.kind === 'staff' ? SESSION_TTL_MS.staff : owner.persistent ? SESSION_TTL_MS.persistent : SESSION_TTL_MS.client
  const expiresAt = new Date(Date.now() + ttl)
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    kind: owner.kind,
    staffId: owner.kind === 'staff' ? owner.staffId : null,
    clientId: owner.kind === 'client' ? owner.clientId : null,
    persistent: owner.kind === 'client' && owner.persistent,
    expiresAt,
  })
  return { token, expiresAt }
}

export async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
}

export function setSessionCookie(
  reply: FastifyReply,
  name: string,
  token: string,
  options: { secure: boolean; path: string; expires?: Date },
): void {
  reply.setCookie(name, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: options.path,
    ...(options.expires ? { expires: options.expires } : {}),
  })
}

async function findStaff(db: Db, token: string): Promise<StaffPrincipal | null> {
  const rows = await db
    .select({ id: staff.id, email: staff.email, name: staff.name, role: staff.role })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        eq(sessions.kind, 'staff'),
        gt(sessions.expiresAt, sql`now()`),
        eq(staff.isActive, true),
      ),
    )
    .limit(1)
  const row = rows[0]
  return row && isStaffRole(row.role) ? { ...row, role: row.role } : null
}

async function findClient(db: Db, token: string): Promise<ClientPrincipal | null> {
  const rows = await db
    .select({ id: clients.id, email: clients.email, firstName: clients.firstName, lastName: clients.lastName, phone: clients.phone })
    .from(sessions)
    .innerJoin(clients, eq(clients.id, sessions.clientId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.kind, 'client'), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
  return rows[0] ?? null
}

/** preHandler: the caller must be a signed-in shopper (401); sets request.client. */
export async function requireClient(request: FastifyRequest): Promise<void> {
  const token = request.cookies[CLIENT_COOKIE]
  const principal = token ? await findClient(request.server.db, token) : null
  if (!principal) throw new AppError('UNAUTHENTICATED')
  request.client = principal
}

/** The header a guest sends its cart session id in (the id `POST /cart/guest/add` issued). */
export const SESSION_HEADER = 'x-session-id'

/** The guest's session id from X-Session-Id: undefined when absent, 400 BAD_SESSION_ID when malformed. */
export function guestSessionId(request: FastifyRequest): string | undefined {
  const raw = request.headers[SESSION_HEADER]
  if (raw === undefined || raw === '') return undefined
  if (typeof raw !== 'string' || !isUuid(raw)) throw new AppError('BAD_SESSION_ID')
  return raw.toLowerCase()
}

/**
 * Couriers' webhooks: called by the courier's servers, never by a browser page; each request is checked by its
 * signature (modules/couriers/webhooks.routes.ts), not by a session, so the CSRF check does not apply.
 */
export const COURIER_WEBHOOK_PATH = /^\/api\/v1\/couriers\/[^/?]+\/webhook\/?(?:\?|$)/

/** Requests that change state with a session cookie must come from the store's own pages (CSRF). */
function isCrossSiteWrite(request: FastifyRequest): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return false
  if (COURIER_WEBHOOK_PATH.test(request.url)) return false
  const origin = request.headers.origin
  if (origin) {
    try {
      return new URL(origin).host !== request.headers.host
    } catch {
      return true
    }
  }
  return request.headers['sec-fetch-site'] === 'cross-site'
}

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('staff', null)
  app.decorateRequest('client', null)
  // onRequest (cookies are parsed by then): a cross-site write is refused before its body is even
  // parsed or validated, so the reply is always 403, never a 400 that tells what the body lacked
  app.addHook('onRequest', async (request) => {
    const usesCookie = Boolean(request.cookies[STAFF_COOKIE] || request.cookies[CLIENT_COOKIE])
    if (usesCookie && isCrossSiteWrite(request)) throw new AppError('CROSS_ORIGIN')
  })
})

/**
 * onRequest/preHandler: the caller must be signed-in staff (401) whose role has `permission` in the
 * shared permission table (403). Every back-office route names the permission it needs.
 */
export function requireStaff(permission: Permission) {
  return async (request: FastifyRequest) => {
    const token = request.cookies[STAFF_COOKIE]
    const principal = token ? await findStaff(request.server.db, token) : null
    if (!principal) throw new AppError('UNAUTHENTICATED')
    if (!can(principal.role, permission)) throw new AppError('FORBIDDEN')
    request.staff = principal
  }
}

/** The signed-in staff member set by requireStaff. */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new AppError('UNAUTHENTICATED')
  return request.staff
}
