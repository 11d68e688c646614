import { DEFAULT_LOCALE, type ErrorCode, isErrorCode, isLocale, type Locale } from '@shop/shared'
import type { z } from 'zod'

/** Codes the client adds for failures that never reached the API or came back unreadable. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'TIMEOUT'

export interface FieldError {
  field: string
  message: string
}

/**
 * A refusal of the API, or a request that got no usable reply. `message` is the API's own text, already in the
 * language sent as Accept-Language; it is empty when the API did not speak (network, timeout, a proxy's page).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly code: ApiErrorCode
  /** HTTP status; 0 when no reply arrived. */
  readonly status: number
  readonly fieldErrors: FieldError[]
  readonly data: unknown

  constructor(code: ApiErrorCode, status: number, message: string, fieldErrors: FieldError[] = [], data?: unknown) {
    super(message)
    this.code = code
    this.status = status
    this.fieldErrors = fieldErrors
    this.data = data
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON; a FormData (file uploads) is sent as multipart. */
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

/** What an app adds around every call (the storefront's guest session and connection banner). */
export interface ApiHooks {
  /** Headers the app adds to every request (a caller's own headers win). */
  headers?: () => Record<string, string>
  /** A request got no reply (network down, timeout). */
  onNoReply?: () => void
  /** A reply arrived, whatever it said. */
  onReply?: () => void
  /** The API refused with this code. */
  onRefusal?: (code: ErrorCode) => void
  /**
   * What sends the request: the browser's `fetch` unless given. The storefront's server rendering answers
   * the same calls inside the server process, without a network round trip.
   */
  fetch?: (url: string, init: RequestInit) => Promise<Response>
}

/**
 * A typed call: `api<typeof replySchema>(path, options)` returns the `data` of the reply, typed by the endpoint's
 * reply schema from packages/shared/src/contracts. Only the schema's type reaches the browser bundle: the API has
 * already serialised the reply through that same schema (apps/api/src/http/reply-serializer.ts), so what arrives is
 * the contract; tests build their stubbed replies with `fixture(schema, ...)`, which parses them.
 */
export type Api = <Reply extends z.ZodType>(path: string, options?: ApiOptions) => Promise<z.output<Reply>>

// The API gives its database 5 s per statement and answers within 10 s; past that the reply is lost.
const TIMEOUT_MS = 10_000

/** The language of the page (set by the i18n setup on <html lang>), so server messages match what the user reads. */
function pageLocale(): Locale {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang
  return isLocale(lang) ? lang : DEFAULT_LOCALE
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function readFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry) =>
    isRecord(entry) && typeof entry.field === 'string' && typeof entry.message === 'string'
      ? [{ field: entry.field, message: entry.message }]
      : [],
  )
}

/**
 * `api<typeof replySchema>(path, options)` calls `/api/v1${path}` and returns the `data` of the success envelope,
 * or throws an `ApiError` carrying the API's code. It never toasts or redirects: callers decide what a failure means.
 *
 * The reply is not parsed again here: zod is ~25 KB gzipped, which every storefront page would then load before
 * its first paint (the forms load it later, on their own routes). The contract is enforced where the reply is made.
 */
export function createApi(hooks: ApiHooks = {}): Api {
  return async function api<Reply extends z.ZodType>(path: string, options: ApiOptions = {}): Promise<z.output<Reply>> {
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, TIMEOUT_MS)
    const forwardAbort = () => controller.abort()
    options.signal?.addEventListener('abort', forwardAbort, { once: true })

    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': pageLocale(),
      ...hooks.headers?.(),
      ...options.headers,
    }
    const form = typeof FormData !== 'undefined' && options.body instanceof FormData ? options.body : undefined
    // The browser writes the multipart boundary itself.
    if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json'

    let response: Response
    try {
      response = await (hooks.fetch ?? fetch)(`/api/v1${path}`, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : (form ?? JSON.stringify(options.body)),
        credentials: 'same-origin',
        signal: controller.signal,
      })
    } catch (error) {
      // A caller's abort (TanStack Query cancelling a query) is passed on as is, not turned into an error state.
      if (options.signal?.aborted) throw error
      hooks.onNoReply?.()
      throw new ApiError(timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', 0, '')
    } finally {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', forwardAbort)
    }

    hooks.onReply?.()
    const body: unknown = await response.json().catch(() => null)
    if (isRecord(body) && body.status === 'success' && 'data' in body) {
      // the API sent it through this endpoint's reply schema (see above): its shape is the contract's output
      return body.data as z.output<Reply>
    }
    if (isRecord(body) && (body.status === 'fail' || body.status === 'error')) {
      const code = isErrorCode(body.code) ? body.code : 'INTERNAL'
      hooks.onRefusal?.(code)
      const message = typeof body.message === 'string' ? body.message : ''
      throw new ApiError(code, response.status, message, readFieldErrors(body.errors), body.data)
    }
    // A proxy page or an empty reply: not the API speaking.
    throw new ApiError(response.ok ? 'INTERNAL' : 'UNAVAILABLE', response.status, '')
  }
}

/**
 * A test's stand-in for a reply, typed by the endpoint's contract and parsed by it: a fixture that drifted
 * from the contract fails the test that builds it.
 */
export function fixture<Schema extends z.ZodType>(schema: Schema, value: z.input<Schema>): z.output<Schema> {
  return schema.parse(value)
}
