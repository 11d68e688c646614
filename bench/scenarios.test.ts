import assert from 'node:assert/strict'
import { test } from 'node:test'
import { type Fixture, guestOrders, scenarios } from './scenarios.ts'

const variant = (id: string) => ({ variantId: `v-${id}`, productId: `p-${id}`, size: '42', color: 'noir' })
const f: Fixture = {
  categorySlug: 'men',
  detailSlug: 'bench-10',
  variants: [variant('a'), variant('b'), variant('c')],
  hot: variant('hot'),
  phones: ['0550000001', '0550000002'],
  commune: { id: 1601, wilaya: 16 },
  staffCookie: 'sid=1',
}

test('guest orders: the n-th on the variant picked for it, each from a session and an address of its own', () => {
  let n = 7
  const request = guestOrders(f, (i) => f.variants[i % f.variants.length] as Fixture['hot'], () => n++)
  assert.equal(request.method, 'POST')
  assert.equal(request.path, '/api/v1/order/guest')
  const first = request.vary?.(0)
  const second = request.vary?.(1)
  const items = (change: typeof first) => (change?.body as { orderItems: { productId: string }[] }).orderItems
  assert.deepEqual(items(first).map((i) => i.productId), ['p-b'])
  assert.deepEqual(items(second).map((i) => i.productId), ['p-c'])
  assert.notEqual(first?.headers?.['x-session-id'], second?.headers?.['x-session-id'])
  assert.equal(first?.headers?.['x-forwarded-for'], '10.0.0.7')
})

test('the hot-variant run orders one variant only; --only keeps a figure and its uncached twin', () => {
  const hot = scenarios(f).find((s) => s.key === 'order-hot')
  const productIds = [0, 1, 2].map(() => (hot?.request.vary?.(0).body as { orderItems: { productId: string }[] }).orderItems[0]?.productId)
  assert.deepEqual(productIds, ['p-hot', 'p-hot', 'p-hot'])
  assert.deepEqual(scenarios(f, ['list']).map((s) => s.key), ['list', 'list-uncached'])
})

test('the product page: its HTML asked for as a browser does, repeated, from an ad, then with the public cache bypassed', () => {
  const pages = scenarios(f, ['page-cached', 'page-ad', 'page-uncached'])
  assert.deepEqual(pages.map((s) => [s.key, s.request.method, s.request.path.split('?')[0]]), [
    ['page-cached', 'GET', '/product/bench-10'],
    ['page-ad', 'GET', '/product/bench-10'],
    ['page-uncached', 'GET', '/product/bench-10'],
  ])
  assert.match(pages[0]?.request.headers?.accept ?? '', /^text\/html/)
  assert.equal(pages[0]?.request.headers?.['cache-control'], undefined)
  assert.equal(pages[2]?.request.headers?.['cache-control'], 'no-cache')
  // each visit from the ad has a click id of its own, with the campaign's tags
  const visits = [0, 1, 2].map((n) => new URL(pages[1]?.request.vary?.(n).path ?? '', 'http://store.local'))
  assert.equal(new Set(visits.map((url) => url.searchParams.get('fbclid'))).size, 3)
  for (const url of visits) assert.deepEqual([url.pathname, url.searchParams.get('utm_source')], ['/product/bench-10', 'facebook'])
  assert.equal(pages[1]?.request.headers?.['cache-control'], undefined)
  assert.ok(!scenarios(f).some((s) => s.key === 'page-cached-uncached'))
})
