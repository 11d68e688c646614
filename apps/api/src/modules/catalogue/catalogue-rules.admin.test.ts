import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { products, variants } from '../../db/schema.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { type AdminShop, insertOrder, startAdminShop } from '../../test/admin-fixture.ts'

// The catalogue rules staff hit in the back office: product names and sizes, custom colours with a swatch,
// category counts that include sub-categories, and the dashboard's money kept apart by where it stands.
for (const target of TEST_TARGETS) {
  describe(`back-office catalogue rules and dashboard on ${target}`, () => {
    let shop: AdminShop
    const admin = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      shop.http(method, `/api/v1/admin${url}`, { cookie: shop.staffCookie, body, headers: { 'accept-language': 'en' } })
    const base = () => ({
      nameAr: 'صندل صيفي',
      nameFr: 'Sandale été',
      price: 3500,
      categoryId: shop.catalogue.categories.sneakers.id,
      variants: [{ size: '40', color: 'black', stock: 2 }],
    })

    before(async () => {
      shop = await startAdminShop(target)
    })
    after(async () => shop.close())

    test('a product named "A" is refused with a clear message; nothing is written', async () => {
      const before = await shop.database.db.select({ id: products.id }).from(products)
      const short = await admin('POST', '/products', { ...base(), nameAr: '', nameFr: 'A' })
      assert.equal(short.status, 400)
      assert.equal(short.body.code, 'VALIDATION_FAILED')
      const error = short.body.errors.find((e: { field: string }) => e.field === 'nameFr')
      assert.match(error.message, /at least 3 characters/)
      const arabic = await admin('POST', '/products', { ...base(), nameAr: 'ح', nameFr: 'Sandale' })
      assert.equal(arabic.status, 400)
      assert.ok(arabic.body.errors.some((e: { field: string }) => e.field === 'nameAr'))
      assert.equal((await shop.database.db.select({ id: products.id }).from(products)).length, before.length)

      const renamed = await admin('PATCH', `/products/${shop.catalogue.derby.id}`, { nameFr: 'D' })
      assert.equal(renamed.status, 400)
      const [derby] = await shop.database.db.select().from(products).where(eq(products.id, shop.catalogue.derby.id))
      assert.equal(derby?.nameFr, 'Derby en cuir élégant')
      assert.equal((await admin('POST', '/products', { ...base(), nameFr: 'Tee' })).status, 201, 'three characters are enough')
    })

    test('a product on sale needs at least one size: refused without, accepted as a hidden draft', async () => {
      const none = await admin('POST', '/products', { ...base(), nameFr: 'Sans taille', variants: [] })
      assert.equal(none.status, 400)
      assert.equal(none.body.errors[0].field, 'variants')
      assert.match(none.body.errors[0].message, /at least one size/)
      assert.equal((await admin('POST', '/products', { ...base(), nameFr: 'Sans taille', variants: undefined })).status, 400)

      const draft = await admin('POST', '/products', { ...base(), nameFr: 'Brouillon', variants: [], isActive: false })
      assert.equal(draft.status, 201, JSON.stringify(draft.body))
      const id = draft.body.data.product._id
      const publish = await admin('PATCH', `/products/${id}`, { isActive: true })
      assert.equal(publish.status, 400, 'a draft without sizes cannot be put on sale')
      assert.equal((await shop.database.db.select().from(products).where(eq(products.id, id)))[0]?.isActive, false)

      const sized = await admin('PUT', `/products/${id}/variants`, [{ size: '41', color: 'white', stock: 1 }])
      assert.equal(sized.status, 200)
      assert.equal((await admin('PATCH', `/products/${id}`, { isActive: true })).status, 200)
      const emptied = await admin('PUT', `/products/${id}/variants`, [])
      assert.equal(emptied.status, 400, 'the sizes of a product on sale cannot all be removed')
      assert.equal((await shop.database.db.select().from(variants).where(eq(variants.productId, id))).length, 1)
    })

    test('any colour name with a swatch colour is accepted, kept and shown to shoppers; a custom name without one is refused', async () => {
      const created = await admin('POST', '/products', {
        ...base(),
        nameFr: 'Espadrille moutarde',
        variants: [
          { size: '40', color: 'Moutarde', colorHex: '#D4A017', stock: 2 },
          { size: '41', color: 'Moutarde', stock: 1 },
          { size: '40', color: 'black', colorHex: '#000001', stock: 1 },
        ],
      })
      assert.equal(created.status, 201, JSON.stringify(created.body))
      const got = created.body.data.product.variants as { size: string; color: string; colorHex: string | null }[]
      assert.deepEqual(
        got.map((v) => [v.size, v.color, v.colorHex]).sort(),
        [
          ['40', 'Moutarde', '#d4a017'],
          ['40', 'black', null],
          ['41', 'Moutarde', '#d4a017'],
        ],
        'the swatch is stored once per colour name, lower case; a palette colour keeps the palette swatch',
      )
      const detail = await shop.http('GET', `/api/v1/product/${created.body.data.product.slug}`)
      const shopper = detail.body.data.product.variants as { color: string; colorHex?: string }[]
      assert.equal(shopper.find((v) => v.color === 'Moutarde')?.colorHex, '#d4a017')
      assert.equal(shopper.find((v) => v.color === 'black')?.colorHex, undefined)

      const noSwatch = await admin('POST', '/products', { ...base(), nameFr: 'Sans pastille', variants: [{ size: '40', color: 'Turquoise', stock: 1 }] })
      assert.equal(noSwatch.status, 400)
      assert.match(noSwatch.body.errors[0].message, /swatch colour/)
      const badHex = await admin('POST', '/products', { ...base(), nameFr: 'Mauvaise pastille', variants: [{ size: '40', color: 'Turquoise', colorHex: 'blue', stock: 1 }] })
      assert.equal(badHex.status, 400)
      const replaced = await admin('PUT', `/products/${created.body.data.product._id}/variants`, [{ size: '42', color: 'زيتوني', colorHex: '#55aa00', stock: 3 }])
      assert.equal(replaced.status, 200, JSON.stringify(replaced.body))
      assert.deepEqual(
        replaced.body.data.product.variants.map((v: { color: string; colorHex: string | null }) => [v.color, v.colorHex]),
        [['زيتوني', '#55aa00']],
      )
    })

    test("a parent category's product count includes its sub-categories' products", async () => {
      const { shoes, sneakers, clothing } = shop.catalogue.categories
      const list = await admin('GET', '/categories')
      const rows = list.body.data.categories as { _id: string; productCount: number; ownProductCount: number }[]
      const count = (id: string) => rows.find((c) => c._id === id)
      const inDb = async (id: string) => (await shop.database.db.select().from(products).where(eq(products.categoryId, id))).length
      const sneakerProducts = await inDb(sneakers.id)
      const shoeProducts = await inDb(shoes.id)
      assert.ok(sneakerProducts > 0 && shoeProducts > 0)
      assert.equal(count(sneakers.id)?.productCount, sneakerProducts)
      assert.equal(count(shoes.id)?.ownProductCount, shoeProducts)
      assert.equal(count(shoes.id)?.productCount, shoeProducts + sneakerProducts)
      assert.equal(count(clothing.id)?.productCount, await inDb(clothing.id))
      const one = await admin('PATCH', `/categories/${shoes.id}`, { position: 1 })
      assert.equal(one.body.data.category.productCount, shoeProducts + sneakerProducts)
    })

    test("the dashboard keeps today's money apart: awaiting confirmation, confirmed to deliver, delivered; the list filters by those groups", async () => {
      const v = shop.catalogue.scarf.variants[0]!
      const pending = await insertOrder(shop.database.db, [{ variantId: v.id, quantity: 1 }], { status: 'pending' })
      const confirmed = await insertOrder(shop.database.db, [{ variantId: v.id, quantity: 2 }], { status: 'confirmed' })
      const shipped = await insertOrder(shop.database.db, [{ variantId: v.id, quantity: 1 }], { status: 'shipped' })
      const delivered = await insertOrder(shop.database.db, [{ variantId: v.id, quantity: 3 }], { status: 'delivered' })
      await insertOrder(shop.database.db, [{ variantId: v.id, quantity: 1 }], { status: 'cancelled' })
      await insertOrder(shop.database.db, [{ variantId: v.id, quantity: 1 }], { status: 'pending', createdAt: new Date(Date.now() - 3 * 86_400_000) })

      const res = await admin('GET', '/dashboard')
      assert.equal(res.status, 200)
      const groups = res.body.data.revenueTodayByGroup
      assert.deepEqual(groups.pending, { orders: 1, amount: pending.total })
      assert.deepEqual(groups.toDeliver, { orders: 2, amount: confirmed.total + shipped.total })
      assert.deepEqual(groups.delivered, { orders: 1, amount: delivered.total })

      const list = await admin('GET', '/orders?status=confirmed,processing,shipped,out_for_delivery')
      assert.equal(list.status, 200, JSON.stringify(list.body))
      assert.deepEqual(
        (list.body.data.orders as { _id: string }[]).map((o) => o._id).sort(),
        [confirmed.id, shipped.id].sort(),
      )
      assert.equal((await admin('GET', '/orders?status=confirmed,bogus')).status, 400)
      assert.equal((await admin('GET', '/orders?status=delivered')).body.data.orders.length, 1)
    })
  })
}
