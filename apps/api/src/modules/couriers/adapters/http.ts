import type { z } from 'zod'
import { CourierError } from '../courier.ts'

/**
 * The one way the adapters speak HTTP: a timeout on every call, the courier's quotas respected (a 429 is waited
 * out and retried a bounded number of times), and every failure turned into a CourierError the shipping code
 * can act on (401/403 unauthorized, 429 rate_limited, 5xx and network unavailable, other 4xx rejected with the
 * courier's own message).
 */

/** How long and how often to wait when the courier says "too many requests". Tests shrink it. */
export interface RetryPolicy {
  /** Retries after a 429 before giving up with CourierError('rate_limited'). */
  attempts: number
  /** First wait when the courier gives no hint (doubles each time). */
  baseDelayMs: number
  /** No single wait is longer; a courier asking for more is reported as rate_limited at once. */
  maxDelayMs: number
}

export interface AdapterOptions {
  retry?: Partial<RetryPolicy>
  timeoutMs?: number
  /** Waits (tests pass one that records the delays and returns at once). */
  sleep?: (ms: number) => Promise<void>
  /** The clock (webhook timestamp tolerance). */
  now?: () => Date
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 1_000, maxDelayMs: 10_000 }
const DEFAULT_TIMEOUT_MS = 20_000

export type Query = Record<string, string | number | undefined>

export interface HttpReply {
  status: number
  headers: Headers
  body: unknown
}

interface HttpClientConfig {
  courier: string
  baseUrl: string
  headers: Record<string, string>
  fetch?: typeof fetch
  options?: AdapterOptions
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Quota windows a courier may report as `x-<window>-quota-left` (Yalidine), and how long each lasts. */
const QUOTA_WINDOWS: [string, number][] = [
  ['second', 1_000],
  ['minute', 60_000],
  ['hour', 3_600_000],
  ['day', 86_400_000],
]

/** How long the courier asks to wait: Retry-After (seconds or a date), else the longest exhausted quota window. */
export function waitHint(headers: Headers, now = Date.now()): number | null {
  const retryAfter = headers.get('retry-after')
  if (retryAfter !== null && retryAfter.trim() !== '') {
    const seconds = Number(retryAfter)
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
    const at = Date.parse(retryAfter)
    if (Number.isFinite(at)) return Math.max(0, at - now)
  }
  let wait: number | null = null
  for (const [window, ms] of QUOTA_WINDOWS) {
    const left = headers.get(`x-${window}-quota-left`)
    if (left !== null && Number(left) <= 0) wait = ms
  }
  return wait
}

/** The courier's own words from an error body: `message`, `error`, `error.message`, or the first of `errors`. */
export function courierMessage(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() === '' ? null : body.slice(0, 500)
  if (typeof body !== 'object' || body === null) return null
  const record: Record<string, unknown> = Object.fromEntries(Object.entries(body))
  let message: string | null = null
  for (const key of ['message', 'error', 'detail', 'title']) {
    const value = record[key]
    if (typeof value === 'string' && value.trim() !== '') message = value
    else if (typeof value === 'object' && value !== null) message = courierMessage(value)
    if (message !== null) break
  }
  // the fields' own problems say more than "The given data was invalid."
  const errors = record.errors
  if (typeof errors === 'object' && errors !== null) {
    const parts = Object.entries(errors).map(([field, value]) => {
      const text = Array.isArray(value) ? value.join(', ') : String(value)
      return Array.isArray(errors) ? text : `${field}: ${text}`
    })
    if (parts.length > 0) return message === null ? parts.join('; ') : `${message} ${parts.join('; ')}`
  }
  return message
}

export class CourierHttp {
  private readonly fetchFn: typeof fetch
  private readonly retry: RetryPolicy
  private readonly timeoutMs: number
  private readonly sleep: (ms: number) => Promise<void>
  /** Set when a reply says a quota is spent: the next call waits until then. */
  private pausedUntil = 0

  constructor(private readonly config: HttpClientConfig) {
    this.fetchFn = config.fetch ?? fetch
    this.retry = { ...DEFAULT_RETRY, ...config.options?.retry }
    this.timeoutMs = config.options?.timeoutMs ?? DEFAULT_TIMEOUT_MS
    this.sleep = config.options?.sleep ?? defaultSleep
  }

  url(path: string, query: Query = {}): string {
    const base = this.config.baseUrl.endsWith('/') ? this.config.baseUrl : `${this.config.baseUrl}/`
    const url = /^https?:\/\//.test(path) ? new URL(path) : new URL(path.replace(/^\//, ''), base)
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value))
    }
    return url.toString()
  }

  /** A JSON call; a 4xx other than auth and quota is CourierError('rejected') with the courier's message. */
  async json(method: string, path: string, init: { query?: Query; body?: unknown } = {}): Promise<unknown> {
    const reply = await this.send(method, path, init)
    if (reply.status >= 400) throw this.rejected(reply)
    return reply.body
  }

  /** Bytes (a label): the same errors as json(). */
  async bytes(path: string, query: Query = {}): Promise<Uint8Array> {
    const reply = await this.send('GET', path, { query, raw: true })
    if (reply.status >= 400) throw this.rejected(reply)
    if (!(reply.body instanceof Uint8Array)) throw new CourierError('unavailable', `${this.config.courier}: empty label`)
    return reply.body
  }

  rejected(reply: HttpReply): CourierError {
    const message = courierMessage(reply.body) ?? `refused the request (HTTP ${reply.status})`
    return new CourierError('rejected', `${this.config.courier}: ${message}`, { status: reply.status })
  }

  /**
   * One call with the quota rules applied; answers any status below 500 except 401/403/429 (those and 5xx throw),
   * so a caller can read a business refusal's body itself.
   */
  async send(
    method: string,
    path: string,
    init: { query?: Query; body?: unknown; raw?: boolean } = {},
  ): Promise<HttpReply> {
    const url = this.url(path, init.query)
    for (let attempt = 0; ; attempt++) {
      const pause = this.pausedUntil - Date.now()
      if (pause > 0) await this.sleep(Math.min(pause, this.retry.maxDelayMs))
      const response = await this.fetchOnce(method, url, init.body)
      const hint = waitHint(response.headers)
      if (response.status !== 429) {
        // a spent quota shown on a good reply: the next call waits instead of earning a 429 (and a ban)
        this.pausedUntil = hint !== null && hint <= this.retry.maxDelayMs ? Date.now() + hint : 0
      }
      if (response.status === 401 || response.status === 403) {
        const body = await readBody(response, false)
        throw new CourierError(
          'unauthorized',
          `${this.config.courier}: ${courierMessage(body) ?? 'the credentials were refused'}`,
          { status: response.status },
        )
      }
      if (response.status === 429) {
        await response.body?.cancel()
        const wait = hint ?? this.retry.baseDelayMs * 2 ** attempt
        if (attempt >= this.retry.attempts || wait > this.retry.maxDelayMs) {
          throw new CourierError('rate_limited', `${this.config.courier}: too many requests, try again later`, {
            retryAfterMs: Math.max(wait, 1),
            status: 429,
          })
        }
        await this.sleep(wait)
        continue
      }
      if (response.status >= 500) {
        await response.body?.cancel()
        throw new CourierError('unavailable', `${this.config.courier}: the service answered HTTP ${response.status}`, {
          status: response.status,
        })
      }
      const raw = init.raw === true && response.status < 300
      return { status: response.status, headers: response.headers, body: await readBody(response, raw) }
    }
  }

  private async fetchOnce(method: string, url: string, body: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...this.config.headers }
    if (body !== undefined) headers['content-type'] = 'application/json'
    // the courier's credentials go to the courier's host only (a label link may point elsewhere)
    if (new URL(url).origin !== new URL(this.url('')).origin) {
      for (const key of Object.keys(this.config.headers)) delete headers[key]
    }
    try {
      return await this.fetchFn(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      })
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'is unreachable'
      throw new CourierError('unavailable', `${this.config.courier} ${reason}`, {})
    }
  }
}

async function readBody(response: Response, raw: boolean): Promise<unknown> {
  const buffer = new Uint8Array(await response.arrayBuffer())
  if (raw) return buffer
  const text = new TextDecoder().decode(buffer)
  if (text.trim() === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * Runs `work` over `items` with at most `limit` at a time, keeping the order. On a failure no new item starts,
 * and the failure is thrown once the running ones have ended (nothing keeps calling the courier afterwards).
 */
export async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++
      try {
        results[index] = await work(items[index] as T)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  const settled = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker))
  const failure = settled.find((s) => s.status === 'rejected')
  if (failure) throw failure.reason
  return results
}

/** Splits a list into runs of at most `size`. */
export function chunked<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** A courier's number, sent as a number or a string ("400", "400.00"); null when absent or not a number. */
export function amount(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.round(value)
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Math.round(Number(value))
  return null
}

/** "2026-11-20 14:32:10" or "2026-11-20" + "14:32" as the couriers write times: Algiers time (UTC+1, no DST). */
export function algiersTime(date: string, time?: string): Date | null {
  const iso = /^\d{4}-\d{2}-\d{2}T/.test(date) ? date : null
  if (iso !== null) {
    const parsed = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) ? iso : `${iso}+01:00`)
    return Number.isNaN(parsed.getTime()) ? null : parsed
  }
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/.exec(date.trim())
  if (!match) return null
  const clock = (match[2] ?? time ?? '00:00').trim()
  const parsed = new Date(`${match[1]}T${clock.length === 5 ? `${clock}:00` : clock}+01:00`)
  return Number.isNaN(parsed.getTime()) ? null : parsed
}

/** Lowercase, no accents, single spaces, straight apostrophes: how couriers' words are compared. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

/** A courier's reply read through its schema; a reply of another shape is the courier misbehaving (unavailable). */
export function readReply<S extends z.ZodType>(courier: string, schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const where = parsed.error.issues[0]?.path.join('.') ?? ''
  throw new CourierError('unavailable', `${courier}: unexpected reply${where === '' ? '' : ` (${where})`}`)
}
