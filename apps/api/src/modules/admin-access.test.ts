import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { StaffRole } from '@shop/shared'
import { eq } from 'drizzle-orm'
import { staff } from '../db/schema.ts'
import { createSession } from '../plugins/session.ts'
import { TEST_TARGETS } from '../test/test-app.ts'
import { type AdminShop, startAdminShop } from '../test/admin-fixture.ts'

/**
 * The role matrix: every route registered under /api/v1/admin -> the least role that may use it
 * (owner > manager > agent), or 'public' for sign-in and sign-out. A route Fastify registers that is
 * missing here fails the first test: add one line per new route.
 */
const ROUTE_MATRIX: Record<string, 'public' | StaffRole> = {
  'POST /auth/login': 'public',
  'POST /auth/logout': 'public',
  'GET /auth/me': 'agent',
  'POST /auth/password': 'agent',
  'GET /dashboard': 'agent',
  'GET /dashboard/call-figures': 'manager',
  'GET /dashboard/call-figures.csv': 'manager',

  'GET /orders': 'agent',
  'GET /orders/:id': 'agent',
  'POST /orders/:id/status': 'agent',
  'POST /orders/:id/call': 'agent',
  'PATCH /orders/:id': 'agent',
  'POST /orders/:id/notes': 'agent',
  'PUT /orders/:id': 'agent',
  'POST /orders': 'agent',
  'POST /orders/bulk': 'agent',
  'GET /orders/export.csv': 'manager',
  'GET /orders/export-check': 'manager',
  'POST /orders/:id/mark-paid': 'manager',
  'PATCH /orders/:id/return-requests/:requestId': 'manager',
  'POST /orders/:id/merge': 'agent',
  'GET /orders/:id/shipments': 'agent',
  'POST /orders/:id/ship': 'agent',
  'POST /shipments': 'agent',
  'POST /shipments/:id/cancel': 'agent',
  'GET /shipments/labels': 'agent',
  'GET /shipments/:id/label': 'agent',
  'POST /orders/:id/exchange': 'manager',
  'POST /shipments/refresh': 'agent',
  'GET /customers/:phone': 'agent',
  'GET /blacklist': 'manager',
  'POST /blacklist': 'manager',
  'DELETE /blacklist/:phone': 'manager',

  'GET /drafts': 'agent',
  'DELETE /drafts/:id': 'agent',
  'POST /drafts/:id/order': 'agent',
  'GET /staff/assignees': 'manager',
  'GET /call-queue': 'agent',
  'POST /call-queue/next': 'agent',

  'GET /products': 'agent',
  'GET /products/:id': 'agent',
  'POST /products': 'manager',
  'PATCH /products/:id': 'manager',
  'DELETE /products/:id': 'manager',
  'PUT /products/:id/variants': 'manager',
  'PATCH /variants/stock': 'manager',
  'POST /products/:id/images': 'manager',
  'DELETE /products/:id/images/:imageId': 'manager',
  'PATCH /products/:id/images/:imageId': 'manager',
  'PUT /products/:id/images/order': 'manager',
  'GET /categories': 'manager',
  'POST /categories': 'manager',
  'PATCH /categories/:id': 'manager',
  'DELETE /categories/:id': 'manager',

  'GET /coupons': 'manager',
  'POST /coupons': 'manager',
  'PATCH /coupons/:id': 'manager',
  'DELETE /coupons/:id': 'manager',
  'GET /banners': 'manager',
  'POST /banners': 'manager',
  'POST /banners/:id/image': 'manager',
  'PATCH /banners/:id': 'manager',
  'DELETE /banners/:id': 'manager',
  'GET /delivery-prices': 'manager',
  'PUT /delivery-prices/defaults': 'manager',
  'PUT /delivery-prices/:wilayaCode': 'manager',
  'GET /newsletter': 'manager',
  'GET /newsletter/export.csv': 'manager',
  'GET /contact-messages': 'manager',
  'PATCH /contact-messages/:id': 'manager',

  'GET /pixels': 'owner',
  'POST /pixels': 'owner',
  'PATCH /pixels/:id': 'owner',
  'DELETE /pixels/:id': 'owner',
  'GET /settings': 'owner',
  'PATCH /settings': 'owner',
  'POST /settings/logo': 'owner',
  'GET /staff': 'owner',
  'POST /staff': 'owner',
  'PATCH /staff/:id': 'owner',
  'POST /staff/:id/password': 'owner',
  'GET /audit-log': 'owner',
  'GET /couriers': 'owner',
  'POST /couriers': 'owner',
  'PUT /couriers/:id': 'owner',
  'DELETE /couriers/:id': 'owner',
  'GET /couriers/wilaya-choices': 'owner',
  'PUT /couriers/wilaya-choices': 'owner',
  'POST /couriers/:id/places/sync': 'owner',
  'GET /couriers/:id/places': 'owner',
  'PUT /couriers/:id/places/:placeId': 'owner',
  'GET /couriers/:id/fees/preview': 'owner',
  'POST /couriers/:id/fees/apply': 'owner',
  'GET /couriers/ledger': 'manager',
  'GET /couriers/:id/ledger/parcels': 'manager',
  'POST /couriers/:id/statements': 'manager',
  'GET /jobs': 'owner',
  'POST /jobs/:id/retry': 'owner',
  'DELETE /jobs/:id': 'owner',
}

const PREFIX = '/api/v1/admin'
const ID = '00000000-0000-4000-8000-000000000000'
/** Values for path parameters that are not ids. */
const PARAM_VALUES: Record<string, string> = { wilayaCode: '16', placeId: '1' }
const RANK: Record<StaffRole, number> = { agent: 1, manager: 2, owner: 3 }
const CALLERS = ['anonymous', 'shopper', 'agent', 'manager', 'owner'] as const
type Caller = (typeof CALLERS)[number]

/** 401 without a staff session, 403 below the route's role, else anything but 401/403 ('allowed'). */
function expected(least: 'public' | StaffRole, caller: Caller): 401 | 403 | 'allowed' {
  if (least === 'public') return 'allowed'
  if (caller === 'anonymous' || caller === 'shopper') return 401
  return RANK[caller] >= RANK[least] ? 'allowed' : 403
}

const concrete = (path: string) => path.replace(/:([A-Za-z]+)/g, (_, name: string) => PARAM_VALUES[name] ?? ID)

for (const target of TEST_TARGETS) {
  describe(`back-office role matrix on ${target}`, () => {
    let shop: AdminShop
    const staffIds = {} as Record<StaffRole, string>
    before(async () => {
      shop = await startAdminShop(target)
      for (const [role, email] of [['owner', 'owner@test.dz'], ['manager', 'staff@test.dz'], ['agent', 'agent@test.dz']] as const) {
        const [row] = await shop.database.db.select({ id: staff.id }).from(staff).where(eq(staff.email, email))
        if (!row) throw new Error(`${email} missing`)
        staffIds[role] = row.id
      }
    })
    after(async () => shop.close())

    /** A fresh session per request, so that sign-out (or a password change) never ends the next request's. */
    async function cookieOf(caller: Caller): Promise<string | undefined> {
      if (caller === 'anonymous') return undefined
      // a shopper's token under both cookie names: neither is a staff session
      if (caller === 'shopper') return `shop_session=${shop.clientToken}; shop_staff=${shop.clientToken}`
      const session = await createSession(shop.database.db, { kind: 'staff', staffId: staffIds[caller] })
      return `shop_staff=${session.token}`
    }

    test('the matrix lists exactly the routes registered under /api/v1/admin', () => {
      const registered = shop.app.registeredRoutes
        .filter((r) => r.url.startsWith(`${PREFIX}/`) && r.method !== 'HEAD')
        .map((r) => `${r.method} ${r.url.slice(PREFIX.length)}`)
      assert.ok(registered.length > 40, `only ${registered.length} admin routes seen`)
      const missing = registered.filter((route) => !(route in ROUTE_MATRIX))
      assert.deepEqual(missing, [], 'registered admin routes missing from ROUTE_MATRIX')
      const stale = Object.keys(ROUTE_MATRIX).filter((route) => !registered.includes(route))
      assert.deepEqual(stale, [], 'ROUTE_MATRIX lists routes that are not registered')
    })

    for (const caller of CALLERS) {
      test(`every admin route answers ${caller} as the matrix says`, async () => {
        const wrong: string[] = []
        for (const [route, least] of Object.entries(ROUTE_MATRIX)) {
          const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string]
          const cookie = await cookieOf(caller)
          const body = method === 'GET' || method === 'DELETE' ? undefined : {}
          const res = await shop.http(method, `${PREFIX}${concrete(path)}`, { body, ...(cookie ? { cookie } : {}) })
          const want = expected(least, caller)
          const ok =
            want === 'allowed'
              ? res.status !== 401 && res.status !== 403
              : res.status === want && res.body?.code === (want === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN')
          if (!ok) wrong.push(`${route}: ${res.status} ${res.body?.code ?? ''}, expected ${want}`)
        }
        assert.deepEqual(wrong, [])
      })
    }
  })
}
