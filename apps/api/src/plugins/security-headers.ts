import fastifyHelmet from '@fastify/helmet'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '../db/client.ts'
import { adPixels } from '../db/schema.ts'

/**
 * Security headers on every reply (@fastify/helmet): nosniff, no framing (X-Frame-Options DENY and
 * `frame-ancestors 'none'`), a referrer policy, HSTS when the shop's public address is https, and a
 * Content-Security-Policy:
 *
 * - HTML pages (storefront and back office): everything from the shop's own origin only. The built apps have
 *   no inline script and no style sheet of their own; the server-rendered head's JSON-LD and the rendered page's
 *   data are data blocks (`type="application/ld+json"`, `application/json`), never run, so they need no nonce.
 *   Style attributes are allowed (`style-src-attr`): the server-rendered storefront carries the few React
 *   writes (a banner's focal point, the carousel's position, a colour swatch), and an attribute cannot load
 *   anything; `<style>` elements and style sheets from elsewhere stay refused.
 *   `data:` and `blob:` images: the CSS's inline icons and the back office's photo previews before upload.
 * - the ad pixels' hosts are added only while a pixel of that platform is active in the back office
 *   (Marketing > Pixels): Facebook's script from connect.facebook.net and its events to www.facebook.com,
 *   TikTok's script and events on analytics.tiktok.com.
 * - any other reply (API JSON, images, scripts): `default-src 'none'`, nothing in it may load or run anything.
 */
export const PIXEL_SOURCES = {
  facebook: { script: ['https://connect.facebook.net'], connect: ['https://www.facebook.com', 'https://connect.facebook.net'], img: ['https://www.facebook.com'] },
  tiktok: { script: ['https://analytics.tiktok.com'], connect: ['https://analytics.tiktok.com'], img: ['https://analytics.tiktok.com'] },
} as const

type Platform = keyof typeof PIXEL_SOURCES

export interface SecurityHeadersOptions {
  db: Db
  /** The shop's public address: HSTS and upgrade-insecure-requests only when it is https. */
  publicUrl?: string
  /** HSTS max-age in seconds (https only); 0 sends no HSTS header. */
  hstsMaxAge: number
  /** How long the list of active pixel platforms is reused; 0 reads it for every page. Staff writes drop it. */
  pixelTtlMs: number
}

/** The Content-Security-Policy of an HTML page, given the platforms whose pixels are active. */
export function pageCsp(platforms: readonly Platform[], https: boolean): string {
  const script = ["'self'"]
  const connect = ["'self'"]
  const img = ["'self'", 'data:', 'blob:']
  for (const platform of platforms) {
    const sources = PIXEL_SOURCES[platform]
    script.push(...sources.script)
    connect.push(...sources.connect)
    img.push(...sources.img)
  }
  const directives = [
    "default-src 'self'",
    `script-src ${[...new Set(script)].join(' ')}`,
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    `img-src ${[...new Set(img)].join(' ')}`,
    "font-src 'self'",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
  if (https) directives.push('upgrade-insecure-requests')
  return directives.join('; ')
}

/** Every reply that is not a page: a JSON body or a file can load nothing and be framed nowhere. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'"

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  const https = options.publicUrl?.startsWith('https://') ?? false
  await app.register(fastifyHelmet, {
    // set per reply below: pages and other replies get different policies, pages depend on the pixels
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https && options.hstsMaxAge > 0 ? { maxAge: options.hstsMaxAge, includeSubDomains: false } : false,
    // the shop's pictures may be shown by other sites (order e-mails in webmail, shared links): set per reply below
    crossOriginResourcePolicy: { policy: 'same-origin' },
  })

  let platforms: { value: Promise<Platform[]>; expires: number } | null = null
  const activePlatforms = (): Promise<Platform[]> => {
    if (platforms && platforms.expires > Date.now()) return platforms.value
    const value = options.db
      .selectDistinct({ platform: adPixels.platform })
      .from(adPixels)
      .where(eq(adPixels.isActive, true))
      .then((rows) => rows.map((row) => row.platform).filter((platform): platform is Platform => platform in PIXEL_SOURCES).sort())
      // without the list (database down) the page is served without the pixels' hosts: the pixels'
      // own list request fails in that case too
      .catch(() => {
        platforms = null
        return [] as Platform[]
      })
    platforms = { value, expires: Date.now() + options.pixelTtlMs }
    return value
  }

  // a pixel added or switched off in the back office changes the next page's policy at once
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/v1/admin') && reply.statusCode < 400) {
      platforms = null
    }
  })

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '')
    if (type.startsWith('text/html')) {
      const isAdmin = request.url === '/admin' || request.url.startsWith('/admin/') || request.url.startsWith('/admin?')
      // the back office never loads a pixel
      reply.header('content-security-policy', pageCsp(isAdmin ? [] : await activePlatforms(), https))
    } else {
      reply.header('content-security-policy', NON_PAGE_CSP)
      if (request.url.startsWith('/media/')) reply.header('cross-origin-resource-policy', 'cross-origin')
    }
    return payload
  })
})
