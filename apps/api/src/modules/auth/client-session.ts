import type { FastifyRequest } from 'fastify'
import { type ClientPrincipal, requireClient } from '../../plugins/session.ts'

/** The signed-in client of a request that works for guests too; null when the cookie is missing or stale. */
export async function clientFromCookie(request: FastifyRequest): Promise<ClientPrincipal | null> {
  try {
    await requireClient(request)
    return request.client
  } catch {
    return null
  }
}
