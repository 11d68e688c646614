import Fastify, { type FastifyInstance } from 'fastify'

/**
 * Local stand-ins for Meta's Conversions API and TikTok's Events API (tests and demos; nothing leaves
 * 127.0.0.1). Each checks a request against the documented fields and answers as the platform does: a
 * request missing a field is refused with the field's name, a good one is kept in `received`.
 */

const HEX64 = /^[0-9a-f]{64}$/
const SEVEN_DAYS_S = 7 * 24 * 3600

export interface ReceivedEvent {
  platform: 'facebook' | 'tiktok'
  pixelId: string
  token: string
  testEventCode: string | null
  event: Record<string, unknown>
}

export interface FakeAdPlatforms {
  /** Meta's Graph API base (META_GRAPH_URL). */
  metaGraphUrl: string
  /** TikTok's Events API address (TIKTOK_EVENTS_URL). */
  tiktokEventsUrl: string
  received: ReceivedEvent[]
  /** The next `count` requests of the platform fail with this HTTP status (Meta) or error code (TikTok). */
  failNext(platform: 'facebook' | 'tiktok', count: number): void
  close(): Promise<void>
}

type Problem = string | null

function metaEventProblem(event: Record<string, unknown>, now: number): Problem {
  for (const field of ['event_name', 'event_time', 'event_id', 'action_source', 'user_data', 'custom_data']) {
    if (event[field] === undefined) return `data[].${field} is required`
  }
  const time = event.event_time
  if (typeof time !== 'number' || !Number.isInteger(time)) return 'event_time must be a unix time in seconds'
  if (now - time > SEVEN_DAYS_S) return 'event_time is more than 7 days in the past'
  if (event.action_source !== 'website') return 'action_source must be website'
  const user = event.user_data as Record<string, unknown>
  const phones = user.ph
  if (!Array.isArray(phones) || phones.length === 0 || !phones.every((ph) => typeof ph === 'string' && HEX64.test(ph))) return 'user_data.ph must be SHA-256 hashes'
  const custom = event.custom_data as Record<string, unknown>
  if (typeof custom.currency !== 'string' || !/^[A-Z]{3}$/.test(custom.currency)) return 'custom_data.currency must be an ISO 4217 code'
  if (typeof custom.value !== 'number') return 'custom_data.value must be a number'
  return null
}

function tiktokEventProblem(event: Record<string, unknown>, now: number): Problem {
  for (const field of ['event', 'event_time', 'event_id', 'user', 'properties']) {
    if (event[field] === undefined) return `data[].${field} is required`
  }
  const time = event.event_time
  if (typeof time !== 'number' || !Number.isInteger(time) || now - time > SEVEN_DAYS_S) return 'event_time must be a recent unix time in seconds'
  const user = event.user as Record<string, unknown>
  if (user.phone !== undefined && (typeof user.phone !== 'string' || !HEX64.test(user.phone))) return 'user.phone must be a SHA-256 hash'
  const properties = event.properties as Record<string, unknown>
  if (typeof properties.currency !== 'string' || typeof properties.value !== 'number') return 'properties.currency and properties.value are required'
  return null
}

export async function startFakeAdPlatforms(): Promise<FakeAdPlatforms> {
  const received: ReceivedEvent[] = []
  const failures = { facebook: 0, tiktok: 0 }
  const app: FastifyInstance = Fastify({ logger: false })
  const now = () => Math.floor(Date.now() / 1000)

  app.post<{ Params: { version: string; pixelId: string }; Querystring: { access_token?: string }; Body: Record<string, unknown> }>(
    '/:version/:pixelId/events',
    async (request, reply) => {
      const token = request.query.access_token
      if (!token) return reply.code(400).send({ error: { message: 'An access token is required', type: 'OAuthException', code: 190 } })
      if (failures.facebook > 0) {
        failures.facebook -= 1
        return reply.code(500).send({ error: { message: 'An unexpected error has occurred', type: 'OAuthException', code: 2 } })
      }
      const data = request.body?.data
      if (!Array.isArray(data) || data.length === 0) return reply.code(400).send({ error: { message: 'data is required', code: 100 } })
      for (const event of data as Record<string, unknown>[]) {
        const problem = metaEventProblem(event, now())
        if (problem) return reply.code(400).send({ error: { message: `Invalid parameter: ${problem}`, code: 100 } })
      }
      const testEventCode = typeof request.body.test_event_code === 'string' ? request.body.test_event_code : null
      for (const event of data as Record<string, unknown>[]) received.push({ platform: 'facebook', pixelId: request.params.pixelId, token, testEventCode, event })
      return { events_received: data.length, messages: [], fbtrace_id: 'fake' }
    },
  )

  app.post<{ Body: Record<string, unknown> }>('/open_api/v1.3/event/track/', async (request) => {
    const token = request.headers['access-token']
    // TikTok answers 200 with an error code
    if (typeof token !== 'string' || token === '') return { code: 40105, message: 'Access token is empty', data: {} }
    if (failures.tiktok > 0) {
      failures.tiktok -= 1
      return { code: 50000, message: 'Internal error', data: {} }
    }
    const body = request.body ?? {}
    if (body.event_source !== 'web' || typeof body.event_source_id !== 'string') return { code: 40002, message: 'event_source and event_source_id are required', data: {} }
    const data = body.data
    if (!Array.isArray(data) || data.length === 0) return { code: 40002, message: 'data is required', data: {} }
    for (const event of data as Record<string, unknown>[]) {
      const problem = tiktokEventProblem(event, now())
      if (problem) return { code: 40002, message: problem, data: {} }
    }
    const testEventCode = typeof body.test_event_code === 'string' ? body.test_event_code : null
    for (const event of data as Record<string, unknown>[]) received.push({ platform: 'tiktok', pixelId: body.event_source_id, token, testEventCode, event })
    return { code: 0, message: 'OK', data: {} }
  })

  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    metaGraphUrl: `${address}/v21.0`,
    tiktokEventsUrl: `${address}/open_api/v1.3/event/track/`,
    received,
    failNext(platform, count) {
      failures[platform] = count
    },
    close: () => app.close(),
  }
}
