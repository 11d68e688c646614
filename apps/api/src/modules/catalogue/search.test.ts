import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { categories, products } from '../../db/schema.ts'
import { type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { createStaff } from '../staff/staff.service.ts'
import { productSearch, relevance, searchCondition } from './product-list.repo.ts'

// The small shop (test/shop-fixture.ts): "Chaussures / أحذية" with its sub-category "Baskets / أحذية رياضية"
// (runner, sold 12), derby (sold 30) directly in shoes; "Vêtements / ملابس" with scarf and coat.

for (const target of TEST_TARGETS) {
  describe(`catalogue search on ${target}`, () => {
    let shop: Shop
    before(async () => {
      shop = await startShop(target)
    })
    after(async () => shop.close())

    const search = async (term: string, lang = 'ar') => {
      const res = await shop.http('GET', `/api/v1/product?search=${encodeURIComponent(term)}&limit=50`, { headers: { 'accept-language': lang } })
      assert.equal(res.status, 200, term)
      return res.body.data as { products: { slug: string }[]; totalProducts: number }
    }
    const slugs = (data: { products: { slug: string }[] }) => data.products.map((p) => p.slug)

    test('a category name finds its products and those of its sub-categories, in Arabic and French, folded', async () => {
      // "أحذية" is no product's name: the names say "حذاء" (singular)
      for (const term of ['أحذية', 'احذية', 'احذيه', 'chaussures', 'CHAUSSURES', 'Chaussures']) {
        const data = await search(term)
        // both are category matches: by units sold (derby 30, runner 12)
        assert.deepEqual(slugs(data), ['derby', 'runner'], term)
        assert.equal(data.totalProducts, 2, term)
      }
      assert.deepEqual(slugs(await search('vetements', 'fr')), ['scarf', 'coat'])
      assert.deepEqual(slugs(await search('ملابس')), ['scarf', 'coat'])
      // the category page's own search uses the same rules
      const inShoes = await shop.http('GET', `/api/v1/product/category/shoes?search=${encodeURIComponent('رياضية')}`)
      assert.deepEqual(slugs(inShoes.body.data), ['runner'])
    })

    test('names first, then category matches, then descriptions, then close spellings; hidden products never', async () => {
      const db = shop.database.db
      const [sandals] = await db.insert(categories).values({ slug: 'sandals', nameAr: 'صنادل', nameFr: 'Sandales', position: 3 }).returning()
      assert.ok(sandals)
      const clothing = shop.catalogue.categories.clothing.id
      const add = (slug: string, categoryId: string, nameFr: string, soldCount: number, extra: Partial<typeof products.$inferInsert> = {}) =>
        db.insert(products).values({ slug, categoryId, nameAr: '', nameFr, price: 3000, soldCount, ...extra })
      // units sold are the reverse of the expected order: the tier must win over sales
      await add('by-name', clothing, 'Sandale plate Nour', 0)
      await add('by-category', sandals.id, 'Nu-pieds Tassili', 100)
      await add('by-description', clothing, 'Mule Yasmine', 200, { descriptionFr: 'Une mule légère, entre la sandale et le chausson.' })
      await add('by-spelling', clothing, 'Sandalle Lina', 300)
      await add('hidden-sandal', sandals.id, 'Sandale masquée', 999, { isActive: false })
      try {
        for (const term of ['sandale', 'SANDALE', 'sandalé']) {
          assert.deepEqual(slugs(await search(term, 'fr')), ['by-name', 'by-category', 'by-description', 'by-spelling'], term)
        }
        // an Arabic description is searched too, folded the same way
        await db.update(products).set({ descriptionAr: 'حذاء خفيف للصيف، مريح مثل الصندل' }).where(eq(products.slug, 'coat'))
        assert.deepEqual(slugs(await search('الصندل')), ['coat'])
        // a price sort still applies to every match
        const byPrice = await shop.http('GET', `/api/v1/product?search=sandale&sort=price_desc`)
        assert.equal(byPrice.body.data.totalProducts, 4)
      } finally {
        await db.delete(products).where(sql`${products.categoryId} = ${sandals.id} or ${products.slug} in ('by-name', 'by-description', 'by-spelling')`)
        await db.delete(categories).where(eq(categories.id, sandals.id))
        await db.update(products).set({ descriptionAr: '' }).where(eq(products.slug, 'coat'))
      }
    })

    test('a renamed category is found by its new name at once, no longer by the old one', async () => {
      const password = 'a-long-test-password'
      await createStaff(shop.database.db, { email: 'owner@search.dz', name: 'Owner', password, role: 'owner' })
      const login = await shop.http('POST', '/api/v1/admin/auth/login', { body: { email: 'owner@search.dz', password } })
      assert.equal(login.status, 200)
      const { clothing } = shop.catalogue.categories
      const renamed = await shop.http('PATCH', `/api/v1/admin/categories/${clothing.id}`, {
        cookie: login.cookie,
        body: { nameAr: 'أزياء', nameFr: 'Habits' },
      })
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body))
      try {
        assert.deepEqual(slugs(await search('habits', 'fr')), ['scarf', 'coat'])
        assert.deepEqual(slugs(await search('ازياء')), ['scarf', 'coat'])
        assert.deepEqual(slugs(await search('vêtements', 'fr')), [])
        assert.deepEqual(slugs(await search('ملابس')), [])
      } finally {
        await shop.database.db.update(categories).set({ nameAr: 'ملابس', nameFr: 'Vêtements' }).where(eq(categories.id, clothing.id))
      }
    })

    test('the search query uses indexes only: name and description trigram indexes, category index, no scan of products', async () => {
      const db = shop.database.db
      const found = await productSearch(db, 'chaussures')
      assert.ok(found && found.categoryIds.length === 2, 'shoes and its sub-category')
      // the statement the list sends (its summary columns aside), planned with sequential scans forbidden: a
      // five-row table is scanned whatever the indexes, so this shows which indexes the planner can use
      const query = db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.isActive, true), searchCondition(found)))
        .orderBy(relevance(found), desc(products.soldCount), asc(products.id))
        .limit(12)
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`)
        return tx.execute(sql.join([sql.raw('explain '), query.getSQL()]))
      })
      const text = (plan as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join('\n')
      assert.match(text, /products_search_trgm/, text)
      assert.match(text, /products_description_trgm/, text)
      assert.match(text, /products_category_created_idx/, text)
      assert.match(text, /BitmapOr/, text)
      assert.doesNotMatch(text, /Seq Scan on products/, text)
    })
  })
}
