/** What the bench sends: the data it picks from the generated shop, and one load scenario per figure. */
import { randomUUID } from 'node:crypto'
import { SEARCH_TERMS } from './generate.ts'
import type { LoadRequest } from './load.ts'
import { log, ORDER_MIN_SECONDS } from './options.ts'
import { control, query, type Store } from './store.ts'

export interface Scenario {
  key: string
  label: string
  request: LoadRequest
  /** Captured once (reply bytes + SQL) for the ceilings and EXPLAIN. */
  capture?: boolean
  /** The measured run lasts at least this long (orders: enough answers even when each takes a second). */
  minSeconds?: number
}

/** One size and colour of a product, as an order line names it. */
export interface Variant {
  variantId: string
  productId: string
  size: string
  color: string
}

export interface Fixture {
  categorySlug: string
  detailSlug: string
  variants: Variant[]
  hot: Variant
  phones: string[]
  commune: { id: number; wilaya: number }
  staffCookie: string
}

/** The generated shop's ids the scenarios need, and a signed-in staff cookie for the admin list. */
export async function fixture(store: Store): Promise<Fixture> {
  const variants = await query<{ variantId: string; productId: string; size: string; color: string }>(
    store,
    `select v.id as "variantId", v.product_id as "productId", v.size, v.color from variants v join products p on p.id = v.product_id
     where p.slug like 'bench-%' and p.slug <> 'bench-1' order by p.slug, v.size, v.color limit 4000`,
  )
  const [hot] = await query<{ variantId: string; productId: string; size: string; color: string }>(
    store,
    `select v.id as "variantId", v.product_id as "productId", v.size, v.color from variants v join products p on p.id = v.product_id
     where p.slug = 'bench-1' order by v.size, v.color limit 1`,
  )
  const phones = (await query<{ phone: string }>(store, `select distinct phone from orders order by phone limit 500`)).map((r) => r.phone)
  const [commune] = await query<{ id: number; wilaya: number }>(store, `select id, wilaya_code_58 as wilaya from communes where wilaya_code_58 = 16 order by id limit 1`)
  const info = await control<{ staffEmail: string }>(store, 'GET', '/info')
  const login = await fetch(`http://127.0.0.1:${store.port}/api/v1/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: info.staffEmail, password: 'bench-password-1' }),
  })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  if (!login.ok || !cookie) log(`staff sign-in failed: ${login.status}`)
  if (!hot || !commune) throw new Error('fixture: generated data missing')
  return { categorySlug: 'men', detailSlug: 'bench-10', variants, hot, phones, commune, staffCookie: cookie }
}

/** A distinct client address per request (sent as X-Forwarded-For to 127.0.0.1, never a target). */
export const ip = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
const phoneOf = (n: number) => `05${String(10_000_000 + (n % 89_999_999)).padStart(8, '0')}`

function orderBody(f: Fixture, v: Variant, n: number) {
  return {
    orderItems: [{ productId: v.productId, quantity: 1, size: v.size, color: v.color }],
    customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: phoneOf(n) },
    shippingAddress: { wilayaId: f.commune.wilaya, communeId: f.commune.id, type: 'domicil', address: '12 rue Didouche Mourad' },
    paymentMethod: 'cash_on_delivery',
  }
}

/**
 * Guest orders, each from a session and an address of its own: the n-th (numbered by `next`) on the
 * variant `pick` chooses for it.
 */
export function guestOrders(f: Fixture, pick: (n: number) => Variant, next: () => number): LoadRequest {
  return {
    method: 'POST',
    path: '/api/v1/order/guest',
    body: {},
    vary: () => {
      const n = next()
      return { headers: { 'x-session-id': randomUUID(), 'x-forwarded-for': ip(n) }, body: orderBody(f, pick(n), n) }
    },
  }
}

/**
 * The product page's HTML (GET /product/<slug>), repeated (`page-cached`), from an ad (`page-ad`: each visit
 * with a click id of its own, as a social ad's visitors come) and with the public cache bypassed (`page-uncached`).
 */
function productPages(f: Fixture, headers: Record<string, string>): Scenario[] {
  const path = `/product/${f.detailSlug}`
  const landing = (n: number) => `${path}?fbclid=IwAR0bench${n.toString(36)}&utm_source=facebook&utm_medium=paid`
  return [
    { key: 'page-cached', label: `Product page HTML (${path})`, capture: true, request: { method: 'GET', path, headers } },
    {
      key: 'page-ad',
      label: `Product page HTML from an ad (${path}?fbclid=…&utm_…, a new click id each visit)`,
      request: { method: 'GET', path: landing(0), headers, vary: (n) => ({ path: landing(n) }) },
    },
    { key: 'page-uncached', label: `Product page HTML (${path}), uncached`, capture: true, request: { method: 'GET', path, headers: { ...headers, 'cache-control': 'no-cache' } } },
  ]
}

/** Every figure's request (the cacheable reads also uncached), or the --only ones. */
export function scenarios(f: Fixture, only?: string[]): Scenario[] {
  let orderSeq = Math.floor(Math.random() * 1_000_000)
  const nextOrder = () => orderSeq++
  const all: Scenario[] = [
    { key: 'list', label: 'Product list (page 1, 12 items)', capture: true, request: { method: 'GET', path: '/api/v1/product?page=1&limit=12' } },
    {
      key: 'search-ar',
      label: `Search, Arabic (${SEARCH_TERMS.ar})`,
      capture: true,
      request: { method: 'GET', path: `/api/v1/product?search=${encodeURIComponent(SEARCH_TERMS.ar)}&page=1&limit=12` },
    },
    {
      key: 'search-fr',
      label: `Search, French (${SEARCH_TERMS.fr})`,
      capture: true,
      request: { method: 'GET', path: `/api/v1/product?search=${encodeURIComponent(SEARCH_TERMS.fr)}&page=1&limit=12`, headers: { 'accept-language': 'fr' } },
    },
    {
      key: 'category',
      label: `Category page with a price filter (${f.categorySlug}, 2 000-12 000 DA)`,
      capture: true,
      request: { method: 'GET', path: `/api/v1/product/category/${f.categorySlug}?minPrice=2000&maxPrice=12000&page=1&limit=12` },
    },
    { key: 'detail', label: `Product detail (${f.detailSlug})`, capture: true, request: { method: 'GET', path: `/api/v1/product/${f.detailSlug}` } },
    {
      key: 'cart-add',
      label: 'Guest add-to-cart (new session each time)',
      request: {
        method: 'POST',
        path: '/api/v1/cart/guest/add',
        body: {},
        vary: (n) => {
          const v = f.variants[n % f.variants.length] as Variant
          // a first add: no session id yet, the server issues one (and creates the cart)
          return { headers: {}, body: { productId: v.productId, quantity: 1, size: v.size, color: v.color } }
        },
      },
    },
    {
      key: 'quote',
      label: 'Delivery quote (58 wilayas in turn)',
      request: { method: 'GET', path: '/api/v1/shipping/one?wilaya=16&type=domicil', vary: (n) => ({ path: `/api/v1/shipping/one?wilaya=${1 + (n % 58)}&type=domicil` }) },
    },
    {
      key: 'order-distinct',
      label: 'Guest order, distinct variants',
      minSeconds: ORDER_MIN_SECONDS,
      request: guestOrders(f, (n) => f.variants[n % f.variants.length] as Variant, nextOrder),
    },
    { key: 'order-hot', label: 'Guest order, all on one hot variant', minSeconds: ORDER_MIN_SECONDS, request: guestOrders(f, () => f.hot, nextOrder) },
    {
      key: 'tracking',
      label: 'Tracking by phone',
      capture: true,
      request: {
        method: 'POST',
        path: '/api/v1/tracking',
        body: { phoneNumber: f.phones[0] },
        vary: (n) => ({ headers: { 'x-forwarded-for': ip(n) }, body: { phoneNumber: f.phones[n % f.phones.length] } }),
      },
    },
    {
      key: 'admin-orders',
      label: 'Admin order list (page 1, 20 orders)',
      capture: true,
      request: { method: 'GET', path: '/api/v1/admin/orders?page=1&limit=20', headers: { cookie: f.staffCookie } },
    },
  ]
  // the same reads with the public cache bypassed: what a page costs when its cached copy has expired;
  // captured too (sent with no-cache, so the statements are always the database's), for their EXPLAIN
  const uncached = all
    .filter((s) => ['list', 'search-ar', 'search-fr', 'category', 'detail'].includes(s.key))
    .map((s) => ({
      key: `${s.key}-uncached`,
      label: `${s.label}, uncached`,
      capture: true,
      request: { ...s.request, headers: { ...s.request.headers, 'cache-control': 'no-cache' } },
    }))
  all.splice(5, 0, ...uncached)
  // the product page itself (the HTML a shopper's browser asks for first), repeated, then with the public
  // cache bypassed as the JSON reads bypass it: what a render costs when its cached copy has expired
  // as a phone's browser asks for it (compressed if the store compresses)
  const html = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'ar' }
  all.splice(all.findIndex((s) => s.key === 'cart-add'), 0, ...productPages(f, html))
  return only ? all.filter((s) => only.includes(s.key) || only.includes(s.key.replace(/-uncached$/, ''))) : all
}
