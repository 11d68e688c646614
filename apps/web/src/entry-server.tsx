/**
 * The storefront rendered on the server: the API calls `renderPage()` for every storefront address and sends
 * the HTML with the first view's data, so a shopper sees the page before any script has arrived; main.tsx
 * then hydrates it. Built by `vite build --ssr` into dist-server/ (see package.json).
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'
import type { Cart, cartReply, clientSessionReply, guestCartReply, Locale, PlacedOrder, placeOrderReply, productDetailReply } from '@shop/shared'
import type { i18n as I18n } from 'i18next'
import { type ReactNode, StrictMode } from 'react'
import { options } from 'preact'
import { renderToStringAsync } from 'preact-render-to-string'
import { StaticRouter } from 'react-router'
import { prefetchPage } from './app/route-data.ts'
import { AppProviders } from './app/providers.tsx'
import { AppRoutes, matchPage } from './app/routes.tsx'
import { communesQuery } from './features/checkout/api/use-locations.ts'
import { checkoutFromForm } from './features/checkout/plain-checkout.ts'
import { formFieldOf, quickOrderFromForm } from './features/product/plain-quick-order.ts'
import { api as storefrontApi, ApiError, setApiTransport } from './lib/api.ts'
import { PAGE_FORM_KEY, PAGE_ORDER_KEY, type PageForm } from './lib/page-form.ts'
import { createI18n, loadLocaleResources } from './lib/i18n.ts'
import { createQueryClient } from './lib/query-client.ts'
import { dehydrateForPage, stateScriptText } from './lib/rendered-state.ts'
import { collectedTitle, type TitleSink, TitleSinkProvider } from './lib/document-title.tsx'

export { RENDERED_STATE_ID } from './lib/rendered-state.ts'
export type { PageForm } from './lib/page-form.ts'

/** Answers a storefront API call (`/api/v1/...`) inside the server process. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>

export interface PageRequest {
  /** Path and query, e.g. `/product/abc?lang=fr`. */
  url: string
  locale: Locale
  api: ApiTransport
  /** A plain-HTML order form the server refused: rendered with the shopper's values and the messages. */
  form?: PageForm
  /** The order a plain-HTML form just placed (the thank-you page shows it). */
  order?: PlacedOrder
  /**
   * Rendered for one shopper (checkout, cart): `api` carries their cookies and cart session, and the page is
   * drawn with who they are and their cart. Such a page is never kept by a cache.
   */
  shopper?: boolean
}

export interface RenderedPage {
  /** 200, or 404 for an address, a product or a category that does not exist. */
  status: number
  /** The app's HTML, to go inside `<div id="root">`. */
  html: string
  /** The first view's data, for `<script id="rendered-state" type="application/json">`. */
  state: string
  /** The page's title (its `<DocumentTitle>`), for the head; null when it names none. */
  title: string | null
  /** Set when the address answers with a redirect (none of the storefront's routes do today). */
  redirect?: string
  /** The page's own chunk (`handle.page` in routes.tsx), for the server to preload with the entry. */
  page?: string
}

// a page that throws while drawn gets the crash screen (routes.tsx CrashBoundary), as in the browser
;(options as { errorBoundaries?: boolean }).errorBoundaries = true

const calls = new AsyncLocalStorage<{ locale: Locale; api: ApiTransport }>()

// The pages' queries call the same api() as in the browser: on the server it goes to the request's transport,
// in the request's language (the API answers catalogue names and messages in it).
setApiTransport((url, init) => {
  const call = calls.getStore()
  if (!call) return Promise.reject(new Error('storefront API called outside a page render'))
  return call.api(url, { ...init, headers: { ...(init.headers as Record<string, string>), 'Accept-Language': call.locale } })
})

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

/** The whole page at once: its data is already in the cache, and the HTML is kept whole for the next visitor. */
async function renderToString(element: ReactNode): Promise<string> {
  // the storefront renders with Preact (vite.config.ts aliases react to preact/compat): a React element is a Preact vnode
  return await renderToStringAsync(element as Parameters<typeof renderToStringAsync>[0])
}

export async function renderPage({ url, locale, api, form, order, shopper = false }: PageRequest): Promise<RenderedPage> {
  return calls.run({ locale, api }, async () => {
    const address = new URL(url, 'http://storefront.local')
    const { route, params } = matchPage(address.pathname)
    const routePath = route.path
    // the page's own chunk, there before it is drawn (the browser loads it before hydrating, too)
    await route.lazy.load()
    const queryClient = createQueryClient()
    await prefetchPage(queryClient, {
      routePath,
      params,
      search: address.searchParams,
      shopper,
    })
    if (form) {
      queryClient.setQueryData(PAGE_FORM_KEY, form)
      // the commune list of the wilaya the shopper chose: without the scripts it cannot follow the wilaya
      const wilaya = form.values.wilaya ?? ''
      if (/^\d{1,2}$/.test(wilaya)) await queryClient.prefetchQuery(communesQuery(wilaya))
    }
    if (order) queryClient.setQueryData(PAGE_ORDER_KEY, order)
    const titles: TitleSink = { titles: [] }
    const html = await renderToString(
      <StrictMode>
        <TitleSinkProvider value={titles}>
          <AppProviders i18n={translator(locale)} queryClient={queryClient}>
            <StaticRouter location={`${address.pathname}${address.search}`}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </TitleSinkProvider>
      </StrictMode>,
    )
    const missing = routePath === '*' || queryClient.getQueryCache().getAll().some((query) => isNotFound(query.state.error))
    const state = stateScriptText(dehydrateForPage(queryClient))
    queryClient.clear()
    const page = route.page
    return { status: missing ? 404 : 200, html, state, title: collectedTitle(titles), ...(page ? { page } : {}) }
  })
}

/** An order form as a plain HTML form posts it: field name to value. */
export interface OrderFormRequest {
  form: PageForm['form']
  fields: Record<string, string>
  locale: Locale
  api: ApiTransport
  /** The guest's cart session (its cookie), part of what makes two submits the same order. */
  sessionId: string | null
  /** The client session cookie is present: the order goes to /order/client. */
  asClient: boolean
}

export type OrderFormResult =
  | { placed: PlacedOrder }
  | { placed: null; status: number; form: PageForm; page: string }

/**
 * The Idempotency-Key of a plain-HTML order: the rendered page is the same for every shopper (it is cached),
 * so no key can be written into it; the key is the order itself (the body as it will be sent, the kind of
 * owner and the guest's session). Sending the same order twice (a double submit, the browser's back button
 * then submit) replays the first; changing anything makes it another order.
 */
export function formIdempotencyKey(body: unknown, asClient: boolean, sessionId: string | null): string {
  return `form-${createHash('sha256').update(JSON.stringify([asClient, sessionId, body])).digest('base64url')}`
}

/**
 * Places an order posted by a plain HTML form, through the same API route as the enhanced form (same rules,
 * limits and messages). Refusals come back as the form to render again, in the page's language.
 */
export async function submitOrderForm({ form, fields, locale, api, sessionId, asClient }: OrderFormRequest): Promise<OrderFormResult> {
  return calls.run({ locale, api }, async () => {
    const t = translator(locale).t
    const values = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value.slice(0, 2000)]))
    const productId = values.productId ?? ''
    const page = `/product/${encodeURIComponent(productId)}`
    const refused = (status: number, errors: Record<string, string>, message: string | null): OrderFormResult => ({
      placed: null,
      status,
      page,
      form: { form, values, errors, message },
    })
    if (form === 'checkout') return submitCheckout(values, { asClient, sessionId, t })
    if (form !== 'quick-order') return refused(422, {}, t('product:quickOrder.failed'))
    let detail: Awaited<ReturnType<typeof storefrontApi<typeof productDetailReply>>>
    try {
      detail = await storefrontApi<typeof productDetailReply>(page)
    } catch (error) {
      return refused(error instanceof ApiError && error.status > 0 ? error.status : 503, {}, error instanceof ApiError && error.message ? error.message : t('product:quickOrder.failed'))
    }
    const plain = quickOrderFromForm(values, detail.product)
    if (!plain.body) {
      const errors = Object.fromEntries(Object.entries(plain.errors).map(([name, key]) => [name, String(t(key as never))]))
      return refused(422, errors, null)
    }
    try {
      const reply = await storefrontApi<typeof placeOrderReply>(asClient ? '/order/client' : '/order/guest', {
        method: 'POST',
        body: plain.body,
        headers: {
          'Idempotency-Key': formIdempotencyKey(plain.body, asClient, sessionId),
          ...(sessionId && !asClient ? { 'X-Session-Id': sessionId } : {}),
        },
      })
      return { placed: reply.order }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const errors: Record<string, string> = {}
      for (const { field, message } of error.fieldErrors) errors[formFieldOf(field)] ??= message
      const message =
        error.code === 'PRICE_CHANGED'
          ? t('product:quickOrder.priceChanged')
          : error.fieldErrors.length === 0
            ? error.status > 0 && error.status < 500 && error.message && error.message !== error.code
              ? error.message
              : t('product:quickOrder.failed')
            : null
      return refused(error.status > 0 ? error.status : 503, errors, message)
    }
  })
}

/** The checkout's field for an API field error (`shippingAddress.type`, `couponCode`...). */
function checkoutFieldOf(apiField: string): string {
  const name = formFieldOf(apiField)
  if (name === 'type') return 'deliveryType'
  if (name === 'couponCode') return 'coupon'
  return name
}

/**
 * The checkout posted as a plain form: the shopper's cart as the server holds it (their cart session cookie, or
 * their account), the same checks and order body as the enhanced form, the same API route. Called inside
 * submitOrderForm's request scope.
 */
async function submitCheckout(
  values: Record<string, string>,
  { asClient, sessionId, t }: { asClient: boolean; sessionId: string | null; t: I18n['t'] },
): Promise<OrderFormResult> {
  const refused = (status: number, errors: Record<string, string>, message: string | null): OrderFormResult => ({
    placed: null,
    status,
    page: '/place-order',
    form: { form: 'checkout', values, errors, message },
  })
  const guestHeaders: Record<string, string> = sessionId && !asClient ? { 'X-Session-Id': sessionId } : {}
  let cart: Cart
  let accountEmail: string | null = null
  try {
    if (asClient) {
      accountEmail = (await storefrontApi<typeof clientSessionReply>('/auth/client/session')).user?.email ?? null
      cart = (await storefrontApi<typeof cartReply>('/cart/client')).cart
    } else {
      cart = (await storefrontApi<typeof guestCartReply>('/cart/guest', { headers: guestHeaders })).cart
    }
  } catch (error) {
    const status = error instanceof ApiError && error.status > 0 ? error.status : 503
    return refused(status, {}, error instanceof ApiError && status < 500 && error.message ? error.message : t('checkout:errors.placeFailed'))
  }
  const lines = cart.items.filter((item) => item.available)
  // an empty cart renders the page's own "your cart is empty"
  if (lines.length === 0) return refused(409, {}, null)
  const plain = checkoutFromForm(values, { lines, owner: asClient ? 'client' : 'guest', accountEmail })
  if (!plain.body) {
    const errors = Object.fromEntries(Object.entries(plain.errors).map(([name, key]) => [name, String(t(key as never))]))
    return refused(422, errors, t('checkout:errors.fixForm'))
  }
  try {
    const reply = await storefrontApi<typeof placeOrderReply>(asClient ? '/order/client' : '/order/guest', {
      method: 'POST',
      body: plain.body,
      headers: { 'Idempotency-Key': formIdempotencyKey(plain.body, asClient, sessionId), ...guestHeaders },
    })
    return { placed: reply.order }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const errors: Record<string, string> = {}
    for (const { field, message } of error.fieldErrors) errors[checkoutFieldOf(field)] ??= message
    if (error.code.startsWith('COUPON_') && error.message) errors.coupon ??= error.message
    const message =
      Object.keys(errors).length > 0
        ? t('checkout:errors.fixForm')
        : error.status > 0 && error.status < 500 && error.message && error.message !== error.code
          ? error.message
          : t('checkout:errors.placeFailed')
    return refused(error.status > 0 ? error.status : 503, errors, message)
  }
}
