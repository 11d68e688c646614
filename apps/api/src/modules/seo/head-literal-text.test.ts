import assert from 'node:assert/strict'
import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { categories, products, shopSettings, variants } from '../../db/schema.ts'
import { type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { escapeHtml } from './seo.tags.ts'
import { storefrontHtml } from './storefront-html.ts'

// The sequences String.replace reads in a replacement string: the text after, before and of the match.
const PATTERNS = "$' $` $& $$"
const INDEX =
  '<!doctype html>\n<html lang="ar" dir="rtl">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="default" />\n    <title>default</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n'

/** The page is still one document: one <html>, one <head>, one <title>, the app's root once, ending where it should. */
function assertIntact(html: string): void {
  assert.equal((html.match(/<html\b/g) ?? []).length, 1, 'one <html>')
  assert.equal((html.match(/<\/head>/g) ?? []).length, 1, 'one </head>')
  assert.equal((html.match(/<title>/g) ?? []).length, 1, 'one <title>')
  assert.equal((html.match(/<div id="root"><\/div>/g) ?? []).length, 1, 'the app root once')
  assert.equal((html.match(/<!doctype html>/gi) ?? []).length, 1, 'one doctype')
  assert.ok(html.trimEnd().endsWith('</html>'), 'the document ends with </html>')
  assert.ok(html.indexOf('</head>') < html.indexOf('<body>'), 'head before body')
}

for (const target of TEST_TARGETS) {
  describe(`storefront head tags take catalogue text literally on ${target}`, () => {
    let shop: Shop
    let productId: string
    let categoryId: string
    before(async () => {
      shop = await startShop(target, { PUBLIC_URL: 'https://khatwa.example.dz' })
      const dir = await mkdtemp(path.join(os.tmpdir(), 'seo-literal-'))
      const indexPath = path.join(dir, 'index.html')
      await writeFile(indexPath, INDEX)
      shop.app.get('/literal-test/*', async (request, reply) => {
        const rest = (request.params as { '*': string })['*']
        // the router ignores trailing slashes: the home page is asked for as 'home'
        const page = await storefrontHtml(shop.app, request, rest === 'home' ? '/' : `/${rest}`, { indexPath })
        if (!page) return reply.code(204).send()
        return reply.code(page.statusCode).type('text/html; charset=utf-8').send(page.html)
      })
      await shop.database.db.update(shopSettings).set({ nameFr: `Boutique ${PATTERNS}`, nameAr: `متجر ${PATTERNS}` })
      const [category] = await shop.database.db
        .insert(categories)
        .values({ slug: 'dollars', nameAr: `فئة ${PATTERNS}`, nameFr: `Rayon ${PATTERNS}`, descriptionFr: `Tout ${PATTERNS}`, position: 9 })
        .returning()
      if (!category) throw new Error('category not created')
      categoryId = category.id
      const [product] = await shop.database.db
        .insert(products)
        .values({ slug: 'dollars', categoryId, nameAr: `حذاء ${PATTERNS}`, nameFr: `Sandale ${PATTERNS}`, descriptionFr: `Légère ${PATTERNS}`, price: 3000 })
        .returning()
      if (!product) throw new Error('product not created')
      productId = product.id
      await shop.database.db.insert(variants).values({ productId, size: '40', color: 'black', stock: 3, sku: 'DOLLARS-40' })
    })
    after(async () => shop.close())

    test("a product named with $' $` $& keeps its name in the title, tags and JSON-LD, and the page stays whole", async () => {
      for (const lang of ['fr', 'ar'] as const) {
        const res = await shop.app.inject({ url: `/literal-test/product/${productId}?lang=${lang}` })
        assert.equal(res.statusCode, 200)
        const html = res.body
        assertIntact(html)
        const name = lang === 'fr' ? `Sandale ${PATTERNS}` : `حذاء ${PATTERNS}`
        const shopName = lang === 'fr' ? `Boutique ${PATTERNS}` : `متجر ${PATTERNS}`
        const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''
        assert.ok(title.startsWith(escapeHtml(name)), `title: ${title}`)
        assert.ok(title.endsWith(escapeHtml(shopName)), `title: ${title}`)
        assert.ok(html.includes(`<meta property="og:site_name" content="${escapeHtml(shopName)}" />`))
        assert.ok(html.includes(`<meta property="og:title" content="${title}" />`))
        // JSON-LD keeps "$'" and "$`" as they are (only <, > and & are escaped there)
        assert.ok(html.includes(`"name":"${name.replace('&', '\\u0026')}"`), 'the product name in JSON-LD')
        const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null')
        assert.equal(ld.name, name)
        assert.equal(ld.brand.name, shopName)
        assert.match(html, new RegExp(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`))
      }
    })

    test("a category and the home page named with $' $` $& stay whole", async () => {
      const category = await shop.app.inject({ url: `/literal-test/category/dollars?lang=fr` })
      assert.equal(category.statusCode, 200)
      assertIntact(category.body)
      assert.ok(category.body.includes(`<title>${escapeHtml(`Rayon ${PATTERNS} · Boutique ${PATTERNS}`)}</title>`))
      assert.ok(category.body.includes(`<meta name="description" content="${escapeHtml(`Tout ${PATTERNS}`)}" />`))
      const home = await shop.app.inject({ url: '/literal-test/home?lang=fr' })
      assert.equal(home.statusCode, 200)
      assertIntact(home.body)
      assert.ok(home.body.includes(`<title>${escapeHtml(`Boutique ${PATTERNS}`)}</title>`))
      await shop.database.db.update(categories).set({ isActive: false }).where(eq(categories.id, categoryId))
    })
  })
}
