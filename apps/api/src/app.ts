import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyCookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import fastifySwagger from '@fastify/swagger'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import type { Database, Db } from './db/client.ts'
import { envelope } from './http/envelope.ts'
import { replySerializer } from './http/reply-serializer.ts'
import type { CourierAdapter, CourierConnection, CourierDirectory } from './modules/couriers/courier.ts'
import { createCourierAdapter as courierAdapter } from './modules/couriers/adapters/index.ts'
import { createCourierDirectory } from './modules/couriers/courier-accounts.service.ts'
import { createSecrets, loadSecretsKey, type Secrets } from './modules/couriers/secrets.ts'
import { courierWebhookRoutes } from './modules/couriers/webhooks.routes.ts'
import { createMailer, type Mailer } from './modules/mail/mailer.ts'
import { failureBody, registerErrorHandler } from './http/error-handler.ts'
import { adminModule } from './modules/admin.module.ts'
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts'
import { bannerRoutes } from './modules/banners/banners.routes.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { locationRoutes } from './modules/location/location.routes.ts'
import { purgePlugin } from './modules/maintenance/purge.ts'
import { jobsPlugin } from './modules/jobs/jobs.plugin.ts'
import { registerCourierJobs } from './modules/couriers/shipping.sync.ts'
import { registerSoldCountJobs } from './modules/catalogue/sold-counts.ts'
import { conversionsPlugin } from './modules/pixels/conversions.plugin.ts'
import { registerMailJobs } from './modules/mail/mail.jobs.ts'
import { storefrontModule } from './modules/storefront.module.ts'
import { seoRoutes } from './modules/seo/seo.routes.ts'
import { readFontManifest, withFontPreloads } from './modules/seo/font-preloads.ts'
import { readIndex, storefrontHtml } from './modules/seo/storefront-html.ts'
import { settingsRoutes } from './modules/settings/settings.routes.ts'
import { pixelRoutes } from './modules/pixels/pixels.routes.ts'
import {
  fillTemplate,
  mainPhotoPreload,
  injectTransport,
  loadPageRenderer,
  pageModulesMeta,
  pageEtag,
  pageAddress,
  pageLocale,
  type PageForm,
  type PageRenderer,
  readManifest,
} from './modules/pages/page-renderer.ts'
import { guestSessionOf, orderFormRoutes, PLACED_ORDER_COOKIE, readPlacedOrder } from './modules/pages/order-forms.ts'
import { findOrder, orderReply } from './modules/orders/order.read.ts'
import { pageCompressionPlugin } from './plugins/page-compression.ts'
import { publicCachePlugin } from './plugins/public-cache.ts'
import { noNulPlugin } from './plugins/no-nul.ts'
import { ADMIN_DIST, WEB_DIST } from './paths.ts'
import { rateLimitPlugin } from './plugins/rate-limit.ts'
import { securityHeadersPlugin } from './plugins/security-headers.ts'
import { sessionPlugin } from './plugins/session.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    database: Database
    config: Config
    mailer: Mailer
    /** The shop's couriers: which account ships a wilaya, each account's adapter and secrets (modules/couriers). */
    couriers: CourierDirectory
    /** Encrypts and decrypts secrets kept in the database (courier credentials, webhook secrets). */
    secrets: Secrets
    /** True once SIGTERM arrived: readiness fails and new requests get 503 while in-flight ones finish. */
    isShuttingDown: boolean
    /** Every route as registered (method and full path), e.g. for the back-office role matrix test. */
    registeredRoutes: { method: string; url: string }[]
  }
}


export interface BuildAppOptions {
  config: Config
  database: Database
  logger?: FastifyServerOptions['logger']
  /** Replaces the SMTP-or-log mailer (tests read the messages). */
  mailer?: Mailer
  /** Replaces the couriers the shop's accounts describe (tests pass couriers of their own). */
  courierDirectory?: CourierDirectory
  /** Builds a courier engine's adapter from an account's connection (tests pass an in-test adapter). */
  createCourierAdapter?: (connection: CourierConnection) => CourierAdapter
  /** The built storefront's folder (tests pass a small one); apps/web/dist by default. */
  webDist?: string
  /** The built back office's folder (tests pass a small one); apps/admin/dist by default. */
  adminDist?: string
}

/**
 * The storefront's pages (apps/web/src/app/routes.tsx), matched as React Router does: without regard
 * to case, a trailing slash ignored. Any other path is the app's "not found" page, sent with a 404.
 * Product and category pages are checked further by storefrontHtml (404 for an unknown id or slug).
 */
const STOREFRONT_PAGES: RegExp[] = [
  /^\/$/,
  /^\/(collection|cart|place-order|thank-you|orders|profile|login|verify|tracking|about|contact|terms)$/i,
  /^\/auth\/(login|register)$/i,
  /^\/(category|product)\/[^/]+$/i,
  /^\/confirm\/[^/]+$/i,
]

export function isStorefrontPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return STOREFRONT_PAGES.some((page) => page.test(path))
}

/** The pages drawn with the shopper's own cart and account (their cookies): rendered for each request. */
const SHOPPER_PAGES = /^\/(cart|place-order)\/?(?:\?|$)/i

/**
 * A page rendered for one shopper (the cart, the checkout, the thank-you page of an order placed by a plain
 * form, a customer's confirmation link, whose address is the customer's own key): never kept.
 */
function isShoppersPage(request: FastifyRequest): boolean {
  if (SHOPPER_PAGES.test(request.url) || /^\/confirm\//i.test(request.url)) return true
  return request.cookies?.[PLACED_ORDER_COOKIE] !== undefined && /^\/thank-you\/?(?:\?|$)/.test(request.url)
}

/** Plugins, error handling and modules; never listens (server.ts does, tests use inject). */
export async function buildApp({ config, database, logger, mailer, courierDirectory, createCourierAdapter, webDist = WEB_DIST, adminDist = ADMIN_DIST }: BuildAppOptions): Promise<FastifyInstance> {
  // public catalogue replies and rendered pages reused for 2 s, dropped on writes (off in tests: they change rows directly)
  const publicCacheTtlMs = config.NODE_ENV === 'test' ? 0 : 2000
  const app: FastifyInstance = Fastify({
    logger: logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    requestIdHeader: false,
    // while closing, the onRequest hook below answers 503 in the store's own envelope (UNAVAILABLE)
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  })

  const registeredRoutes: { method: string; url: string }[] = []
  app.decorate('registeredRoutes', registeredRoutes)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url })
  })

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(replySerializer)
  app.decorate('db', database.db)
  app.decorate('database', database)
  app.decorate('config', config)
  app.decorate('isShuttingDown', false)
  app.decorate('mailer', mailer ?? createMailer(config, app.log))
  const secrets = createSecrets(await loadSecretsKey({ secretsKey: config.SECRETS_KEY, dataDir: config.dataDir }))
  app.decorate('secrets', secrets)
  // the accounts staff set up (modules/couriers/courier-accounts.service.ts); the engines' adapters plug in here
  app.decorate('couriers', courierDirectory ?? createCourierDirectory(database.db, { secrets, createAdapter: createCourierAdapter ?? ((connection) => courierAdapter(connection)) }))

  await app.register(envelope, { checkWholeReplies: config.NODE_ENV !== 'production' })
  registerErrorHandler(app)
  // CSP, nosniff, no framing, referrer policy, HSTS on https (pixel hosts allowed only while a pixel is active)
  await app.register(securityHeadersPlugin, {
    db: database.db,
    publicUrl: config.PUBLIC_URL,
    hstsMaxAge: config.HSTS_MAX_AGE,
    pixelTtlMs: config.NODE_ENV === 'test' ? 0 : 5000,
  })
  // a NUL character anywhere in a request is a 400, never a database error
  await app.register(noNulPlugin)
  await app.register(fastifyCookie)
  await app.register(sessionPlugin)
  await app.register(rateLimitPlugin, { config, db: database.db })
  // stale carts, sessions, reset codes, idempotency keys and rate-limit rows, on a timer started by listen()
  await app.register(purgePlugin, { config, db: database.db })
  // background jobs (a table claimed with SKIP LOCKED): run here after listen unless JOBS=off, or by `npm run worker`
  await app.register(jobsPlugin, { config, db: database.db })
  await app.register(conversionsPlugin)
  registerMailJobs(app)
  registerCourierJobs(app)
  registerSoldCountJobs(app, database.db)
  // list totals kept too
  await app.register(publicCachePlugin, {
    ttlMs: publicCacheTtlMs,
    db: database.db,
    // the storefront's rendered pages (not its files, the API or the back office)
    // (not a page rendered for one shopper: the thank-you page of an order placed by a plain form)
    pages: { matches: (url, request) => isStorefrontPage(url.split('?')[0] ?? '/') && !isShoppersPage(request), locale: pageLocale, address: pageAddress },
  })
  // after the page cache (which keeps the page as text): pages go out compressed
  await app.register(pageCompressionPlugin)

  app.addHook('onRequest', async (request, reply) => {
    if (app.isShuttingDown && request.url !== '/healthz') {
      reply.header('connection', 'close')
      return reply.code(503).send(failureBody('UNAVAILABLE', request.locale))
    }
  })

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Khatwa store API', version: '1.0.0', description: 'Storefront and back-office API' },
      servers: [],
    },
    transform: jsonSchemaTransform,
  })
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger())

  await app.register(healthRoutes)
  await app.register(seoRoutes)
  await app.register(
    async (api) => {
      await api.register(locationRoutes)
      await api.register(settingsRoutes)
      await api.register(catalogueRoutes)
      await api.register(bannerRoutes)
      await api.register(pixelRoutes)
      await api.register(storefrontModule)
      await api.register(adminModule, { prefix: '/admin' })
      // couriers call these: raw bodies, signatures instead of sessions (modules/couriers/webhooks.routes.ts)
      await api.register(courierWebhookRoutes)
    },
    { prefix: '/api/v1' },
  )

  await registerStatic(app, config, webDist, adminDist)

  const renderer = await loadPageRenderer(webDist)
  const manifest = renderer ? readManifest(webDist) : null
  // the fonts a page's language needs (French and English pages skip the Arabic file)
  const fonts = renderer ? await readFontManifest(path.join(webDist, '.vite', 'fonts.json')) : null
  const renderTransport = injectTransport(app)
  // how long a CDN or proxy may keep a public page: as long as this process keeps it (stock as fresh as the JSON)
  const pageCacheControl = `public, max-age=0, s-maxage=${Math.round(publicCacheTtlMs / 1000)}, stale-while-revalidate=30`

  /** A client-side route: the single-page app's index.html, with the page's own head for the storefront. */
  const sendApp = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const isAdmin = pathname === '/admin' || pathname.startsWith('/admin/')
    const dist = isAdmin ? adminDist : webDist
    const indexPath = path.join(dist, 'index.html')
    if (!existsSync(indexPath)) {
      return reply.code(404).type('text/plain').send('Front end not built: run `npm run build` (npm start does it).')
    }
    reply.header('cache-control', 'no-cache')
    if (isAdmin) return reply.sendFile('index.html', dist)
    const known = isStorefrontPage(pathname)
    if (renderer) return sendRenderedPage(request, reply, pathname, { known, indexPath, renderer })
    if (!known) {
      // the app still loads and shows its own "not found" page; browsers and crawlers get the real status
      return reply.code(404).sendFile('index.html', dist)
    }
    const page = await storefrontHtml(app, request, pathname, { indexPath })
    if (page !== null) return reply.code(page.statusCode).type('text/html; charset=utf-8').send(page.html)
    return reply.sendFile('index.html', dist)
  }

  /** The order a plain form placed, named by the thank-you cookie, as its owner reads it. */
  const placedByForm = async (request: FastifyRequest, pathname: string): Promise<unknown> => {
    if (pathname.replace(/\/+$/, '') !== '/thank-you') return undefined
    const orderId = readPlacedOrder(request.cookies[PLACED_ORDER_COOKIE])
    const row = orderId ? await findOrder(database.db, orderId) : null
    // as the browser receives it (dates as text): the page renders the same on both sides
    return row ? (JSON.parse(JSON.stringify(await orderReply(database.db, row, pageLocale(request)))) as unknown) : undefined
  }

  /**
   * A storefront page rendered on the server: its head (title, sharing tags, preloads), the page's HTML in its
   * language and the first view's data. Kept by the public cache per address and language (plugins/public-cache.ts),
   * except a page for one shopper (a refused plain form, the thank-you page of its order): private, never kept.
   */
  const sendRenderedPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    { known, indexPath, renderer, form, formStatus }: { known: boolean; indexPath: string; renderer: PageRenderer; form?: PageForm; formStatus?: number },
  ) => {
    const locale = pageLocale(request)
    const head = known ? await storefrontHtml(app, request, pathname, { indexPath, rendered: true }) : null
    const index = head?.html ?? (await readIndex(indexPath)) ?? ''
    const order = form ? undefined : await placedByForm(request, pathname)
    // without the ad's parameters: the page every visitor of the ad shares (pageAddress)
    const url = form ? pathname : pageAddress(request.url)
    const shopper = SHOPPER_PAGES.test(pathname)
    // the cart and the checkout are drawn with the shopper's cart: their calls carry the shopper's cookies
    const api = shopper
      ? injectTransport(app, { remoteAddress: request.ip, cookie: request.headers.cookie, guestSession: guestSessionOf(request) })
      : renderTransport
    const page = await renderer.renderPage({ url, locale, api, shopper, ...(form ? { form } : {}), ...(order ? { order } : {}) })
    if (page.redirect !== undefined) return reply.redirect(page.redirect, page.status)
    const preloads = `${mainPhotoPreload(page.html)}${manifest && page.page ? pageModulesMeta(manifest, page.page) : ''}`
    // the head's own title (storefront-html.ts, for search engines and shares) stays; the page's title replaces
    // only the default one of a page without such a head
    const html = withFontPreloads(fillTemplate(index, head ? { ...page, title: null } : page, renderer.RENDERED_STATE_ID, locale, preloads), fonts, locale)
    const status = form && page.status === 200 && known ? (formStatus ?? 422) : !known ? 404 : Math.max(head?.statusCode ?? 200, page.status)
    if (form || order !== undefined || isShoppersPage(request)) {
      // one shopper's page: neither this process, a CDN nor a proxy keeps it
      return reply
        .code(status)
        .header('cache-control', 'private, no-store')
        .header('content-language', locale)
        .type('text/html; charset=utf-8')
        .send(html)
    }
    const etag = pageEtag(html)
    reply
      .header('cache-control', status === 200 ? pageCacheControl : 'no-cache')
      .header('vary', 'Cookie, Accept-Encoding')
      .header('content-language', locale)
      .header('etag', etag)
    if (status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send()
    return reply.code(status).type('text/html; charset=utf-8').send(html)
  }

  if (renderer) {
    const formRenderer = renderer
    await app.register(orderFormRoutes, {
      renderer,
      secureCookies: Boolean(config.PUBLIC_URL?.startsWith('https://')),
      sendForm: async (request, reply, page, form, status) => {
        const pathname = page.split('?')[0] ?? '/'
        const indexPath = path.join(webDist, 'index.html')
        return sendRenderedPage(request, reply, pathname, { known: isStorefrontPage(pathname), indexPath, renderer: formRenderer, form, formStatus: status })
      },
    })
  }

  // the home page by name, ahead of the static files' wildcard, so it gets its head (first banner preloaded)
  app.get('/', { schema: { hide: true } }, async (request, reply) => sendApp(request, reply, '/'))

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/'
    // a dot in the last segment names a file, unless the address is a page (a confirmation link's token ends in `.<signature>`)
    const isFile = /\.[a-z0-9]+$/i.test(pathname) && !isStorefrontPage(pathname)
    // HEAD as GET (`curl -I /admin/`): the same status and headers, the body left out by Node
    const isRead = request.method === 'GET' || request.method === 'HEAD'
    if (pathname.startsWith('/api') || pathname.startsWith('/media') || isFile || !isRead) {
      return reply.code(404).send(failureBody('ROUTE_NOT_FOUND', request.locale))
    }
    return sendApp(request, reply, pathname)
  })

  return app
}

async function registerStatic(app: FastifyInstance, config: Config, webDist: string, adminDist: string): Promise<void> {
  // Built assets have content hashes in their names: cache them for a year. HTML is revalidated.
  const setHeaders = (reply: FastifyReply, filePath: string) => {
    const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
    reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
  }
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    // media files are written once under new names: long cache is safe
    cacheControl: false,
    setHeaders: (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=2592000'),
  })
  await app.register(fastifyStatic, {
    root: adminDist,
    prefix: '/admin/',
    decorateReply: false,
    index: 'index.html',
    wildcard: true,
    // the build writes .br and .gz beside each asset (scripts/precompress.mjs): sent when the browser accepts them
    preCompressed: true,
    cacheControl: false,
    setHeaders,
  })
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: 'index.html',
    wildcard: true,
    // the build writes .br and .gz beside each asset (scripts/precompress.mjs): sent when the browser accepts them
    preCompressed: true,
    cacheControl: false,
    setHeaders,
  })
}

/** TRUST_PROXY: unset/false (default: X-Forwarded-For ignored), true, or the proxies' addresses ("127.0.0.1,10.0.0.0/8"). */
function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false
  if (value === 'true') return true
  return value.split(',').map((part) => part.trim())
}
