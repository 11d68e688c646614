import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { products, variants } from '../../db/schema.ts'
import { type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'

for (const target of TEST_TARGETS) {
  describe(`product detail on ${target}`, () => {
    let shop: Shop
    let recording: string[] | null = null
    before(async () => {
      shop = await startShop(target, {}, { onQuery: (query) => recording?.push(query) })
    })
    after(async () => shop.close())

    test('related products are only those of the category with something in stock', async () => {
      // scarf and coat are both clothing: the scarf's related list has the coat while it is in stock
      const slugs = async () =>
        ((await shop.http('GET', '/api/v1/product/scarf')).body.data.related as { slug: string }[]).map((p) => p.slug)
      assert.deepEqual(await slugs(), ['coat'])
      await shop.database.db.update(variants).set({ stock: 0 }).where(eq(variants.productId, shop.catalogue.coat.id))
      assert.deepEqual(await slugs(), [], 'a sold-out product is not suggested')
      await shop.database.db.update(variants).set({ stock: 2 }).where(eq(variants.productId, shop.catalogue.coat.id))
      await shop.database.db.update(products).set({ isActive: true }).where(eq(products.id, shop.catalogue.coat.id))
      assert.deepEqual(await slugs(), ['coat'])
    })

    test('a product page is one statement, its related cards the same as the list shows them', async () => {
      recording = []
      const detail = await shop.http('GET', '/api/v1/product/scarf', { headers: { 'accept-language': 'fr' } })
      const sent = recording
      recording = null
      assert.equal(detail.status, 200)
      assert.equal(sent.length, 1, sent.join('\n\n'))
      const [related] = detail.body.data.related
      const listed = (await shop.http('GET', '/api/v1/product?limit=50', { headers: { 'accept-language': 'fr' } })).body.data.products.find(
        (p: { slug: string }) => p.slug === 'coat',
      )
      assert.deepEqual(related, listed)
    })
  })
}
