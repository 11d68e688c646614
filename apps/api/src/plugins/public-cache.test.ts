import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { categories, products } from '../db/schema.ts'
import { createStaff } from '../modules/staff/staff.service.ts'
import { randomPhone, type Shop, startShop } from '../test/shop-fixture.ts'
import { TEST_TARGETS } from '../test/test-app.ts'

for (const target of TEST_TARGETS) {
  describe(`public catalogue cache on ${target}`, () => {
    let shop: Shop
    let staffCookie: string
    before(async () => {
      // the cache is off under NODE_ENV=test: these tests run the app as it runs in production
      shop = await startShop(target, { NODE_ENV: 'production' })
      await createStaff(shop.database.db, { email: 'cache@test.dz', name: 'Cache', password: 'a-long-test-password', role: 'manager' })
      const login = await shop.http('POST', '/api/v1/admin/auth/login', { body: { email: 'cache@test.dz', password: 'a-long-test-password' } })
      assert.equal(login.status, 200)
      staffCookie = login.cookie
    })
    after(async () => shop.close())

    const setPrice = (slug: string, price: number) => shop.database.db.update(products).set({ price }).where(eq(products.slug, slug))
    const price = (body: { data: { product: { price: number } } }) => body.data.product.price

    test('a second read of a public reply is served from memory, per URL', async () => {
      const first = await shop.http('GET', '/api/v1/product?limit=2&page=1')
      assert.equal(first.headers['x-cache'], 'miss')
      const second = await shop.http('GET', '/api/v1/product?limit=2&page=1')
      assert.equal(second.headers['x-cache'], 'hit')
      assert.deepEqual(second.body, first.body)
      assert.match(String(second.headers['content-type']), /application\/json/)
      const otherPage = await shop.http('GET', '/api/v1/product?limit=2&page=2')
      assert.equal(otherPage.headers['x-cache'], 'miss')
      assert.notDeepEqual(otherPage.body.data.products, first.body.data.products)
    })

    test('concurrent first reads of one URL make one database read: the others wait for it', async () => {
      const replies = await Promise.all(Array.from({ length: 8 }, () => shop.http('GET', '/api/v1/product?limit=3&sort=price_asc')))
      assert.deepEqual(replies.map((r) => r.headers['x-cache']).sort(), ['hit', 'hit', 'hit', 'hit', 'hit', 'hit', 'hit', 'miss'])
      for (const r of replies) assert.deepEqual(r.body, replies[0]?.body)
    })

    test('the reply language is part of the key', async () => {
      const ar = await shop.http('GET', '/api/v1/product/derby')
      const fr = await shop.http('GET', '/api/v1/product/derby', { headers: { 'accept-language': 'fr' } })
      assert.equal(fr.headers['x-cache'], 'miss')
      assert.notEqual(ar.body.data.product.name, fr.body.data.product.name)
      const arAgain = await shop.http('GET', '/api/v1/product/derby')
      assert.equal(arAgain.headers['x-cache'], 'hit')
      assert.equal(arAgain.body.data.product.name, ar.body.data.product.name)
    })

    test('a row changed behind the API is seen after no-cache or a bump, not before', async () => {
      await shop.http('GET', '/api/v1/product/scarf')
      await setPrice('scarf', 1700)
      const stale = await shop.http('GET', '/api/v1/product/scarf')
      assert.equal(stale.headers['x-cache'], 'hit')
      assert.equal(price(stale.body), 1500)
      const fresh = await shop.http('GET', '/api/v1/product/scarf', { headers: { 'cache-control': 'no-cache' } })
      assert.equal(price(fresh.body), 1700)
      await setPrice('scarf', 1800)
      shop.app.publicCache.bump()
      const afterBump = await shop.http('GET', '/api/v1/product/scarf')
      assert.equal(afterBump.headers['x-cache'], 'miss')
      assert.equal(price(afterBump.body), 1800)
    })

    test('a staff change through the admin API is visible to shoppers at once', async () => {
      const before = await shop.http('GET', '/api/v1/product/coat')
      assert.equal(price(before.body), 12000)
      assert.equal((await shop.http('GET', '/api/v1/product/coat')).headers['x-cache'], 'hit')
      const patch = await shop.http('PATCH', `/api/v1/admin/products/${shop.catalogue.coat.id}`, {
        cookie: staffCookie,
        body: { price: 9900 },
      })
      assert.ok(patch.status < 300, `admin patch answered ${patch.status}: ${JSON.stringify(patch.body)}`)
      const after = await shop.http('GET', '/api/v1/product/coat')
      assert.equal(price(after.body), 9900)
    })

    test('a list total is kept until a staff write, even when the reply itself is read again', async () => {
      const total = async () => (await shop.http('GET', '/api/v1/product?limit=1', { headers: { 'cache-control': 'no-cache' } })).body.data.totalProducts
      assert.equal(await total(), 4)
      await shop.database.db.update(products).set({ isActive: false }).where(eq(products.slug, 'scarf'))
      assert.equal(await total(), 4, 'kept: nothing went through the API')
      shop.app.publicCache.bump()
      assert.equal(await total(), 3)
      await shop.database.db.update(products).set({ isActive: true }).where(eq(products.slug, 'scarf'))
      shop.app.publicCache.bump()
    })

    test('the category tree is read once until a staff write: a rename through the admin API shows at once', async () => {
      const clothing = shop.catalogue.categories.clothing.id
      const page = async () =>
        (await shop.http('GET', `/api/v1/product/category/${clothing}?limit=1`, { headers: { 'cache-control': 'no-cache', 'accept-language': 'fr' } })).body.data.category
      const before = await page()
      await shop.database.db.update(categories).set({ nameFr: 'Renommé en douce' }).where(eq(categories.id, clothing))
      assert.equal((await page()).name, before.name, 'kept: nothing went through the API')
      const patch = await shop.http('PATCH', `/api/v1/admin/categories/${clothing}`, { cookie: staffCookie, body: { nameFr: 'Vêtements et plus' } })
      assert.ok(patch.status < 300, `admin patch answered ${patch.status}: ${JSON.stringify(patch.body)}`)
      assert.equal((await page()).name, 'Vêtements et plus')
    })

    test('the admin order total follows orders placed through the API at once', async () => {
      const total = async () => (await shop.http('GET', '/api/v1/admin/orders', { cookie: staffCookie })).body.data.total as number
      const before = await total()
      const commune = (await shop.http('GET', '/api/v1/location/states/16/cities')).body.data.cities[0]._id
      const placed = await shop.http('POST', '/api/v1/order/guest', {
        body: {
          orderItems: [{ productId: shop.catalogue.derby.id, quantity: 1, size: '42', color: 'brown' }],
          customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: randomPhone() },
          shippingAddress: { wilayaId: '16', communeId: commune, type: 'domicil', address: '12 rue Didouche Mourad' },
        },
      })
      assert.equal(placed.status, 201)
      assert.equal(await total(), before + 1)
    })

    test('failures, carts and orders are never cached', async () => {
      const missing = await shop.http('GET', '/api/v1/product/nope')
      assert.equal(missing.status, 404)
      assert.equal((await shop.http('GET', '/api/v1/product/nope')).headers['x-cache'], undefined)
      const cartA = await shop.http('GET', '/api/v1/cart/guest')
      const cartB = await shop.http('GET', '/api/v1/cart/guest')
      assert.equal(cartA.headers['x-cache'], undefined)
      assert.equal(cartB.headers['x-cache'], undefined)
      assert.equal(cartA.body.data.sessionId, null, 'reading a cart issues no session')
    })
  })
}
