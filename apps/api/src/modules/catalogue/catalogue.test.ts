import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, inArray } from 'drizzle-orm'
import { categories, products } from '../../db/schema.ts'
import { type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'

for (const target of TEST_TARGETS) {
  describe(`catalogue API on ${target}`, () => {
    let shop: Shop
    before(async () => {
      shop = await startShop(target)
    })
    after(async () => shop.close())

    const slugs = (body: { data: { products: { slug: string }[] } }) => body.data.products.map((p) => p.slug)

    test('the list pages through active products only, newest first, with totals', async () => {
      const res = await shop.http('GET', '/api/v1/product?limit=2&page=1')
      assert.equal(res.status, 200)
      assert.deepEqual(slugs(res.body), ['scarf', 'runner'])
      assert.equal(res.body.data.totalProducts, 4)
      assert.equal(res.body.data.totalPages, 2)
      const page2 = await shop.http('GET', '/api/v1/product?limit=2&page=2')
      assert.deepEqual(slugs(page2.body), ['derby', 'coat'])
    })

    test('a limit above 100 is capped, a negative page is refused with the field named', async () => {
      const capped = await shop.http('GET', '/api/v1/product?limit=5000')
      assert.equal(capped.status, 200)
      const bad = await shop.http('GET', '/api/v1/product?page=-1', { headers: { 'accept-language': 'fr' } })
      assert.equal(bad.status, 400)
      assert.equal(bad.body.code, 'VALIDATION_FAILED')
      assert.equal(bad.body.errors[0].field, 'page')
    })

    test('category (with its sub-categories), price range and sort filter the list', async () => {
      const shoes = await shop.http('GET', '/api/v1/product?category=shoes&sort=price_asc')
      assert.deepEqual(slugs(shoes.body), ['runner', 'derby'])
      const range = await shop.http('GET', '/api/v1/product?price[gte]=2000&price[lte]=9000&sort=price_desc')
      assert.deepEqual(slugs(range.body), ['derby', 'runner'])
      const unknown = await shop.http('GET', '/api/v1/product?category=nope')
      assert.deepEqual(slugs(unknown.body), [])
    })

    test('a category page newest first over its sub-categories: one order across pages, price filter, hidden products left out', async () => {
      const db = shop.database.db
      // a parent with 3 sub-categories (one walk each, merged) and one with 14 (above the merged walks' limit)
      for (const [parentSlug, children] of [['merged-parent', 3], ['wide-parent', 14]] as const) {
        const [parent] = await db.insert(categories).values({ slug: parentSlug, nameAr: 'قسم', nameFr: 'Rayon' }).returning()
        assert.ok(parent, 'parent created')
        const subs = await db
          .insert(categories)
          .values(Array.from({ length: children }, (_, i) => ({ slug: `${parentSlug}-${i}`, parentId: parent.id, nameAr: 'فرع', nameFr: `Sous-rayon ${i}` })))
          .returning()
        const homes = [parent, ...subs]
        // 30 products, a second apart, spread over the categories unevenly; every 7th hidden; prices 1 000 to 30 000
        const rows = Array.from({ length: 30 }, (_, i) => ({
          slug: `${parentSlug}-p${i}`,
          categoryId: (homes[(i * i) % homes.length] ?? parent).id,
          nameFr: `Article ${i}`,
          price: 1_000 * (i + 1),
          isActive: i % 7 !== 3,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        }))
        await db.insert(products).values(rows)
        try {
          const expected = (min: number, max: number) =>
            rows.filter((r) => r.isActive && r.price >= min && r.price <= max).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((r) => r.slug)
          for (const [query, min, max] of [['', 0, Infinity], ['&minPrice=5000&maxPrice=22000', 5_000, 22_000]] as const) {
            const seen: string[] = []
            for (let page = 1; page <= 6; page++) {
              const res = await shop.http('GET', `/api/v1/product/category/${parentSlug}?limit=5&page=${page}${query}`, { headers: { 'cache-control': 'no-cache' } })
              assert.equal(res.status, 200, JSON.stringify(res.body))
              seen.push(...slugs(res.body))
            }
            assert.deepEqual(seen, expected(min, max), `${parentSlug}${query}: pages in one newest-first order`)
          }
          // the storefront's page size (the first pages' statements have their limit written in) and another
          // size (bound), newest first and by price, as the collection filtered by the category pages them
          const byPrice = rows.filter((r) => r.isActive).sort((a, b) => a.price - b.price).map((r) => r.slug)
          for (const [sort, order] of [['newest', expected(0, Infinity)], ['price_asc', byPrice]] as const) {
            for (const limit of [12, 7]) {
              const seen: string[] = []
              for (let page = 1; page <= Math.ceil(30 / limit); page++) {
                const res = await shop.http('GET', `/api/v1/product?category=${parentSlug}&sort=${sort}&limit=${limit}&page=${page}`, { headers: { 'cache-control': 'no-cache' } })
                assert.equal(res.status, 200, JSON.stringify(res.body))
                seen.push(...slugs(res.body))
              }
              assert.deepEqual(seen, order, `${parentSlug} ${sort} by ${limit}: one order over the pages`)
            }
          }
        } finally {
          await db.delete(products).where(inArray(products.slug, rows.map((r) => r.slug)))
          await db.delete(categories).where(inArray(categories.id, subs.map((c) => c.id)))
          await db.delete(categories).where(eq(categories.id, parent.id))
        }
      }
    })

    test('search folds French accents and case', async () => {
      for (const term of ['echarpe', 'ÉCHARPE', 'écharpe']) {
        const res = await shop.http('GET', `/api/v1/product?search=${encodeURIComponent(term)}`)
        assert.deepEqual(slugs(res.body), ['scarf'], term)
      }
    })

    test('search folds Arabic alef forms, taa marbuta, diacritics and tatweel', async () => {
      // stored: "حِذاءٌ جلدي أنيـق" (harakat, tatweel, hamza on alef); typed plainly
      const plain = await shop.http('GET', `/api/v1/product?search=${encodeURIComponent('حذاء جلدي انيق')}`)
      assert.deepEqual(slugs(plain.body), ['derby'])
      // stored "أحذية" (alef with hamza, taa marbuta); typed "احذيه"
      const category = await shop.http('GET', `/api/v1/product?search=${encodeURIComponent('احذيه رياضيه')}`)
      assert.equal(category.status, 200)
      const plainSport = await shop.http('GET', `/api/v1/product?search=${encodeURIComponent('رياضي')}`)
      assert.deepEqual(slugs(plainSport.body), ['runner'])
    })

    test('search uses the trigram index, not a table scan', async () => {
      const { sql } = await import('drizzle-orm')
      // a five-row table is scanned whatever the indexes: forbid the scan to see which index the planner can use
      const plan = await shop.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`)
        return tx.execute(sql`explain select id from products where search_text like shop_fold('%echarpe%')`)
      })
      const text = JSON.stringify(plan)
      assert.match(text, /products_search_trgm/)
    })

    test('category page: by slug or id, sorts, price filter, 12 per page, 404 for an unknown one', async () => {
      const res = await shop.http('GET', '/api/v1/product/category/clothing?sort=name_asc', { headers: { 'accept-language': 'fr' } })
      assert.equal(res.status, 200)
      assert.equal(res.body.data.category.name, 'Vêtements')
      assert.deepEqual(slugs(res.body), ['scarf', 'coat'])
      const byId = await shop.http('GET', `/api/v1/product/category/${shop.catalogue.categories.clothing.id}?sort=price_desc&maxPrice=5000`)
      assert.deepEqual(slugs(byId.body), ['scarf'])
      assert.equal(byId.body.data.currentPage, 1)
      const missing = await shop.http('GET', '/api/v1/product/category/00000000-0000-0000-0000-000000000000', { headers: { 'accept-language': 'en' } })
      assert.equal(missing.status, 404)
      assert.equal(missing.body.code, 'CATEGORY_NOT_FOUND')
      assert.match(missing.body.message, /does not exist/)
    })

    test('product detail: variants with their own stock, category, related; inactive or unknown → 404', async () => {
      const res = await shop.http('GET', '/api/v1/product/runner', { headers: { 'accept-language': 'ar' } })
      assert.equal(res.status, 200)
      const product = res.body.data.product
      assert.equal(product.name, 'حذاء رياضي للجري')
      assert.equal(product.stock, 10)
      assert.equal(product.percentOff, 25)
      assert.deepEqual(
        product.variants.map((v: { size: string; stock: number }) => [v.size, v.stock]),
        [['41', 7], ['42', 3], ['43', 0]],
      )
      assert.equal(product.category.slug, 'sneakers')
      const byId = await shop.http('GET', `/api/v1/product/${shop.catalogue.runner.id}`)
      assert.equal(byId.body.data.product.slug, 'runner')
      assert.equal((await shop.http('GET', '/api/v1/product/hidden')).status, 404)
      assert.equal((await shop.http('GET', '/api/v1/product/no-such-thing')).body.code, 'PRODUCT_NOT_FOUND')
    })

    test('latest arrivals and best sellers', async () => {
      const latest = await shop.http('GET', '/api/v1/product/latest?limit=2')
      assert.deepEqual(slugs(latest.body), ['scarf', 'runner'])
      const best = await shop.http('GET', '/api/v1/product/best-sellers')
      assert.deepEqual(slugs(best.body).slice(0, 3), ['derby', 'runner', 'scarf'])
    })

    test('delivery quote: table price, no stop desk, default fee when the table has no row, by code or name', async () => {
      const algiers = await shop.http('GET', '/api/v1/shipping/one?wilaya=16&type=domicil')
      assert.equal(algiers.status, 200)
      assert.equal(typeof algiers.body.data.price, 'number')
      const byName = await shop.http('GET', `/api/v1/shipping/one?wilaya=${encodeURIComponent('alger')}&type=domicil`)
      assert.equal(byName.body.data.price, algiers.body.data.price)
      const { sql } = await import('drizzle-orm')
      await shop.database.db.execute(sql`delete from delivery_prices where wilaya_code = 1`)
      await shop.database.db.execute(sql`update delivery_prices set price = null where wilaya_code = 2 and type = 'stopdesk'`)
      const fallback = await shop.http('GET', '/api/v1/shipping/one?wilaya=1&type=stopdesk')
      assert.equal(fallback.body.data.price, 400)
      const none = await shop.http('GET', '/api/v1/shipping/one?wilaya=2&type=stopdesk', { headers: { 'accept-language': 'fr' } })
      assert.equal(none.status, 422)
      assert.equal(none.body.code, 'NO_STOPDESK')
      const both = await shop.http('GET', '/api/v1/shipping/wilaya/2')
      assert.equal(both.body.data.stopdesk, null)
      assert.equal((await shop.http('GET', '/api/v1/shipping/one?wilaya=99')).status, 404)
    })
  })
}
