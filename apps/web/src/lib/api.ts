import { DEFAULT_LOCALE, type ErrorCode, isErrorCode, isLocale, type Locale } from '@shop/shared'
import { reportNoReply, reportReply } from './connection.ts'

/** Codes the client adds for failures that never reached the API or came back unreadable. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'TIMEOUT'

export interface FieldError {
  field: string
  message: string
}

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
  /** Sent as JSON. */
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

// The API gives its database 5 s per statement and answers within 10 s; past that the reply is lost.
const TIMEOUT_MS = 10_000

/** The language of the page (set by the i18n setup on <html lang>), so server messages match what the shopper reads. */
function pageLocale(): Locale {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang
  return isLocale(lang) ? lang : DEFAULT_LOCALE
}

/** localStorage key of the guest's cart session id (issued by the server, see `GET /cart/guest`). */
export const GUEST_SESSION_KEY = 'cart-session'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The stored guest session id, or null (none yet, storage disabled, or a value that is not a server-issued id). */
export function readGuestSessionId(): string | null {
  try {
    const stored = window.localStorage.getItem(GUEST_SESSION_KEY)
    return stored && UUID.test(stored) ? stored : null
  } catch {
    return null
  }
}

/** Keeps the id the server issued; anything else is refused so a planted value is never sent. */
export function storeGuestSessionId(sessionId: string): void {
  if (!UUID.test(sessionId)) return
  try {
    window.localStorage.setItem(GUEST_SESSION_KEY, sessionId)
  } catch {
    // Without storage the cart lasts as long as the page: the id stays in the query cache.
  }
}

/** After login or sign-up the server has merged the guest cart: the id must not be sent again. */
export function clearGuestSessionId(): void {
  try {
    window.localStorage.removeItem(GUEST_SESSION_KEY)
  } catch {
    // Nothing stored, nothing to clear.
  }
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
 * Calls `/api/v1${path}` and returns the `data` of the success envelope, or throws an `ApiError`
 * carrying the API's code. It never toasts or redirects: callers decide what a failure means.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
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
    ...options.headers,
  }
  // Guest calls (and login/sign-up, so the server merges the guest cart) carry the session id.
  const sessionId = readGuestSessionId()
  if (sessionId && !headers['X-Session-Id']) headers['X-Session-Id'] = sessionId
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'

  let response: Response
  try {
    response = await fetch(`/api/v1${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: controller.signal,
    })
  } catch (error) {
    // A caller's abort (TanStack Query cancelling a query) is passed on as is, not turned into an error state.
    if (options.signal?.aborted) throw error
    // The shopper is told once, by the connection banner, whatever page or form made the call.
    reportNoReply()
    if (timedOut) throw new ApiError('TIMEOUT', 0, 'The store did not answer in time')
    throw new ApiError('NETWORK_ERROR', 0, 'The store could not be reached')
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', forwardAbort)
  }

  reportReply()
  const body: unknown = await response.json().catch(() => null)
  if (isRecord(body) && body.status === 'success' && 'data' in body) {
    // The envelope is checked; the shape of `data` is the contract of each endpoint.
    return body.data as T
  }
  if (isRecord(body) && (body.status === 'fail' || body.status === 'error')) {
    const code = isErrorCode(body.code) ? body.code : 'INTERNAL'
    // An id the server does not accept is useless: forget it so the next cart call gets a fresh one.
    if (code === 'BAD_SESSION_ID') clearGuestSessionId()
    const message = typeof body.message === 'string' ? body.message : code
    throw new ApiError(code, response.status, message, readFieldErrors(body.errors), body.data)
  }
  // A proxy page or an empty reply: not the API speaking.
  throw new ApiError(response.ok ? 'INTERNAL' : 'UNAVAILABLE', response.status, `Unexpected reply (${response.status})`)
}
