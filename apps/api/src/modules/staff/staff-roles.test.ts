import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { staffAccount, staffMember } from '@shop/shared'
import { asc, eq } from 'drizzle-orm'
import { auditLog, coupons, deliveryPrices, orders, products, sessions, shopSettings, staff } from '../../db/schema.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { type AdminShop, insertOrder, startAdminShop } from '../../test/admin-fixture.ts'

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

for (const target of TEST_TARGETS) {
  describe(`staff roles and the audit log on ${target}`, () => {
    let shop: AdminShop
    const as = (cookie: string) => (method: Method, url: string, body?: unknown) => shop.http(method, `/api/v1/admin${url}`, { cookie, body })
    const orderRow = async (id: string) => (await shop.database.db.select().from(orders).where(eq(orders.id, id)))[0]
    const auditRows = async () => shop.database.db.select().from(auditLog).orderBy(asc(auditLog.id))
    const staffId = async (email: string) => (await shop.database.db.select().from(staff).where(eq(staff.email, email)))[0]!.id

    before(async () => {
      shop = await startAdminShop(target)
    })
    after(async () => shop.close())

    test('an agent works an order up to shipped: list, call, notes, moves; the detail offers only those moves', async () => {
      const agent = as(shop.agentCookie)
      const order = await insertOrder(shop.database.db, [{ variantId: shop.catalogue.runner.variants[0]!.id, quantity: 1 }])
      assert.equal((await agent('GET', '/orders')).status, 200)
      const detail = await agent('GET', `/orders/${order.id}`)
      assert.deepEqual(detail.body.data.allowedMoves, ['confirmed', 'cancelled'])
      // the owner is offered deletion too
      assert.deepEqual((await as(shop.ownerCookie)('GET', `/orders/${order.id}`)).body.data.allowedMoves, ['confirmed', 'cancelled', 'deleted'])
      assert.equal((await agent('POST', `/orders/${order.id}/call`, { outcome: 'confirmed', version: 1 })).status, 200)
      assert.equal((await agent('POST', `/orders/${order.id}/notes`, { text: 'call after 5 pm' })).status, 201)
      assert.equal((await agent('PATCH', `/orders/${order.id}`, { deliveryTrackingId: 'YAL-123', version: 2 })).status, 200)
      assert.equal((await agent('POST', `/orders/${order.id}/status`, { status: 'processing', version: 3 })).status, 200)
      const shipped = await agent('POST', `/orders/${order.id}/status`, { status: 'shipped', version: 4 })
      assert.equal(shipped.status, 200)
      assert.deepEqual(shipped.body.data.allowedMoves, [])
      assert.equal((await orderRow(order.id))?.status, 'shipped')
    })

    test('an agent cannot deliver, return, delete, mark paid or export; nothing changes', async () => {
      const agent = as(shop.agentCookie)
      const shipped = await insertOrder(shop.database.db, [{ variantId: shop.catalogue.scarf.variants[0]!.id, quantity: 1 }], { status: 'shipped', paymentMethod: 'ccp' })
      for (const status of ['delivered', 'returned', 'out_for_delivery', 'deleted']) {
        const res = await agent('POST', `/orders/${shipped.id}/status`, { status, version: 1 })
        assert.equal(res.status, 403, status)
        assert.equal(res.body.code, 'FORBIDDEN')
      }
      assert.equal((await agent('POST', `/orders/${shipped.id}/mark-paid`, { version: 1 })).status, 403)
      assert.equal((await agent('GET', '/orders/export.csv')).status, 403)
      const row = await orderRow(shipped.id)
      assert.equal(row?.status, 'shipped')
      assert.equal(row?.paymentStatus, 'unpaid')
      assert.equal(row?.version, 1)
    })

    test('an agent cannot touch prices, coupons, delivery fees, banners, settings or staff (403), and nothing is written', async () => {
      const agent = as(shop.agentCookie)
      const { runner } = shop.catalogue
      const before = await auditRows()
      const refused: [Method, string, unknown][] = [
        ['PATCH', `/products/${runner.id}`, { price: 1 }],
        ['DELETE', `/products/${runner.id}`, undefined],
        ['POST', '/coupons', { code: 'FREE100', type: 'percentage', value: 100 }],
        ['PUT', '/delivery-prices/16', { domicil: 0, stopdesk: 0, returnPrice: 0 }],
        ['PUT', '/delivery-prices/defaults', { home: 0, stopdesk: 0, return: 0 }],
        ['GET', '/banners', undefined],
        ['GET', '/pixels', undefined],
        ['PATCH', '/settings', { defaultHomeFee: 0 }],
        ['GET', '/staff', undefined],
        ['GET', '/audit-log', undefined],
      ]
      for (const [method, url, body] of refused) {
        const res = await agent(method, url, body)
        assert.equal(res.status, 403, `${method} ${url}`)
        assert.equal(res.body.code, 'FORBIDDEN')
      }
      assert.equal((await shop.database.db.select().from(products).where(eq(products.id, runner.id)))[0]?.price, runner.price)
      assert.equal((await shop.database.db.select().from(coupons).where(eq(coupons.code, 'FREE100'))).length, 0)
      assert.equal((await shop.database.db.select().from(deliveryPrices).where(eq(deliveryPrices.wilayaCode, 16))).some((p) => p.price === 0), false)
      assert.deepEqual(await auditRows(), before)
    })

    test('a manager works catalogue, coupons and delivery prices but not settings, staff or the audit log', async () => {
      const manager = as(shop.staffCookie)
      assert.equal((await manager('GET', '/products')).status, 200)
      assert.equal((await manager('GET', '/coupons')).status, 200)
      assert.equal((await manager('GET', '/delivery-prices')).status, 200)
      for (const url of ['/settings', '/staff', '/audit-log', '/pixels']) {
        assert.equal((await manager('GET', url)).status, 403, url)
      }
    })

    test('price, coupon and delivery-fee changes are audited with who, when and before/after; refused changes are not', async () => {
      const manager = as(shop.staffCookie)
      const managerId = await staffId('staff@test.dz')
      const { derby } = shop.catalogue
      const start = (await auditRows()).length

      assert.equal((await manager('PATCH', `/products/${derby.id}`, { price: 1 })).status, 200)
      // a name-only edit is not a money change: no line
      assert.equal((await manager('PATCH', `/products/${derby.id}`, { nameFr: 'Derby cuir' })).status, 200)
      // refused (compare-at price below the price): no change, no line
      assert.equal((await manager('PATCH', `/products/${derby.id}`, { price: 5000, compareAtPrice: 100 })).status, 400)
      const coupon = await manager('POST', '/coupons', { code: 'BIG100', type: 'percentage', value: 100 })
      assert.equal(coupon.status, 201)
      // a duplicate code is refused: no line
      assert.notEqual((await manager('POST', '/coupons', { code: 'BIG100', type: 'fixed', value: 10 })).status, 201)
      const couponId = coupon.body.data.coupon._id
      assert.equal((await manager('PATCH', `/coupons/${couponId}`, { value: 50 })).status, 200)
      assert.equal((await manager('DELETE', `/coupons/${couponId}`)).status, 200)
      assert.equal((await manager('PUT', '/delivery-prices/16', { domicil: 0, stopdesk: null, returnPrice: 0 })).status, 200)
      assert.equal((await manager('PUT', '/delivery-prices/defaults', { home: 100, stopdesk: 100, return: 100 })).status, 200)

      const rows = (await auditRows()).slice(start)
      const summary = rows.map((r) => [r.kind, r.action, r.entity, r.entityId, r.before, r.after])
      assert.deepEqual(summary, [
        ['price', 'update', 'product', derby.id, { price: derby.price }, { price: 1 }],
        ['coupon', 'create', 'coupon', couponId, null, rows[1]!.after],
        ['coupon', 'update', 'coupon', couponId, { value: 100 }, { value: 50 }],
        ['coupon', 'delete', 'coupon', couponId, rows[3]!.before, null],
        ['delivery_fee', 'update', 'delivery_price', '16', rows[4]!.before, { domicil: 0, stopdesk: null, returnPrice: 0 }],
        ['delivery_fee', 'update', 'delivery_defaults', null, rows[5]!.before, { defaultHomeFee: 100, defaultStopdeskFee: 100, defaultReturnFee: 100 }],
      ])
      assert.equal((rows[1]!.after as { value: number }).value, 100)
      assert.equal(rows[1]!.label, 'BIG100')
      for (const row of rows) {
        assert.equal(row.staffId, managerId)
        assert.equal(row.staffName, 'Samir')
        assert.ok(Date.now() - row.createdAt.getTime() < 60_000)
      }
      const [settings] = await shop.database.db.select().from(shopSettings)
      assert.equal(settings?.defaultHomeFee, 100)
    })

    test('status moves, deletions, payments and staff role changes are audited; the owner reads them newest first, by kind', async () => {
      const owner = as(shop.ownerCookie)
      const order = await insertOrder(shop.database.db, [{ variantId: shop.catalogue.runner.variants[0]!.id, quantity: 1 }], { paymentMethod: 'ccp' })
      assert.equal((await owner('POST', `/orders/${order.id}/call`, { outcome: 'confirmed', version: 1 })).status, 200)
      assert.equal((await owner('POST', `/orders/${order.id}/mark-paid`, { version: 2 })).status, 200)
      assert.equal((await owner('POST', `/orders/${order.id}/status`, { status: 'deleted', version: 3 })).status, 200)
      const agentId = await staffId('agent@test.dz')
      assert.equal((await owner('PATCH', `/staff/${agentId}`, { role: 'manager' })).status, 200)
      assert.equal((await owner('PATCH', `/staff/${agentId}`, { role: 'agent' })).status, 200)

      const list = await owner('GET', '/audit-log?limit=5')
      assert.equal(list.status, 200)
      const entries = list.body.data.entries as { kind: string; action: string; entityId: string; before: unknown; after: unknown; staffName: string; label: string }[]
      assert.deepEqual(
        entries.map((e) => [e.kind, e.action, e.before, e.after]),
        [
          ['staff', 'update', { role: 'manager' }, { role: 'agent' }],
          ['staff', 'update', { role: 'agent' }, { role: 'manager' }],
          ['deletion', 'delete', { status: 'confirmed', total: order.total }, { status: 'deleted' }],
          ['payment', 'paid', { paymentStatus: 'unpaid', total: order.total }, { paymentStatus: 'paid', total: order.total }],
          ['order_status', 'call', { status: 'pending', total: order.total }, { status: 'confirmed' }],
        ],
      )
      assert.equal(entries[2]!.label, order.trackingNumber)
      assert.equal(entries[0]!.staffName, 'Owner')
      assert.ok(list.body.data.total >= 5)
      const deletions = await owner('GET', '/audit-log?kind=deletion')
      assert.ok(deletions.body.data.entries.length >= 1)
      assert.ok(deletions.body.data.entries.every((e: { kind: string }) => e.kind === 'deletion'))
      assert.equal((await owner('GET', '/audit-log?kind=nope')).status, 400)
      const page2 = await owner('GET', '/audit-log?limit=2&page=2')
      assert.deepEqual(page2.body.data.entries.map((e: { _id: string }) => e._id), list.body.data.entries.slice(2, 4).map((e: { _id: string }) => e._id))
    })

    test('a member changes their own password: current one required, rule failures named, other sessions end', async () => {
      const email = 'agent@test.dz'
      const other = await shop.login(email)
      const current = await shop.login(email)
      const me = as(current)
      const wrong = await me('POST', '/auth/password', { currentPassword: 'not-the-password', newPassword: 'a-brand-new-secret' })
      assert.equal(wrong.status, 422)
      assert.equal(wrong.body.code, 'WRONG_PASSWORD')
      const short = await shop.http('POST', '/api/v1/admin/auth/password', {
        cookie: current,
        headers: { 'accept-language': 'en' },
        body: { currentPassword: shop.password, newPassword: 'short' },
      })
      assert.equal(short.status, 400)
      assert.deepEqual(short.body.errors, [{ field: 'newPassword', message: 'The password must have at least 8 characters.' }])
      const common = await me('POST', '/auth/password', { currentPassword: shop.password, newPassword: 'password123' })
      assert.equal(common.body.errors[0].field, 'newPassword')
      assert.match(common.body.errors[0].message, /courant|شائعة|common/)
      // still valid before the change
      assert.equal((await as(other)('GET', '/auth/me')).status, 200)
      const changed = await me('POST', '/auth/password', { currentPassword: shop.password, newPassword: 'a-brand-new-secret' })
      assert.equal(changed.status, 200)
      assert.equal((await as(other)('GET', '/auth/me')).status, 401)
      assert.equal((await me('GET', '/auth/me')).status, 200)
      const relogin = await shop.http('POST', '/api/v1/admin/auth/login', { body: { email, password: 'a-brand-new-secret' } })
      assert.equal(relogin.status, 200)
      // put it back for the other tests
      assert.equal((await me('POST', '/auth/password', { currentPassword: 'a-brand-new-secret', newPassword: shop.password })).status, 200)
    })

    test('staff replies carry exactly the fields of their contract: no password hash, no session token leaves the server', async () => {
      const owner = as(shop.ownerCookie)
      const hashes = (await shop.database.db.select({ passwordHash: staff.passwordHash }).from(staff)).map((r) => r.passwordHash)
      const tokens = (await shop.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions)).map((r) => r.tokenHash)
      const list = await owner('GET', '/staff')
      assert.equal(list.status, 200)
      assert.ok(list.body.data.staff.length >= 3)
      for (const member of list.body.data.staff) assert.deepEqual(Object.keys(member).sort(), Object.keys(staffAccount.shape).sort())
      const me = await owner('GET', '/auth/me')
      assert.deepEqual(Object.keys(me.body.data.staff).sort(), Object.keys(staffMember.shape).sort())
      const text = JSON.stringify([list.body, me.body])
      for (const secret of [...hashes, ...tokens, shop.ownerCookie.split('=')[1]!]) assert.equal(text.includes(secret), false)
      assert.doesNotMatch(text, /passwordHash|argon2/)
    })

    test("the owner resets a member's password (generated or given): that member's sessions end, the reset is audited", async () => {
      const owner = as(shop.ownerCookie)
      const email = 'staff@test.dz'
      const id = await staffId(email)
      const session = await shop.login(email)
      assert.equal((await as(session)('POST', `/staff/${id}/password`, {})).status, 403)
      const generated = await owner('POST', `/staff/${id}/password`, {})
      assert.equal(generated.status, 200)
      const password = generated.body.data.password as string
      assert.ok(password.length >= 12)
      assert.equal((await as(session)('GET', '/auth/me')).status, 401)
      assert.equal((await shop.database.db.select().from(sessions).where(eq(sessions.staffId, id))).length, 0)
      assert.equal((await shop.http('POST', '/api/v1/admin/auth/login', { body: { email, password } })).status, 200)
      const tooShort = await owner('POST', `/staff/${id}/password`, { password: 'short' })
      assert.equal(tooShort.status, 400)
      assert.equal(tooShort.body.errors[0].field, 'password')
      const given = await owner('POST', `/staff/${id}/password`, { password: shop.password })
      assert.equal(given.status, 200)
      assert.equal(given.body.data.password, null)
      assert.equal((await owner('POST', '/staff/00000000-0000-4000-8000-000000000000/password', {})).status, 404)
      const resets = (await auditRows()).filter((r) => r.kind === 'staff' && r.action === 'reset-password' && r.entityId === id)
      assert.equal(resets.length, 2)
      assert.equal(JSON.stringify(resets).includes(password), false)
      shop.staffCookie = await shop.login(email)
    })
  })
}
