import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createHash } from 'node:crypto'
import { isLocale, type Locale, textDirection } from '@shop/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { escapeHtml } from '../seo/seo.tags.ts'

/** What apps/web/src/entry-server.tsx exports (built into apps/web/dist-server/entry-server.js). */
export interface PageRenderer {
  renderPage(request: {
    url: string
    locale: Locale
    api: ApiTransport
    /** A plain-HTML order form sent back with the shopper's values and the messages. */
    form?: PageForm
    /** The order a plain-HTML form placed (the thank-you page). */
    order?: unknown
    /** Rendered for one shopper with their cookies (checkout, cart): never kept. */
    shopper?: boolean
  }): Promise<{ status: number; html: string; state: string; title?: string | null; redirect?: string; page?: string }>
  /** Places an order posted by a plain HTML form through the storefront's API routes (entry-server.tsx). */
  submitOrderForm(request: {
    form: PageForm['form']
    fields: Record<string, string>
    locale: Locale
    api: ApiTransport
    sessionId: string | null
    asClient: boolean
  }): Promise<{ placed: { _id: string } } | { placed: null; status: number; form: PageForm; page: string }>
  RENDERED_STATE_ID: string
}

export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>

/** apps/web/src/lib/page-form.ts PageForm. */
export interface PageForm {
  form: 'quick-order' | 'checkout'
  values: Record<string, string>
  errors: Record<string, string>
  message: string | null
}

/** A chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string
  imports?: string[]
  isEntry?: boolean
}

/**
 * `<meta name="page-modules">`: a page's own chunk (routes.tsx `handle.page`) and what it imports beyond the entry.
 * The storefront's entry (main.tsx) preloads them with the app once the page's photo is painted, so the page's
 * chunk does not wait for the app to have run, and no script takes the photo's bandwidth before then.
 */
export function pageModulesMeta(manifest: Record<string, ManifestChunk>, page: string): string {
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key]
    if (!chunk || into.has(chunk.file)) return
    into.add(chunk.file)
    for (const dependency of chunk.imports ?? []) closure(dependency, into)
  }
  const entry = new Set<string>()
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, entry)
  const files = new Set<string>(entry)
  closure(`src/app/routes/${page}.tsx`, files)
  const modules = [...files].filter((file) => !entry.has(file) && file.endsWith('.js')).map((file) => `/${file}`)
  return modules.length ? `<meta name="page-modules" content="${modules.join(' ')}">` : ''
}

/** The built storefront's manifest, or null (a build without one: no page preloads). */
export function readManifest(webDist: string): Record<string, ManifestChunk> | null {
  try {
    return JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  } catch {
    return null
  }
}

/**
 * Query parameters that ads and campaign links add to a landing address: the platforms' click ids (Meta's
 * `fbclid`, TikTok's `ttclid`, Google's, Microsoft's, Snapchat's...) and the `utm_` tags. They change nothing
 * on the page: the storefront's scripts read the click ids from the address bar (apps/web lib/click-ids.ts).
 */
const AD_PARAMS = new Set(['fbclid', 'ttclid', 'gclid', 'gbraid', 'wbraid', 'dclid', 'msclkid', 'twclid', 'sccid', 'igshid', 'li_fat_id', 'epik'])

function isAdParam(pair: string): boolean {
  const raw = pair.split('=', 1)[0] ?? ''
  let name: string
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase()
  } catch {
    return false
  }
  return AD_PARAMS.has(name) || name.startsWith('utm_')
}

/**
 * A storefront page's address without its ad parameters: the address it is rendered for and kept under, so
 * every visitor of one ad (each with a click id of their own) gets the page from the cache, and no visitor's
 * click id is written into a page another one gets. The other parameters stay as they came, in their order.
 */
export function pageAddress(url: string): string {
  const mark = url.indexOf('?')
  if (mark < 0) return url
  const pairs = url.slice(mark + 1).split('&')
  const kept = pairs.filter((pair) => pair !== '' && !isAdParam(pair))
  if (kept.length === pairs.length) return url
  return kept.length > 0 ? `${url.slice(0, mark)}?${kept.join('&')}` : url.slice(0, mark)
}

/** The cookie the storefront keeps the shopper's language in (apps/web/src/lib/i18n.ts LANGUAGE_COOKIE). */
export const LANGUAGE_COOKIE = 'lang'

/**
 * The language of a storefront page: `?lang=` (how ads link to a language), then the shopper's choice kept in
 * the `lang` cookie, then Arabic. Accept-Language is not used: a phone set to French gets the shop's default,
 * as the storefront itself does.
 */
export function pageLocale(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined
  const lang = typeof query?.lang === 'string' ? query.lang : undefined
  if (isLocale(lang)) return lang
  const cookie = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/.exec(String(request.headers.cookie ?? ''))?.[1]
  return isLocale(cookie) ? cookie : 'ar'
}

/**
 * The storefront's server renderer, built beside its browser files (`npm run build`); null when it is not
 * built (tests that serve a small fixture storefront, or a build without it): pages are then sent as the app's
 * shell and drawn in the browser, as before.
 */
export async function loadPageRenderer(webDist: string): Promise<PageRenderer | null> {
  const file = path.join(webDist, '..', 'dist-server', 'entry-server.js')
  if (!existsSync(file)) return null
  return (await import(pathToFileURL(file).href)) as PageRenderer
}

/**
 * The renderer's API calls, answered inside this process through Fastify's inject: the same routes, checks,
 * serialisation and public reply cache as a browser's call, without a socket.
 */
export function injectTransport(
  app: FastifyInstance,
  /**
   * A shopper's own call (a plain form's order): their address (limits) and cookies (their session) go with it;
   * the shopper's request itself already passed the cross-site check.
   */
  from?: { remoteAddress: string; cookie: string | undefined; guestSession?: string | null },
): ApiTransport {
  return async (url, init) => {
    const headers: Record<string, string> = {}
    // the guest's cart session (its cookie) as the storefront's scripts send it
    if (from?.guestSession) headers['x-session-id'] = from.guestSession
    new Headers(init.headers).forEach((value, name) => (headers[name] = value))
    if (from?.cookie) headers.cookie = from.cookie
    const reply = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      ...(from ? { remoteAddress: from.remoteAddress } : {}),
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    })
    const empty = reply.statusCode === 204 || reply.statusCode === 304
    return new Response(empty ? null : reply.body, {
      status: reply.statusCode,
      headers: { 'content-type': String(reply.headers['content-type'] ?? 'application/json') },
    })
  }
}

/**
 * The page is already drawn by its HTML: its scripts only make it answer to taps. The small entry is asked for
 * at low priority, so on a slow link the photo the shopper looks at (`fetchpriority="high"`) gets the bandwidth
 * first; the entry then waits for that photo to be painted before it fetches the app (main.tsx).
 */
export function withScriptsAfterPhoto(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, (_match, tag: string) => `<${tag} fetchpriority="low"`)
}

/**
 * The rendered page in the built index.html: `<html lang dir>` of its language, marked as rendered (main.tsx
 * then hydrates it in that language), the page's title in the head, the app's HTML in #root and the first
 * view's data beside it.
 */
export function fillTemplate(index: string, page: { html: string; state: string; title?: string | null }, stateId: string, locale: Locale, headTags = ''): string {
  const title = page.title
  return withScriptsAfterPhoto(index)
    .replace(/<title>[^<]*<\/title>/i, (tag) => (title ? `<title>${escapeHtml(title)}</title>` : tag))
    .replace(/<\/head>/i, () => `${headTags}</head>`)
    .replace(/<html\b[^>]*>/i, () => `<html lang="${locale}" dir="${textDirection(locale)}" data-rendered>`)
    .replace(
      /<div id="root"><\/div>/,
      () => `<div id="root">${page.html}</div><script id="${stateId}" type="application/json">${page.state}</script>`,
    )
}

/**
 * A preload of the photo the page shows first (its `<img fetchpriority="high">`), for the head: the browser asks
 * for it with the HTML's first bytes, before it has parsed the way down to the image. The same file the image
 * picks (`srcset`, `sizes`); nothing when the page has no such image.
 */
export function mainPhotoPreload(pageHtml: string): string {
  const img = /<img\b(?=[^>]*\sfetchpriority="high")[^>]*>/.exec(pageHtml)?.[0]
  if (!img) return ''
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(img)?.[1]
  const src = attribute('src')
  if (!src) return ''
  const srcset = attribute('srcset')
  const sizes = attribute('sizes')
  // the values come from the rendered HTML, already escaped for an attribute
  return `<link rel="preload" as="image" href="${src}"${srcset ? ` imagesrcset="${srcset}"` : ''}${sizes ? ` imagesizes="${sizes}"` : ''} fetchpriority="high">`
}

/** A weak validator of a page's HTML, for `ETag` / `If-None-Match`. */
export function pageEtag(html: string): string {
  return `W/"${createHash('sha1').update(html).digest('base64url')}"`
}
