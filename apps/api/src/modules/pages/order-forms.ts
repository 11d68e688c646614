import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import formbody from '@fastify/formbody'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CLIENT_COOKIE } from '../../plugins/session.ts'
import { injectTransport, type PageForm, pageLocale, type PageRenderer } from './page-renderer.ts'

/**
 * The storefront's order forms posted as plain HTML forms, when the page's scripts have not run yet (a slow
 * phone on an ad's landing page) or not at all: the product page's quick order and the checkout, each
 * posted to the page's own address (`POST /product/:id`, `POST /place-order`).
 * The order goes through the same API route as the enhanced form (same rules, limits and messages); a refusal
 * renders the page again with the shopper's values and the messages next to the fields; an order taken
 * redirects (303) to the thank-you page, which the server renders with that order.
 */

/** The guest cart's session id, kept in a cookie beside local storage (apps/web/src/lib/api.ts). */
export const GUEST_SESSION_COOKIE = 'cart_session'
/** Names the order a plain form just placed, for the thank-you page; signed, HttpOnly, short-lived. */
export const PLACED_ORDER_COOKIE = 'placed_order'
const PLACED_ORDER_TTL_S = 15 * 60
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** No field of the two forms is longer (notes are at most 500 characters). */
const MAX_FIELD_LENGTH = 2000

/**
 * The key the thank-you cookie is signed with: made when the process starts. A restart only means a
 * shopper who reloads the thank-you page after it sees the page without the order (as after 15 minutes).
 */
const signingKey = randomBytes(32)

function signature(value: string): string {
  return createHmac('sha256', signingKey).update(value).digest('base64url')
}

/** `orderId.expires.signature`. */
export function signPlacedOrder(orderId: string, now = Date.now()): string {
  const value = `${orderId}.${Math.floor(now / 1000) + PLACED_ORDER_TTL_S}`
  return `${value}.${signature(value)}`
}

/** The order id a thank-you cookie names, when its signature holds and it has not expired. */
export function readPlacedOrder(cookie: string | undefined, now = Date.now()): string | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/i.exec(cookie ?? '')
  if (!match) return null
  const [, orderId = '', expires = '0', sent = ''] = match
  const expected = Buffer.from(signature(`${orderId}.${expires}`))
  const given = Buffer.from(sent)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return Number(expires) * 1000 > now && UUID.test(orderId) ? orderId : null
}

/** The guest cart session named by its cookie, when it is a session id the server could have issued. */
export function guestSessionOf(request: FastifyRequest): string | null {
  const value = request.cookies[GUEST_SESSION_COOKIE]
  return value && UUID.test(value) ? value : null
}

/** The posted fields as text, each name once (a repeated name keeps its first value), cut to a sane length. */
export function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {}
  if (typeof body !== 'object' || body === null) return fields
  for (const [name, raw] of Object.entries(body as Record<string, unknown>)) {
    const value = Array.isArray(raw) ? raw[0] : raw
    if (typeof value === 'string' && name.length <= 40) fields[name] = value.slice(0, MAX_FIELD_LENGTH)
  }
  return fields
}

export interface OrderFormsOptions {
  renderer: PageRenderer
  /** Renders a storefront page again with a refused form (never cached). */
  sendForm: (request: FastifyRequest, reply: FastifyReply, page: string, form: PageForm, status: number) => Promise<unknown>
  secureCookies: boolean
}

export async function orderFormRoutes(app: FastifyInstance, { renderer, sendForm, secureCookies }: OrderFormsOptions): Promise<void> {
  // only here: the API's own routes keep taking JSON alone (a cross-site HTML form cannot post JSON)
  await app.register(formbody, { bodyLimit: 32 * 1024 })

  /** One posted order form: placed (303 to the thank-you page) or the page sent back with the messages. */
  const submit = async (request: FastifyRequest, reply: FastifyReply, form: PageForm['form'], fields: Record<string, string>) => {
    const locale = pageLocale(request)
    const sessionId = guestSessionOf(request)
    const result = await renderer.submitOrderForm({
      form,
      fields,
      locale,
      api: injectTransport(app, { remoteAddress: request.ip, cookie: request.headers.cookie }),
      sessionId,
      asClient: Boolean(request.cookies[CLIENT_COOKIE]),
    })
    reply.header('cache-control', 'private, no-store')
    if (result.placed === null) return sendForm(request, reply, result.page, result.form, result.status)
    reply.setCookie(PLACED_ORDER_COOKIE, signPlacedOrder(result.placed._id), {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      path: '/thank-you',
      maxAge: PLACED_ORDER_TTL_S,
    })
    // the language goes with the address (the page was in it), personal data never does
    return reply.redirect(`/thank-you?lang=${locale}`, 303)
  }

  app.post<{ Params: { productId: string } }>('/product/:productId', { schema: { hide: true } }, async (request, reply) =>
    // the product is the page's: a hidden field cannot name another one
    submit(request, reply, 'quick-order', { ...formFields(request.body), productId: request.params.productId }),
  )

  // the checkout: the cart is the one the shopper's cart cookie (or account) names, never a posted field
  app.post('/place-order', { schema: { hide: true } }, async (request, reply) => submit(request, reply, 'checkout', formFields(request.body)))
}
