import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'

/**
 * What the three fake couriers share: a Fastify server on 127.0.0.1 (port 0), the list of requests it received,
 * the auth check (401 otherwise) and the quota knob (429 with quota headers for the next N calls).
 */
export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
}

export interface QuotaKnob {
  /** The next `calls` API calls answer 429 with these headers (a courier's quota headers, Retry-After). */
  rejectNext(calls: number, headers: Record<string, string>): void
}

export interface FakeBase {
  app: FastifyInstance
  requests: RecordedRequest[]
  quota: QuotaKnob
}

interface FakeBaseConfig {
  /** Only paths under it are API calls (labels links are not). */
  apiPrefix: string
  isAuthorized(request: FastifyRequest): boolean
  unauthorizedBody: unknown
  /** Headers every API reply carries (Yalidine's quotas left). */
  replyHeaders?: Record<string, string>
}

export function fakeBase(config: FakeBaseConfig): FakeBase {
  const app = Fastify({ logger: false })
  const requests: RecordedRequest[] = []
  let rejecting = { calls: 0, headers: {} as Record<string, string> }

  app.addHook('preHandler', async (request, reply) => {
    const url = new URL(request.url, 'http://fake')
    if (!url.pathname.startsWith(config.apiPrefix)) return
    requests.push({
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: request.body ?? null,
    })
    if (rejecting.calls > 0) {
      rejecting.calls--
      return reply.code(429).headers(rejecting.headers).send({ error: { code: 429, message: 'Too Many Requests' } })
    }
    if (config.replyHeaders) reply.headers(config.replyHeaders)
    if (!config.isAuthorized(request)) return reply.code(401).send(config.unauthorizedBody)
  })

  return {
    app,
    requests,
    quota: {
      rejectNext(calls, headers) {
        rejecting = { calls, headers }
      },
    },
  }
}

/** Listens on 127.0.0.1 and a free port; answers the server's origin (http://127.0.0.1:PORT). */
export async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('the fake courier has no port')
  return `http://127.0.0.1:${address.port}`
}

/** The fakes' clock: each event one minute after the last, from a fixed day, so timelines are ordered and stable. */
export class FakeClock {
  private at = Date.parse('2026-11-20T08:00:00Z')
  next(): Date {
    this.at += 60_000
    return new Date(this.at)
  }
}

/** "2026-11-20 09:01:00": a time as the couriers write it, in Algiers time (UTC+1). */
export function algiersText(date: Date): string {
  return new Date(date.getTime() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ')
}

export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** Field checks shared by the fakes: each returns the problem with the field's name, or null. */
export const check = {
  text(body: Record<string, unknown>, field: string): string | null {
    const value = body[field]
    return typeof value === 'string' && value.trim() !== '' ? null : `${field}: required`
  },
  number(body: Record<string, unknown>, field: string, min = 0, max = Number.MAX_SAFE_INTEGER): string | null {
    const value = body[field]
    return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
      ? null
      : `${field}: a number from ${min} to ${max} is required`
  },
  bool(body: Record<string, unknown>, field: string): string | null {
    return typeof body[field] === 'boolean' ? null : `${field}: true or false is required`
  },
  phone(body: Record<string, unknown>, field: string): string | null {
    const value = body[field]
    return typeof value === 'string' && /^0[5-7]\d{8}$|^0[2-4]\d{7}$/.test(value) ? null : `${field}: invalid phone`
  },
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
