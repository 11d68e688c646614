/**
 * The storefront rendered on the server: the API calls `renderPage()` for every storefront address and sends
 * the HTML with the first view's data, so a shopper sees the page before any script has arrived; main.tsx
 * then hydrates it. Built by `vite build --ssr` into dist-server/ (see package.json).
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { PassThrough } from 'node:stream'
import type { Locale } from '@shop/shared'
import type { i18n as I18n } from 'i18next'
import { type ReactNode, StrictMode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { prefetchPage } from './app/route-data.ts'
import { AppProviders } from './app/providers.tsx'
import { routes } from './app/routes.tsx'
import { ApiError, setApiTransport } from './lib/api.ts'
import { createI18n, loadLocaleResources } from './lib/i18n.ts'
import { createQueryClient } from './lib/query-client.ts'
import { dehydrateForPage, stateScriptText } from './lib/rendered-state.ts'

export { RENDERED_STATE_ID } from './lib/rendered-state.ts'

/** Answers a storefront API call (`/api/v1/...`) inside the server process. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>

export interface PageRequest {
  /** Path and query, e.g. `/product/abc?lang=fr`. */
  url: string
  locale: Locale
  api: ApiTransport
}

export interface RenderedPage {
  /** 200, or 404 for an address, a product or a category that does not exist. */
  status: number
  /** The app's HTML, to go inside `<div id="root">`. */
  html: string
  /** The first view's data, for `<script id="rendered-state" type="application/json">`. */
  state: string
  /** Set when the address answers with a redirect (none of the storefront's routes do today). */
  redirect?: string
  /** The page's own chunk (`handle.page` in routes.tsx), for the server to preload with the entry. */
  page?: string
}

const calls = new AsyncLocalStorage<{ locale: Locale; api: ApiTransport }>()

// The pages' queries call the same api() as in the browser: on the server it goes to the request's transport,
// in the request's language (the API answers catalogue names and messages in it).
setApiTransport((url, init) => {
  const call = calls.getStore()
  if (!call) return Promise.reject(new Error('storefront API called outside a page render'))
  return call.api(url, { ...init, headers: { ...(init.headers as Record<string, string>), 'Accept-Language': call.locale } })
})

const handler = createStaticHandler(routes)

// One i18next instance per language, made once: the server never switches an instance's language.
const texts = { fr: await loadLocaleResources('fr'), en: await loadLocaleResources('en') }
const translators = new Map<Locale, I18n>()
function translator(locale: Locale): I18n {
  let instance = translators.get(locale)
  if (!instance) {
    instance = createI18n(locale, texts, { onServer: true })
    translators.set(locale, instance)
  }
  return instance
}

/** A refusal the page shows as "not found" (and crawlers get as a 404). */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

function renderToString(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough()
    const chunks: Buffer[] = []
    sink.on('data', (chunk: Buffer) => chunks.push(chunk))
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    sink.on('error', reject)
    const stream = renderToPipeableStream(element, {
      // the data is already in the cache: the whole page is ready at once, and kept whole for the next visitor
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
    })
  })
}

export async function renderPage({ url, locale, api }: PageRequest): Promise<RenderedPage> {
  return calls.run({ locale, api }, async () => {
    const request = new Request(new URL(url, 'http://storefront.local'))
    const context = await handler.query(request)
    if (context instanceof Response) {
      return { status: context.status, html: '', state: '', redirect: context.headers.get('Location') ?? '/' }
    }
    const leaf = context.matches.at(-1)
    const routePath = leaf?.route.path
    const queryClient = createQueryClient()
    await prefetchPage(queryClient, {
      routePath,
      params: leaf?.params ?? {},
      search: new URL(request.url).searchParams,
    })
    const router = createStaticRouter(handler.dataRoutes, context)
    const html = await renderToString(
      <StrictMode>
        <AppProviders i18n={translator(locale)} queryClient={queryClient}>
          {/* no hydration data script (the routes have no loaders; an inline script would need a CSP nonce) */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    )
    const missing = routePath === '*' || queryClient.getQueryCache().getAll().some((query) => isNotFound(query.state.error))
    const state = stateScriptText(dehydrateForPage(queryClient))
    queryClient.clear()
    const page = (leaf?.route.handle as { page?: string } | undefined)?.page
    return { status: missing ? 404 : context.statusCode, html, state, ...(page ? { page } : {}) }
  })
}
