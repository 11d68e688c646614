import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { banners, productImages, products, variants } from '../../db/schema.ts'
import { type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { DEFAULT_INDEX_PATH, storefrontHtml } from './storefront-html.ts'

const ORIGIN = 'https://khatwa.example.dz'

/** The built storefront when there is one, else a tiny page of the same shape. */
async function indexHtmlPath(): Promise<string> {
  if (existsSync(DEFAULT_INDEX_PATH)) return DEFAULT_INDEX_PATH
  const dir = await mkdtemp(path.join(os.tmpdir(), 'seo-index-'))
  const file = path.join(dir, 'index.html')
  await writeFile(
    file,
    '<!doctype html>\n<html lang="ar" dir="rtl">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="default" />\n    <title>default</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  )
  return file
}

function jsonLd(html: string): any {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)
  assert.ok(match, 'no JSON-LD in the page')
  return JSON.parse(match[1] as string)
}

const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[:]/g, '\\:')}" content="([^"]*)"`).exec(html)?.[1]

for (const target of TEST_TARGETS) {
  describe(`storefront SEO on ${target}`, () => {
    let shop: Shop
    let evilId: string
    before(async () => {
      shop = await startShop(target, { PUBLIC_URL: ORIGIN })
      const indexPath = await indexHtmlPath()
      // The storefront's catch-all in app.ts calls storefrontHtml with the built file; this route calls it with the
      // chosen file so the tags are checked whether or not the storefront has been built.
      shop.app.get('/seo-test/*', async (request, reply) => {
        const rest = (request.params as { '*': string })['*']
        // '/seo-test/' is '/seo-test' to the router (trailing slashes ignored): the home page is asked for as 'home'
        const pathname = rest === 'home' ? '/' : `/${rest}`
        const page = await storefrontHtml(shop.app, request, pathname, { indexPath })
        if (!page) return reply.code(204).send()
        return reply.code(page.statusCode).type('text/html; charset=utf-8').send(page.html)
      })
      const [evil] = await shop.database.db
        .insert(products)
        .values({
          slug: 'evil',
          categoryId: shop.catalogue.categories.shoes.id,
          nameAr: 'صندل',
          nameFr: '</title><script>alert(1)</script> Sandale "été"',
          descriptionFr: 'Une sandale <b>légère</b> & solide.',
          price: 3200,
          compareAtPrice: 4000,
        })
        .returning()
      if (!evil) throw new Error('product not created')
      evilId = evil.id
      await shop.database.db.insert(variants).values({ productId: evil.id, size: '40', color: 'black', stock: 0, sku: 'EVIL-40' })
      await shop.database.db
        .insert(productImages)
        .values({ productId: evil.id, path: 'products/evil', widths: [300, 600, 1200], width: 1200, height: 1200 })
    })
    after(async () => shop.close())

    test('the home page preloads the first live banner, and has no preload without one', async () => {
      const none = await shop.app.inject({ url: '/seo-test/home' })
      assert.equal(none.statusCode, 200)
      assert.doesNotMatch(none.body, /rel="preload" as="image"/)
      await shop.database.db.insert(banners).values([
        { titleFr: 'second', imagePath: 'banners/second', imageWidths: [960, 1920], position: 2 },
        { titleFr: 'first', imagePath: 'banners/first', imageWidths: [960, 1920], position: 1 },
      ])
      const res = await shop.app.inject({ url: '/seo-test/home' })
      assert.match(res.body, /<link rel="preload" as="image" href="\/media\/banners\/first-1920\.webp" imagesrcset="\/media\/banners\/first-960\.webp 960w, \/media\/banners\/first-1920\.webp 1920w" imagesizes="\(min-width: 640px\) 100vw, 178vw"/)
      await shop.database.db.delete(banners)
    })

    test('a product page carries its title, description, canonical URL, sharing tags and Product JSON-LD', async () => {
      const { runner } = shop.catalogue
      const res = await shop.app.inject({ url: `/seo-test/product/runner?lang=fr` })
      assert.equal(res.statusCode, 200)
      const html = res.body
      assert.match(html, /<title>Basket de course · 4\u202F900 DA · [^<]+<\/title>/)
      assert.equal((html.match(/<title>/g) ?? []).length, 1, 'the default title is replaced')
      assert.match(html, new RegExp(`<link rel="canonical" href="${ORIGIN}/product/${runner.id}" />`))
      assert.equal(meta(html, 'property', 'og:type'), 'product')
      assert.equal(meta(html, 'property', 'og:url'), `${ORIGIN}/product/${runner.id}`)
      assert.equal(meta(html, 'property', 'product:price:amount'), '4900')
      assert.equal(meta(html, 'property', 'product:price:currency'), 'DZD')
      assert.equal(meta(html, 'name', 'twitter:title'), meta(html, 'property', 'og:title'))
      assert.match(html, /<html lang="fr" dir="ltr">/)
      const ld = jsonLd(html)
      assert.equal(ld['@type'], 'Product')
      assert.equal(ld.name, 'Basket de course')
      assert.equal(ld.offers.priceCurrency, 'DZD')
      assert.equal(ld.offers.price, '4900')
      assert.equal(ld.offers.availability, 'https://schema.org/InStock')
      // The tags sit inside <head>.
      const head = html.slice(0, html.indexOf('</head>'))
      assert.ok(head.includes('application/ld+json') && head.includes('og:title'))
    })

    test('catalogue text is escaped in tags and JSON-LD; images are absolute; sold out reads OutOfStock', async () => {
      // the language the shopper chose, kept in the `lang` cookie (Accept-Language is not read for pages)
      const res = await shop.app.inject({ url: `/seo-test/product/${evilId}`, headers: { cookie: 'lang=fr', 'accept-language': 'ar' } })
      assert.equal(res.statusCode, 200)
      const html = res.body
      assert.ok(!html.includes('<script>alert(1)</script>'), 'raw script from a product name')
      assert.ok(!/<\/title><script>/.test(html))
      assert.match(html, /<title>&lt;\/title&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt; Sandale &quot;été&quot;/)
      assert.equal(meta(html, 'property', 'og:image'), `${ORIGIN}/media/products/evil-1200.webp`)
      assert.equal(meta(html, 'property', 'og:image:width'), '1200')
      assert.equal(meta(html, 'name', 'description'), 'Une sandale &lt;b&gt;légère&lt;/b&gt; &amp; solide.')
      const ld = jsonLd(html)
      assert.equal(ld.name, '</title><script>alert(1)</script> Sandale "été"')
      assert.deepEqual(ld.image, [`${ORIGIN}/media/products/evil-1200.webp`])
      assert.equal(ld.offers.availability, 'https://schema.org/OutOfStock')
      // the product photo is fetched with the HTML, with the gallery's own sizes so the same file is picked
      assert.match(html, /<link rel="preload" as="image" href="\/media\/products\/evil-1200\.webp" imagesrcset="[^"]*evil-300\.webp 300w[^"]*" imagesizes="\(min-width: 1280px\) 596px, [^"]*" fetchpriority="high" \/>/)
    })

    test('a product by slug points its canonical URL at the id; Arabic is the default language', async () => {
      const { derby } = shop.catalogue
      const res = await shop.app.inject({ url: '/seo-test/product/derby' })
      assert.equal(res.statusCode, 200)
      assert.match(res.body, /<html lang="ar" dir="rtl">/)
      assert.match(res.body, new RegExp(`rel="canonical" href="${ORIGIN}/product/${derby.id}"`))
      assert.match(res.body, /<title>حِذاءٌ جلدي أنيـق · 8\u202F900 د\.ج/)
    })

    test('a category page has its own title and canonical URL', async () => {
      const { shoes } = shop.catalogue.categories
      const res = await shop.app.inject({ url: '/seo-test/category/shoes?lang=fr' })
      assert.equal(res.statusCode, 200)
      assert.match(res.body, /<title>Chaussures · /)
      assert.match(res.body, new RegExp(`rel="canonical" href="${ORIGIN}/category/${shoes.id}"`))
      assert.equal(meta(res.body, 'property', 'og:type'), 'website')
    })

    test('unknown or hidden products and unknown categories answer 404 with the app, marked noindex', async () => {
      for (const url of [
        '/seo-test/product/00000000-0000-4000-8000-000000000000',
        `/seo-test/product/${shop.catalogue.hidden.id}`,
        '/seo-test/category/nope',
      ]) {
        const res = await shop.app.inject({ url })
        assert.equal(res.statusCode, 404, url)
        assert.match(res.body, /<div id="root"><\/div>/, url)
        assert.match(res.body, /<meta name="robots" content="noindex" \/>/, url)
      }
      const other = await shop.app.inject({ url: '/seo-test/collection' })
      assert.equal(other.statusCode, 204, 'other routes are sent unchanged')
    })

    test('robots.txt allows the shop, keeps private pages out and names the sitemap', async () => {
      const res = await shop.app.inject({ url: '/robots.txt' })
      assert.equal(res.statusCode, 200)
      assert.match(String(res.headers['content-type']), /text\/plain/)
      const lines = res.body.split('\n')
      assert.ok(lines.includes('User-agent: *'))
      assert.ok(lines.includes('Allow: /'))
      for (const p of ['/admin', '/api', '/cart', '/place-order', '/orders', '/profile']) assert.ok(lines.includes(`Disallow: ${p}`), p)
      assert.ok(lines.includes(`Sitemap: ${ORIGIN}/sitemap.xml`))
    })

    test('sitemap.xml lists home, collection, active categories and active products only', async () => {
      const res = await shop.app.inject({ url: '/sitemap.xml' })
      assert.equal(res.statusCode, 200)
      assert.match(String(res.headers['content-type']), /application\/xml/)
      const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
      const { categories, runner, derby, scarf, coat, hidden } = shop.catalogue
      assert.ok(locs.includes(`${ORIGIN}/`))
      assert.ok(locs.includes(`${ORIGIN}/collection`))
      for (const c of [categories.shoes, categories.sneakers, categories.clothing]) assert.ok(locs.includes(`${ORIGIN}/category/${c.id}`))
      for (const p of [runner, derby, scarf, coat]) assert.ok(locs.includes(`${ORIGIN}/product/${p.id}`))
      assert.ok(locs.includes(`${ORIGIN}/product/${evilId}`))
      assert.ok(!locs.includes(`${ORIGIN}/product/${hidden.id}`))
      await shop.database.db.update(products).set({ isActive: false }).where(eq(products.id, scarf.id))
      const after = await shop.app.inject({ url: '/sitemap.xml' })
      assert.ok(!after.body.includes(`/product/${scarf.id}<`))
    })

    test('the storefront catch-all sends the page with its tags and status (built storefront)', async () => {
      // Only the built storefront reaches this handler; without it the app answers that it is not built.
      const res = await shop.app.inject({ url: `/product/${shop.catalogue.derby.id}` })
      if (existsSync(DEFAULT_INDEX_PATH)) {
        assert.equal(res.statusCode, 200)
        assert.match(res.body, /application\/ld\+json/)
        const missing = await shop.app.inject({ url: '/product/does-not-exist' })
        assert.equal(missing.statusCode, 404)
        // rendered on the server: the product page's own "not found", in Arabic
        assert.match(missing.body, /<div id="root">.*<h1[^>]*>المنتج غير موجود<\/h1>/s)
      } else {
        assert.equal(res.statusCode, 404)
        assert.match(res.body, /not built/)
      }
    })
  })
}
