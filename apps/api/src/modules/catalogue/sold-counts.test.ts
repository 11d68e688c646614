import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { pendingSoldUnits, products } from '../../db/schema.ts'
import { type AdminShop, insertOrder, startAdminShop } from '../../test/admin-fixture.ts'
import { randomPhone } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { foldSoldCounts } from './sold-counts.ts'

for (const target of TEST_TARGETS) {
  describe(`units sold added to the products by the fold (${target})`, () => {
    let shop: AdminShop
    const db = () => shop.database.db
    const soldOf = async (id: string) => (await db().select({ sold: products.soldCount }).from(products).where(eq(products.id, id)))[0]?.sold
    const pending = async () =>
      (await db().select({ productId: pendingSoldUnits.productId, units: pendingSoldUnits.units }).from(pendingSoldUnits)).map((r) => `${r.productId}:${r.units}`)
    const noCache = { 'cache-control': 'no-cache' }

    before(async () => {
      shop = await startAdminShop(target)
    })
    after(async () => shop.close())

    test("a guest order appends its units; the fold adds them to the product once; a cancellation takes them off at the next fold", async () => {
      const { runner } = shop.catalogue
      await foldSoldCounts(db())
      const before = (await soldOf(runner.id)) ?? 0
      const cities = await shop.http('GET', '/api/v1/location/states/16/cities')
      const placed = await shop.http('POST', '/api/v1/order/guest', {
        headers: { 'x-session-id': await shop.guestSession() },
        body: {
          orderItems: [{ productId: runner.id, quantity: 2, size: '41', color: 'black' }],
          customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: randomPhone() },
          shippingAddress: { wilayaId: '16', communeId: cities.body.data.cities[0]._id, type: 'domicil', address: '12 rue Didouche Mourad' },
          paymentMethod: 'cash_on_delivery',
        },
      })
      assert.equal(placed.status, 201, JSON.stringify(placed.body))
      // the order did not write the product's sold count: its units wait for the fold
      assert.equal(await soldOf(runner.id), before)
      assert.deepEqual(await pending(), [`${runner.id}:2`])

      assert.equal(await foldSoldCounts(db()), 1, 'one product folded')
      assert.equal(await soldOf(runner.id), before + 2)
      assert.deepEqual(await pending(), [])
      assert.equal(await foldSoldCounts(db()), 0, 'nothing left to fold')
      assert.equal(await soldOf(runner.id), before + 2, 'counted once')

      const id = placed.body.data.order._id
      const cancelled = await shop.http('POST', `/api/v1/admin/orders/${id}/status`, { cookie: shop.staffCookie, body: { status: 'cancelled', version: 1 } })
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body))
      assert.equal(await soldOf(runner.id), before + 2)
      await foldSoldCounts(db())
      assert.equal(await soldOf(runner.id), before)
    })

    test('units of several orders and products are summed per product; a sold count never goes below 0', async () => {
      const { scarf, coat, derby } = shop.catalogue
      await foldSoldCounts(db())
      const [scarfBefore, derbyBefore] = [(await soldOf(scarf.id)) ?? 0, (await soldOf(derby.id)) ?? 0]
      await insertOrder(db(), [{ variantId: scarf.variants[0]!.id, quantity: 3 }, { variantId: derby.variants[0]!.id, quantity: 1 }])
      await insertOrder(db(), [{ variantId: scarf.variants[0]!.id, quantity: 4 }])
      await db().update(products).set({ soldCount: 1 }).where(eq(products.id, coat.id))
      await db().insert(pendingSoldUnits).values({ productId: coat.id, units: -3 })
      // a product deleted since its order: its units are dropped
      await db().insert(pendingSoldUnits).values({ productId: '00000000-0000-4000-8000-000000000000', units: 2 })
      // two products a statement: the three products in two chunks
      assert.equal(await foldSoldCounts(db(), 2), 3)
      assert.deepEqual(await pending(), [])
      assert.equal(await soldOf(scarf.id), scarfBefore + 7)
      assert.equal(await soldOf(derby.id), derbyBefore + 1)
      assert.equal(await soldOf(coat.id), 0)
    })

    test('the recurring job folds them: the best sellers follow the orders once it has run', async () => {
      const { scarf } = shop.catalogue
      await foldSoldCounts(db())
      const first = async () => (await shop.http('GET', '/api/v1/product/best-sellers?limit=4', { headers: noCache })).body.data.products[0]?.slug
      const top = (await db().select({ sold: sql<number>`max(${products.soldCount})` }).from(products))[0]?.sold ?? 0
      assert.notEqual(await first(), 'scarf')
      const units = top - ((await soldOf(scarf.id)) ?? 0) + 5
      await insertOrder(db(), [{ variantId: scarf.variants[0]!.id, quantity: units }])
      assert.notEqual(await first(), 'scarf', 'not before the fold')
      await shop.app.jobs.drain()
      assert.equal(await first(), 'scarf')
      assert.deepEqual(await pending(), [])
    })
  })
}
