import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { categories, products } from '../../db/schema.ts'
import { type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { createStaff } from '../staff/staff.service.ts'
import { SEARCH_TOTAL_CAP, searchPageQuery } from './product-search.repo.ts'

const rowsOf = (result: unknown) => (result as { rows: Record<string, string>[] }).rows

// The small shop (test/shop-fixture.ts): "Chaussures / أحذية" with its sub-category "Baskets / أحذية رياضية"
// (runner, sold 12), derby (sold 30) directly in shoes; "Vêtements / ملابس" with scarf and coat.

for (const target of TEST_TARGETS) {
  describe(`catalogue search on ${target}`, () => {
    let shop: Shop
    /** The statements the app sends while set (the drizzle logger sees each one). */
    let sent: string[] | null = null
    before(async () => {
      shop = await startShop(target, {}, { onQuery: (text) => sent?.push(text) })
    })
    after(async () => shop.close())

    const search = async (term: string, lang = 'ar') => {
      const res = await shop.http('GET', `/api/v1/product?search=${encodeURIComponent(term)}&limit=50`, { headers: { 'accept-language': lang } })
      assert.equal(res.status, 200, term)
      return res.body.data as { products: { slug: string }[]; totalProducts: number; totalIsLowerBound?: boolean }
    }
    const slugs = (data: { products: { slug: string }[] }) => data.products.map((p) => p.slug)

    test('a category name finds its products and those of its sub-categories, in Arabic and French, folded', async () => {
      // "أحذية" is no product's name: the names say "حذاء" (singular)
      for (const term of ['أحذية', 'احذية', 'احذيه', 'chaussures', 'CHAUSSURES', 'Chaussures']) {
        const data = await search(term)
        // both are category matches: by units sold (derby 30, runner 12)
        assert.deepEqual(slugs(data), ['derby', 'runner'], term)
        assert.equal(data.totalProducts, 2, term)
        assert.equal(data.totalIsLowerBound, undefined, 'an exact total')
      }
      assert.deepEqual(slugs(await search('vetements', 'fr')), ['scarf', 'coat'])
      assert.deepEqual(slugs(await search('ملابس')), ['scarf', 'coat'])
      // a category filter narrows a search sorted by relevance (the tiers read only the filtered products)
      const inClothing = await shop.http('GET', `/api/v1/product?category=clothing&search=${encodeURIComponent('chaussures')}`)
      assert.deepEqual(slugs(inClothing.body.data), [])
      const inShoes = await shop.http('GET', `/api/v1/product?category=shoes&search=${encodeURIComponent('احذية')}&sort=relevance`)
      assert.deepEqual(slugs(inShoes.body.data), ['derby', 'runner'])
      assert.equal(inShoes.body.data.totalProducts, 2)
      // the category page's own search uses the same rules
      const sneakersInShoes = await shop.http('GET', `/api/v1/product/category/shoes?search=${encodeURIComponent('رياضية')}`)
      assert.deepEqual(slugs(sneakersInShoes.body.data), ['runner'])
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

    test('a common word: the page is read by walking the units-sold index, the lower tiers never run, the total is capped', async () => {
      const db = shop.database.db
      // 3 000 more products, one in twelve named "Écharpe" (as the bench's generated catalogue), with statistics
      const clothing = shop.catalogue.categories.clothing.id
      await db.execute(sql`
        insert into products (category_id, slug, name_ar, name_fr, description_fr, price, sold_count)
        select ${clothing}, 'plan-' || g, 'منتج ' || g,
               (array['Écharpe', 'Chemise', 'Robe', 'Veste', 'Jean', 'Abaya', 'Bottines', 'Sandales', 'Casquette', 'Baskets', 'Escarpins', 'Mocassins'])[1 + g % 12] || ' modèle ' || g,
               'Description du modèle ' || g || ', livraison dans 58 wilayas.', 1000 + g, (g * 7919) % 500
        from generate_series(1, 3000) g`)
      await db.execute(sql`analyze products`)
      try {
        // the statement the route sends, planned as it is (nothing disabled), run once
        const plan = rowsOf(await db.execute(sql.join([sql.raw('explain (analyze, costs off, timing off) '), searchPageQuery('echarpe', undefined, { limit: 12, offset: 0 })])))
        const text = plan.map((row) => Object.values(row)[0]).join('\n')
        const scans = text.split('\n').filter((line) => / on products\b/.test(line))
        const ran = scans.filter((line) => !/never executed/.test(line))
        // one scan of products ran: the names tier, walking active products by units sold and stopping at the page
        assert.equal(ran.length, 1, text)
        assert.match(ran[0] ?? '', /Index Scan using products_active_sold_idx on products .*rows=12(\.00)? /, text)
        // the categories, descriptions and close spellings tiers were planned but never run (their one-time test failed)
        assert.ok(scans.length >= 4, text)
        assert.match(text, /One-Time Filter/, text)

        // the page is the best sellers among the names containing the term, as a full sort would give
        const expected = rowsOf(await db.execute(sql`select slug from products where is_active and search_text like '%echarpe%' order by sold_count desc, id limit 12`)).map((row) => row.slug)
        sent = []
        const page = await search('echarpe', 'fr')
        const statements = sent
        sent = null
        // a page of names is the whole answer: one statement for the page (the count is the other), no tiers
        assert.equal(statements.filter((text) => /search_text/.test(text)).length, 2, statements.join('\n\n'))
        assert.equal(statements.filter((text) => /with recursive matched/.test(text)).length, 1, 'the count only')
        assert.deepEqual(slugs(page).slice(0, 12), expected)
        // 251 match (250 and the demo scarf): the total says the cap, its pages are all there
        assert.equal(page.totalProducts, SEARCH_TOTAL_CAP)
        assert.equal(page.totalIsLowerBound, true, 'the shopper is told there are at least this many')
        const last = await shop.http('GET', `/api/v1/product?search=echarpe&limit=12&page=${SEARCH_TOTAL_CAP / 12}`)
        assert.equal(last.body.data.products.length, 12)
        // (a rare word is read from the names' trigram index, but only in a catalogue large enough for PostgreSQL to
        // prefer it to reading 3 000 rows: the bench's scale run shows it, with its EXPLAIN, at 100 000 products)
      } finally {
        await db.execute(sql`delete from products where slug like 'plan-%'`)
      }
    })
  })
}
