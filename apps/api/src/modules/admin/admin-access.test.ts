import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { type AdminShop, startAdminShop } from './admin-fixture.ts'

const ID = '00000000-0000-4000-8000-000000000000'

/** Every back-office route except sign-in/out; `owner`: refused to staff with 403. */
const ROUTES: { method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; owner?: boolean }[] = [
  { method: 'GET', url: '/auth/me' },
  { method: 'GET', url: '/dashboard' },
  { method: 'GET', url: '/orders' },
  { method: 'GET', url: '/orders/export.csv' },
  { method: 'GET', url: `/orders/${ID}` },
  { method: 'POST', url: `/orders/${ID}/status` },
  { method: 'POST', url: `/orders/${ID}/call` },
  { method: 'POST', url: `/orders/${ID}/mark-paid` },
  { method: 'PATCH', url: `/orders/${ID}` },
  { method: 'POST', url: `/orders/${ID}/notes` },
  { method: 'PATCH', url: `/orders/${ID}/return-requests/${ID}` },
  { method: 'GET', url: '/products' },
  { method: 'GET', url: `/products/${ID}` },
  { method: 'POST', url: '/products' },
  { method: 'PATCH', url: `/products/${ID}` },
  { method: 'DELETE', url: `/products/${ID}` },
  { method: 'PUT', url: `/products/${ID}/variants` },
  { method: 'PATCH', url: '/variants/stock' },
  { method: 'POST', url: `/products/${ID}/images` },
  { method: 'DELETE', url: `/products/${ID}/images/${ID}` },
  { method: 'PATCH', url: `/products/${ID}/images/${ID}` },
  { method: 'PUT', url: `/products/${ID}/images/order` },
  { method: 'GET', url: '/categories' },
  { method: 'POST', url: '/categories' },
  { method: 'PATCH', url: `/categories/${ID}` },
  { method: 'DELETE', url: `/categories/${ID}` },
  { method: 'GET', url: '/coupons' },
  { method: 'POST', url: '/coupons' },
  { method: 'PATCH', url: `/coupons/${ID}` },
  { method: 'DELETE', url: `/coupons/${ID}` },
  { method: 'GET', url: '/delivery-prices' },
  { method: 'PUT', url: '/delivery-prices/16' },
  { method: 'PUT', url: '/delivery-prices/defaults' },
  { method: 'GET', url: '/banners' },
  { method: 'POST', url: '/banners' },
  { method: 'POST', url: `/banners/${ID}/image` },
  { method: 'PATCH', url: `/banners/${ID}` },
  { method: 'DELETE', url: `/banners/${ID}` },
  { method: 'GET', url: '/pixels', owner: true },
  { method: 'POST', url: '/pixels', owner: true },
  { method: 'PATCH', url: `/pixels/${ID}`, owner: true },
  { method: 'DELETE', url: `/pixels/${ID}`, owner: true },
  { method: 'GET', url: '/settings', owner: true },
  { method: 'PATCH', url: '/settings', owner: true },
  { method: 'POST', url: '/settings/logo', owner: true },
  { method: 'GET', url: '/staff', owner: true },
  { method: 'POST', url: '/staff', owner: true },
  { method: 'PATCH', url: `/staff/${ID}`, owner: true },
  { method: 'GET', url: '/newsletter' },
  { method: 'GET', url: '/newsletter/export.csv' },
  { method: 'GET', url: '/contact-messages' },
  { method: 'PATCH', url: `/contact-messages/${ID}` },
]

/** '/orders/:id/status' and '/orders/{id}/status' and a concrete URL all become '/orders/*∕status'. */
const shape = (url: string) => url.replace(/\{[^}]+\}|:[A-Za-z]+|[0-9a-f-]{36}/g, '*').replace(/\/16$/, '/*')

for (const target of TEST_TARGETS) {
  describe(`back-office access on ${target}`, () => {
    let shop: AdminShop
    before(async () => {
      shop = await startAdminShop(target)
    })
    after(async () => shop.close())

    test('the route table covers every back-office route the API documents', async () => {
      const doc = shop.app.swagger() as { paths: Record<string, Record<string, unknown>> }
      const documented = Object.entries(doc.paths)
        .filter(([path]) => path.startsWith('/api/v1/admin/') && !/\/auth\/(login|logout)$/.test(path))
        .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${shape(path.slice('/api/v1/admin'.length))}`))
      const listed = new Set(ROUTES.map((r) => `${r.method} ${shape(r.url)}`))
      const missing = documented.filter((route) => !listed.has(route))
      assert.deepEqual(missing, [])
      assert.ok(documented.length >= ROUTES.length - 1)
    })

    test('every back-office route refuses a caller without a staff session (401)', async () => {
      for (const route of ROUTES) {
        const res = await shop.http(route.method, `/api/v1/admin${route.url}`, { body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} })
        assert.equal(res.status, 401, `${route.method} ${route.url}`)
        assert.equal(res.body?.code, 'UNAUTHENTICATED', `${route.method} ${route.url}`)
      }
    })

    test("a shopper's session cookie is not a staff session, whatever cookie name carries it (401)", async () => {
      for (const cookie of [`shop_session=${shop.clientToken}`, `shop_staff=${shop.clientToken}`]) {
        for (const url of ['/orders', '/products', '/dashboard', '/settings']) {
          const res = await shop.http('GET', `/api/v1/admin${url}`, { cookie })
          assert.equal(res.status, 401, `${cookie} ${url}`)
        }
      }
    })

    test('owner-only routes refuse staff (403) and accept the owner; the others accept staff', async () => {
      for (const route of ROUTES) {
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {}
        const res = await shop.http(route.method, `/api/v1/admin${route.url}`, { cookie: shop.staffCookie, body })
        if (route.owner) {
          assert.equal(res.status, 403, `${route.method} ${route.url}`)
          assert.equal(res.body?.code, 'FORBIDDEN')
          const asOwner = await shop.http(route.method, `/api/v1/admin${route.url}`, { cookie: shop.ownerCookie, body })
          assert.ok(![401, 403].includes(asOwner.status), `${route.method} ${route.url} as owner: ${asOwner.status}`)
        } else {
          assert.ok(![401, 403].includes(res.status), `${route.method} ${route.url} as staff: ${res.status}`)
        }
      }
    })
  })
}
