import { createApi } from '@shop/client-kit'
import { reportNoReply, reportReply } from './connection.ts'

export { ApiError, type ApiErrorCode, type ApiOptions, type FieldError } from '@shop/client-kit'

/** localStorage key of the guest's cart session id (issued by the server, see `GET /cart/guest`). */
export const GUEST_SESSION_KEY = 'cart-session'
/**
 * The same id in a cookie, for the server: it renders the checkout with the guest's cart and places the order
 * of the checkout form posted before (or without) the scripts (apps/api order-forms.ts GUEST_SESSION_COOKIE).
 */
export const GUEST_SESSION_COOKIE = 'cart_session'
/** As long as the server keeps a guest cart nobody touches (PURGE_GUEST_CART_DAYS, 30 by default). */
const GUEST_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function writeGuestCookie(sessionId: string | null): void {
  try {
    const found = new RegExp(`(?:^|;\\s*)${GUEST_SESSION_COOKIE}=([^;]*)`).exec(document.cookie)?.[1] ?? null
    if (found === sessionId) return
    document.cookie =
      sessionId === null
        ? `${GUEST_SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
        : `${GUEST_SESSION_COOKIE}=${sessionId}; Path=/; Max-Age=${GUEST_COOKIE_MAX_AGE_S}; SameSite=Lax`
  } catch {
    // No document (the server's render) or cookies refused: the scripts still send the id themselves.
  }
}

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
  writeGuestCookie(sessionId)
  try {
    window.localStorage.setItem(GUEST_SESSION_KEY, sessionId)
  } catch {
    // Without storage the cart lasts as long as the page: the id stays in the query cache.
  }
}

/** After login or sign-up the server has merged the guest cart: the id must not be sent again. */
export function clearGuestSessionId(): void {
  writeGuestCookie(null)
  try {
    window.localStorage.removeItem(GUEST_SESSION_KEY)
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** A cart made before the id was also kept in a cookie: the cookie follows local storage (main.tsx, at start). */
export function syncGuestSessionCookie(): void {
  const stored = readGuestSessionId()
  if (stored) writeGuestCookie(stored)
}

type Transport = (url: string, init: RequestInit) => Promise<Response>
let transport: Transport | null = null

/**
 * The server renders the storefront's pages with the same queries the browser runs: there they are answered
 * inside the server process (entry-server.tsx sets this once), in the browser by `fetch`.
 */
export function setApiTransport(next: Transport | null): void {
  transport = next
}

/**
 * `api(path, replySchema, options)`: the shared client (packages/client-kit) with the storefront's additions:
 * guest calls (and login/sign-up, so the server merges the guest cart) carry the session id, a session id the
 * server refuses is forgotten, and the connection banner hears of every reply and every missing one.
 */
export const api = createApi({
  headers: (): Record<string, string> => {
    const sessionId = readGuestSessionId()
    return sessionId ? { 'X-Session-Id': sessionId } : {}
  },
  fetch: (url, init) => (transport ?? fetch)(url, init),
  onNoReply: reportNoReply,
  onReply: reportReply,
  onRefusal: (code) => {
    // An id the server does not accept is useless: forget it so the next cart call gets a fresh one.
    if (code === 'BAD_SESSION_ID') clearGuestSessionId()
  },
})
