import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The customer's confirmation link: `/confirm/<token>`, the token being `<order id, hex>.<expiry, base 36>.<HMAC>`.
 * Signed with the shop's own secret (shop_settings.confirm_link_secret, made at random by migration 0016), so
 * links survive restarts and every API process accepts them; 128 bits of the HMAC-SHA256 are kept, enough
 * that a token cannot be guessed, short enough for a WhatsApp message.
 */
export const CONFIRM_LINK_TTL_MS = 7 * 24 * 3_600_000

const TOKEN = /^([0-9a-f]{32})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/

function signature(secret: string, value: string): string {
  return createHmac('sha256', secret).update(`confirm-link:${value}`).digest('base64url').slice(0, 22)
}

export function signConfirmToken(secret: string, orderId: string, now = Date.now()): string {
  const expires = Math.floor((now + CONFIRM_LINK_TTL_MS) / 1000).toString(36)
  const value = `${orderId.replace(/-/g, '').toLowerCase()}.${expires}`
  return `${value}.${signature(secret, value)}`
}

export const confirmLinkPath = (token: string) => `/confirm/${token}`

/** The order id a token names, when its signature holds and it has not expired; null otherwise. */
export function readConfirmToken(secret: string, token: string, now = Date.now()): string | null {
  const match = TOKEN.exec(token)
  if (!match) return null
  const [, hex = '', expires = '', sent = ''] = match
  const expected = Buffer.from(signature(secret, `${hex}.${expires}`))
  const given = Buffer.from(sent)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  if (Number.parseInt(expires, 36) * 1000 <= now) return null
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
