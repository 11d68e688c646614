import assert from 'node:assert/strict'
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core'
import { watchCsp } from './browser.ts'

// Helpers shared by the storefront's browser tests: pages as shoppers see them, and the store's own
// API (public and back office) for preparing data and checking what the browser did.

export type Locale = 'ar' | 'fr' | 'en'

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1440, height: 900 }

export interface ShopperOptions {
  locale?: Locale
  viewport?: { width: number; height: number }
}

/**
 * A fresh browser context (its own cookies and storage) on a phone, in Arabic unless told, with the
 * shopper's language stored as the storefront keeps it (local storage and the `lang` cookie). Console errors and failed page errors are
 * collected in `errors` so a journey can assert that none happened.
 */
export async function shopper(
  browser: Browser,
  baseURL: string,
  { locale = 'ar', viewport = PHONE }: ShopperOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile: viewport.width < 800,
    hasTouch: viewport.width < 800,
    locale: locale === 'ar' ? 'ar-DZ' : locale === 'fr' ? 'fr-DZ' : 'en-GB',
  })
  await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), locale)
  // the storefront keeps the choice in a cookie as well, so the server renders the first page in it
  await context.addCookies([{ name: 'lang', value: locale, url: baseURL }])
  watchCsp(context)
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  // The server's HTML shows forms before the scripts have run; what a test types then would be lost as a
  // shopper's would. Every full load (and reload) waits for the page to be hydrated (RootLayout marks <html data-hydrated>).
  const load = page.goto.bind(page)
  page.goto = async (url, options) => {
    const reply = await load(url, options)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    return reply
  }
  const reload = page.reload.bind(page)
  page.reload = async (options) => {
    const reply = await reload(options)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    return reply
  }
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return { context, page, errors }
}

interface Envelope<T> {
  status: string
  data: T
  code?: string
  message?: string
}

export interface ApiCall {
  method?: string
  body?: unknown
  headers?: Record<string, string>
  cookie?: string
}

/** `data` of a success envelope from `${url}/api/v1${path}`; fails the test on any refusal. */
export async function storeApi<T>(url: string, path: string, init: ApiCall = {}): Promise<T> {
  const reply = await fetch(`${url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      'Accept-Language': 'fr',
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...init.headers,
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  })
  const body = (await reply.json()) as Envelope<T>
  assert.equal(body.status, 'success', `${init.method ?? 'GET'} ${path}: ${reply.status} ${body.code} ${body.message} ${JSON.stringify(body)}`)
  return body.data
}

/** The owner's session cookie for back-office API calls made by a test. */
export async function ownerCookie(url: string, email: string, password: string): Promise<string> {
  const reply = await fetch(`${url}/api/v1/admin/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  assert.equal(reply.status, 200, `staff sign-in: ${reply.status}`)
  const cookies = reply.headers.getSetCookie().map((line) => line.split(';')[0])
  assert.ok(cookies.length > 0, 'the staff sign-in sets a cookie')
  return cookies.join('; ')
}

/**
 * A back-office page in Arabic (the staff member's language is kept in local storage) with the given session
 * cookie (none: signed out), its context made with `options` (a phone's viewport, downloads...), Content
 * Security Policy reports recorded when `csp` is set.
 */
export async function staffPage(
  browser: Browser,
  url: string,
  cookie: string | null,
  options: BrowserContextOptions & { csp?: boolean; timeout?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { csp = false, timeout = 20_000, ...contextOptions } = options
  const context = await browser.newContext({ baseURL: url, ...contextOptions })
  if (csp) watchCsp(context)
  await context.addInitScript(() => window.localStorage.setItem('admin-lang', 'ar'))
  if (cookie) {
    const [name, value] = cookie.split(';')[0]!.split('=') as [string, string]
    await context.addCookies([{ name, value, url }])
  }
  const page = await context.newPage()
  page.setDefaultTimeout(timeout)
  return { context, page }
}

export interface ProductVariant {
  _id: string
  size: string
  color: string
  stock: number
}

export interface ProductDetail {
  _id: string
  name: string
  price: number
  sizes: string[]
  colors?: string[]
  variants?: ProductVariant[]
  images?: { src: string; color?: string | null }[]
}

/** The first products of the demo catalogue that have a variant in stock, with their details. */
export async function productsInStock(url: string, count: number): Promise<ProductDetail[]> {
  const { products } = await storeApi<{ products: { _id: string }[] }>(url, '/product?limit=40')
  const found: ProductDetail[] = []
  for (const summary of products) {
    const { product } = await storeApi<{ product: ProductDetail }>(url, `/product/${summary._id}`)
    if (product.variants?.some((variant) => variant.stock > 0)) found.push(product)
    if (found.length === count) break
  }
  assert.equal(found.length, count, `the demo shop has ${count} products in stock`)
  return found
}

/**
 * Fills an order form's customer and delivery fields as an Arabic shopper does (the checkout page, or the
 * product page's quick order as `form`): name, surname, phone, wilaya 16 (Algiers) and its first commune,
 * home delivery, address. Returns the commune's id.
 */
export async function fillArabicDelivery(
  form: Page | Locator,
  who: { firstName: string; lastName: string; phone: string; address: string },
): Promise<string> {
  await form.getByLabel('الاسم', { exact: true }).fill(who.firstName)
  await form.getByLabel('اللقب', { exact: true }).fill(who.lastName)
  await form.getByLabel('رقم الهاتف').fill(who.phone)
  await form.getByLabel('الولاية').selectOption('16')
  const commune = form.getByLabel('البلدية')
  await commune.locator('option').nth(1).waitFor({ state: 'attached' })
  const communeId = (await commune.locator('option').nth(1).getAttribute('value')) ?? ''
  await commune.selectOption(communeId)
  await form.getByRole('radio', { name: /التوصيل إلى المنزل/ }).check()
  await form.getByLabel('العنوان').fill(who.address)
  return communeId
}
