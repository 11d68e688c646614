import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { LOW_STOCK_LINE, percentOff } from '@shop/shared'
import { eq, sql } from 'drizzle-orm'
import { openDatabase } from '../../db/client.ts'
import { categories, orders, productImages, productPages, products, variants } from '../../db/schema.ts'
import { checkInvariants } from '../../reliability/invariants.ts'
import { randomPhone, type Shop, startShop } from '../../test/shop-fixture.ts'
import { freshDatabase, TEST_TARGETS } from '../../test/test-app.ts'
import { dashboardFigures } from '../dashboard/dashboard.repo.ts'
import { releaseOrderStock } from '../orders/orders.admin-service.ts'
import { takeStock } from '../orders/order.repo.ts'
import { cardJson } from './catalogue.repo.ts'
import { addProductImage, removeProductImage, reorderImages } from './product-images.admin-service.ts'
import { replaceVariants, setStock } from './variants.admin-service.ts'

interface Card {
  stock: number
  sizes: string[]
  colors: string[]
  imagePath: string | null
  imageWidths: number[] | null
}

const apiRoot = fileURLToPath(new URL('../../../', import.meta.url))

/** The card stored on the product (what list pages read). */
async function storedCard(shop: Shop, productId: string): Promise<Card> {
  const [row] = await shop.database.db
    .select({
      stock: products.cardStock,
      sizes: products.cardSizes,
      colors: products.cardColors,
      imagePath: products.cardImagePath,
      imageWidths: products.cardImageWidths,
    })
    .from(products)
    .where(eq(products.id, productId))
  assert.ok(row, 'product exists')
  return row
}

/** The card checks of db:check (I-STOCK product cards, category counts, the low-stock list) pass. */
async function cardsHold(shop: Shop) {
  const results = await checkInvariants(shop.database.db)
  for (const result of results.filter((r) => /card|per category|search texts|low-stock list/.test(r.name))) {
    assert.ok(result.ok, `${result.name}: ${result.examples.join(' ')}`)
  }
}

for (const target of TEST_TARGETS) {
  describe(`product cards kept with the product on ${target}`, () => {
    let shop: Shop
    before(async () => {
      shop = await startShop(target)
    })
    after(async () => shop.close())

    test('the seeded cards say what the variants say', async () => {
      // runner: 41/black 7, 42/black 3, 43/white 0
      assert.deepEqual(await storedCard(shop, shop.catalogue.runner.id), {
        stock: 10,
        sizes: ['41', '42', '43'],
        colors: ['black', 'white'],
        imagePath: null,
        imageWidths: null,
      })
      await cardsHold(shop)
    })

    test('a card in the list, category and product page replies says each field of its product', async () => {
      const { runner, coat, categories: tree } = shop.catalogue
      const runnerCard = {
        _id: runner.id,
        slug: 'runner',
        name: 'حذاء رياضي للجري',
        nameAr: 'حذاء رياضي للجري',
        nameFr: 'Basket de course',
        price: 4900,
        compareAtPrice: 6500,
        percentOff: percentOff(4900, 6500),
        inStock: true,
        stock: 10,
        sizes: ['41', '42', '43'],
        colors: ['black', 'white'],
        category: tree.sneakers.id,
        image: null,
        createdAt: '2026-01-03T00:00:00.000Z',
      }
      const noCache = { 'cache-control': 'no-cache' }
      const list = await shop.http('GET', '/api/v1/product?page=1&limit=50', { headers: noCache })
      const cards = list.body.data.products as { slug: string }[]
      assert.deepEqual(cards.find((card) => card.slug === 'runner'), runnerCard)
      // in French the name is the French one; a photo gives the card its 600 px width and every width in srcSet
      await addProductImage(shop.database.db, runner.id, { path: 'products/runner-a', widths: [1200, 300, 600], width: 1200, height: 1200 })
      const category = await shop.http('GET', `/api/v1/product/category/${tree.sneakers.slug}`, { headers: { ...noCache, 'accept-language': 'fr' } })
      assert.deepEqual(category.body.data.products, [
        {
          ...runnerCard,
          name: 'Basket de course',
          image: {
            src: '/media/products/runner-a-600.webp',
            srcSet: '/media/products/runner-a-300.webp 300w, /media/products/runner-a-600.webp 600w, /media/products/runner-a-1200.webp 1200w',
            width: 1200,
            height: 1200,
          },
        },
      ])
      // the product page's related products are cards too (its category's other products in stock)
      const scarf = await shop.http('GET', '/api/v1/product/scarf', { headers: noCache })
      assert.deepEqual(scarf.body.data.related, [
        {
          _id: coat.id,
          slug: 'coat',
          name: 'معطف شتوي',
          nameAr: 'معطف شتوي',
          nameFr: 'Manteau d’hiver',
          price: 12000,
          compareAtPrice: null,
          percentOff: 0,
          inStock: true,
          stock: 2,
          sizes: ['L'],
          colors: ['grey'],
          category: tree.clothing.id,
          image: null,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ])
      const [photo] = await shop.database.db.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, runner.id))
      if (photo) await removeProductImage(shop.database.db, runner.id, photo.id)
    })

    test('an order takes its units off the card; a cancellation puts them back', async () => {
      const derby = shop.catalogue.derby
      const before = (await storedCard(shop, derby.id)).stock
      const cities = await shop.http('GET', '/api/v1/location/states/16/cities')
      const res = await shop.http('POST', '/api/v1/order/guest', {
        headers: { 'x-session-id': await shop.guestSession(), 'idempotency-key': `cards-${target}-1` },
        body: {
          orderItems: [{ productId: derby.id, quantity: 2, size: '42', color: 'brown' }],
          customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: randomPhone() },
          shippingAddress: { wilayaId: '16', communeId: cities.body.data.cities[0]._id, type: 'domicil', address: '12 rue Didouche Mourad' },
          paymentMethod: 'cash_on_delivery',
        },
      })
      assert.equal(res.status, 201, JSON.stringify(res.body))
      assert.equal((await storedCard(shop, derby.id)).stock, before - 2)
      const list = await shop.http('GET', '/api/v1/product?page=1&limit=50', { headers: { 'cache-control': 'no-cache' } })
      const summary = (list.body.data.products as { slug: string; stock: number }[]).find((p) => p.slug === 'derby')
      assert.equal(summary?.stock, before - 2, 'the list reply shows the stored card')
      await cardsHold(shop)

      const [order] = await shop.database.db.select({ id: orders.id }).from(orders).where(eq(orders.trackingNumber, res.body.data.order.trackingNumber))
      assert.ok(order)
      await shop.database.db.transaction(async (tx) => {
        await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id))
        await releaseOrderStock(tx, order.id)
      })
      assert.equal((await storedCard(shop, derby.id)).stock, before)
      await cardsHold(shop)
    })

    test('a rolled-back order leaves the card as it was', async () => {
      const runner = shop.catalogue.runner
      const before = await storedCard(shop, runner.id)
      const [v41, v42] = runner.variants
      assert.ok(v41 && v42)
      await assert.rejects(
        shop.database.db.transaction(async (tx) => {
          const taken = await takeStock(tx, [
            { variantId: v41.id, productId: runner.id, quantity: 1 },
            { variantId: v42.id, productId: runner.id, quantity: 2 },
          ])
          assert.equal(taken.size, 2)
          const [inside] = await tx.select({ stock: products.cardStock }).from(products).where(eq(products.id, runner.id))
          assert.equal(inside?.stock, before.stock - 3, 'the card moves inside the transaction')
          throw new Error('payment refused')
        }),
        /payment refused/,
      )
      assert.deepEqual(await storedCard(shop, runner.id), before)
    })

    test('one stock statement over variants of several products moves each card by its own units', async () => {
      const { derby, coat } = shop.catalogue
      const [derbyBefore, coatBefore] = [await storedCard(shop, derby.id), await storedCard(shop, coat.id)]
      const [d, c] = [derby.variants[0], coat.variants[0]]
      assert.ok(d && c)
      await shop.database.db.transaction(async (tx) => {
        const taken = await takeStock(tx, [
          { variantId: d.id, productId: derby.id, quantity: 1 },
          { variantId: c.id, productId: coat.id, quantity: 2 },
        ])
        assert.equal(taken.size, 2)
      })
      assert.equal((await storedCard(shop, derby.id)).stock, derbyBefore.stock - 1)
      assert.equal((await storedCard(shop, coat.id)).stock, coatBefore.stock - 2)
      await setStock(shop.database.db, [
        { variantId: d.id, stock: derbyBefore.stock },
        { variantId: c.id, stock: coatBefore.stock },
      ])
      await cardsHold(shop)
    })

    test('staff edits of the variant grid and of stock keep the card right', async () => {
      const runner = shop.catalogue.runner
      const [v41, v42, v43] = runner.variants
      assert.ok(v41 && v42 && v43)
      // stock, size and colour changes, one variant dropped, one added
      await replaceVariants(shop.database.db, runner.id, [
        { _id: v41.id, size: '41', color: 'black', stock: 4 },
        { _id: v42.id, size: '44', color: 'black', stock: 3 },
        { _id: v43.id, size: '43', color: 'navy', stock: 6 },
        { size: '45', color: 'red', stock: 1 },
      ])
      assert.deepEqual(await storedCard(shop, runner.id), {
        stock: 14,
        sizes: ['41', '43', '44', '45'],
        colors: ['black', 'navy', 'red'],
        imagePath: null,
        imageWidths: null,
      })
      await replaceVariants(shop.database.db, runner.id, [
        { _id: v41.id, size: '41', color: 'black', stock: 4 },
        { _id: v43.id, size: '43', color: 'navy', stock: 6 },
      ])
      assert.deepEqual(await storedCard(shop, runner.id), { stock: 10, sizes: ['41', '43'], colors: ['black', 'navy'], imagePath: null, imageWidths: null })
      await setStock(shop.database.db, [
        { variantId: v41.id, stock: 0 },
        { variantId: v43.id, stock: 2 },
      ])
      assert.equal((await storedCard(shop, runner.id)).stock, 2)
      // a variant moved to another product: both cards follow
      const scarf = shop.catalogue.scarf
      await shop.database.db.update(variants).set({ productId: scarf.id }).where(eq(variants.id, v43.id))
      assert.deepEqual((await storedCard(shop, runner.id)).colors, ['black'])
      assert.deepEqual((await storedCard(shop, scarf.id)).sizes, ['43', 'M'])
      await cardsHold(shop)
    })

    test('photos added, reordered and removed: the card shows the first one', async () => {
      const coat = shop.catalogue.coat
      const first = await addProductImage(shop.database.db, coat.id, { path: 'products/coat-a', widths: [300, 600], width: 1200, height: 1200 })
      const second = await addProductImage(shop.database.db, coat.id, { path: 'products/coat-b', widths: [300, 600, 1200], width: 1200, height: 1200 })
      assert.deepEqual(await storedCard(shop, coat.id), { stock: 2, sizes: ['L'], colors: ['grey'], imagePath: 'products/coat-a', imageWidths: [300, 600] })
      await reorderImages(shop.database.db, coat.id, [second.id, first.id])
      let card = await storedCard(shop, coat.id)
      assert.equal(card.imagePath, 'products/coat-b')
      assert.deepEqual(card.imageWidths, [300, 600, 1200])
      const list = await shop.http('GET', '/api/v1/product?page=1&limit=50', { headers: { 'cache-control': 'no-cache' } })
      const summary = (list.body.data.products as { slug: string; image: { src: string } | null }[]).find((p) => p.slug === 'coat')
      assert.match(summary?.image?.src ?? '', /coat-b/)
      await removeProductImage(shop.database.db, coat.id, second.id)
      card = await storedCard(shop, coat.id)
      assert.equal(card.imagePath, 'products/coat-a')
      await removeProductImage(shop.database.db, coat.id, first.id)
      card = await storedCard(shop, coat.id)
      assert.equal(card.imagePath, null)
      assert.equal(card.imageWidths, null)
      await cardsHold(shop)
    })

    test('the card and product page JSON kept between requests follow every change of their rows', async () => {
      const derby = shop.catalogue.derby
      const [v42] = derby.variants
      assert.ok(v42)
      const noCache = { 'cache-control': 'no-cache' }
      const productPage = (lang: string) => shop.http('GET', '/api/v1/product/derby', { headers: { ...noCache, 'accept-language': lang } })
      const listCard = async (lang: string) => {
        const list = await shop.http('GET', '/api/v1/product?page=1&limit=50', { headers: { ...noCache, 'accept-language': lang } })
        return (list.body.data.products as { slug: string; name: string; stock: number }[]).find((p) => p.slug === 'derby')
      }
      const first = await productPage('ar')
      const cardsKept = cardJson.size
      const again = await productPage('ar')
      assert.equal(again.text, first.text)
      assert.equal(cardJson.size, cardsKept, 'the same rows: the cards already made are sent, none made again')

      // a stock edit: the variant, the card on the product page and in the list
      const stock = first.body.data.product.variants[0].stock as number
      await setStock(shop.database.db, [{ variantId: v42.id, stock: stock + 7 }])
      const edited = await productPage('ar')
      assert.equal(edited.body.data.product.variants[0].stock, stock + 7)
      assert.equal(edited.body.data.product.stock, first.body.data.product.stock + 7)
      assert.equal((await listCard('ar'))?.stock, first.body.data.product.stock + 7)

      // a renamed product, in each language
      await shop.database.db.update(products).set({ nameFr: 'Derby cuir noir' }).where(eq(products.id, derby.id))
      assert.equal((await productPage('fr')).body.data.product.name, 'Derby cuir noir')
      assert.equal((await listCard('fr'))?.name, 'Derby cuir noir')
      assert.equal((await productPage('ar')).body.data.product.nameFr, 'Derby cuir noir')

      await shop.database.db.update(products).set({ nameFr: 'Derby en cuir élégant' }).where(eq(products.id, derby.id))
      await setStock(shop.database.db, [{ variantId: v42.id, stock }])
      assert.equal((await productPage('ar')).text, first.text, 'the rows as they were: the reply as it was')
    })

    test('list and category totals follow products added, hidden, moved and deleted', async () => {
      const total = async (query: string) => {
        shop.app.publicCache.bump() // as a staff change through the back office does: the kept totals are dropped
        const res = await shop.http('GET', `/api/v1/${query}`, { headers: { 'cache-control': 'no-cache' } })
        assert.equal(res.status, 200, JSON.stringify(res.body))
        return res.body.data.totalProducts as number
      }
      const [clothing] = await shop.database.db.select().from(categories).where(eq(categories.slug, 'clothing'))
      const [shoes] = await shop.database.db.select().from(categories).where(eq(categories.slug, 'shoes'))
      assert.ok(clothing && shoes)
      const list = 'product?page=1&limit=1'
      const clothes = 'product/category/clothing?page=1&limit=1'
      const all = await total(list)
      const inClothing = await total(clothes)
      assert.equal(all, 4, 'runner, derby, scarf and coat (the hidden product is not counted)')
      assert.equal(inClothing, 2)
      const [extra] = await shop.database.db
        .insert(products)
        .values({ slug: 'cards-extra', categoryId: clothing.id, nameAr: 'قبعة', nameFr: 'Bonnet', price: 900 })
        .returning()
      assert.ok(extra)
      assert.equal(await total(list), all + 1)
      assert.equal(await total(clothes), inClothing + 1)
      await shop.database.db.update(products).set({ isActive: false }).where(eq(products.id, extra.id))
      assert.equal(await total(list), all)
      await shop.database.db.update(products).set({ isActive: true, categoryId: shoes.id }).where(eq(products.id, extra.id))
      assert.equal(await total(list), all + 1)
      assert.equal(await total(clothes), inClothing, 'moved out of clothing')
      await shop.database.db.delete(products).where(eq(products.id, extra.id))
      assert.equal(await total(list), all)
      await cardsHold(shop)
    })

    test('the stored card text follows every write of a field it holds (staff edits, orders, stock, photos)', async () => {
      const { scarf } = shop.catalogue
      const stored = async () => {
        const [row] = await shop.database.db.select({ card: products.cardJson }).from(products).where(eq(products.id, scarf.id))
        assert.ok(row)
        return JSON.parse(row.card) as unknown[]
      }
      const before = await stored()
      assert.equal(before[0], scarf.id)
      assert.equal(before[1], 'scarf')
      await shop.database.db.update(products).set({ nameFr: 'Écharpe en laine', price: 2_345, compareAtPrice: 3_000 }).where(eq(products.id, scarf.id))
      const edited = await stored()
      assert.deepEqual([edited[3], edited[4], edited[5]], ['Écharpe en laine', 2_345, 3_000])
      const [variant] = await shop.database.db.select().from(variants).where(eq(variants.productId, scarf.id)).limit(1)
      assert.ok(variant)
      await setStock(shop.database.db, [{ variantId: variant.id, stock: variant.stock + 5 }])
      assert.equal((await stored())[8], (before[8] as number) + 5, 'the stock column moved by a variant write reaches the text')
      await addProductImage(shop.database.db, scarf.id, { path: 'products/scarf-stored', widths: [400, 800], width: 800, height: 800 })
      const withPhoto = await stored()
      // a first photo is the card's; one added after others leaves the card's photo as it was
      assert.equal(withPhoto[11], before[11] ?? 'products/scarf-stored')
      // a direct write of the text itself is replaced by what the fields say
      await shop.database.db.update(products).set({ cardJson: '["forged"]' }).where(eq(products.id, scarf.id))
      assert.deepEqual(await stored(), withPhoto)
      await cardsHold(shop)
    })

    test('the stored page text follows the variants and photos (colour codes, photos and their colours), not the stock', async () => {
      const { runner } = shop.catalogue
      const page = async () => {
        const [row] = await shop.database.db.select({ page: productPages.pageJson }).from(productPages).where(eq(productPages.productId, runner.id))
        assert.ok(row, 'the runner exists')
        return JSON.parse(row.page) as [{ id: string; size: string; colorHex: string | null }[], { path: string; color: string | null }[]]
      }
      const rows = await shop.database.db.select().from(variants).where(eq(variants.productId, runner.id)).orderBy(variants.id)
      const [first] = rows
      assert.ok(first, 'the runner has variants')
      const before = await page()
      assert.deepEqual(before[0].map((v) => [v.id, v.size]), rows.map((v) => [v.id, v.size]))
      // an order's stock statement leaves it as it was (the page reads the stock from the variants)
      await setStock(shop.database.db, [{ variantId: first.id, stock: 6 }])
      await shop.database.db.transaction((tx) => takeStock(tx, [{ variantId: first.id, productId: runner.id, quantity: 1 }]))
      assert.deepEqual(await page(), before)
      const reply = await shop.http('GET', '/api/v1/product/runner', { headers: { 'cache-control': 'no-cache' } })
      assert.equal(reply.body.data.product.variants.find((v: { _id: string }) => v._id === first.id)?.stock, 5)
      // a colour code alone (no stock, size or colour moved)
      await shop.database.db.update(variants).set({ colorHex: '#123456' }).where(eq(variants.id, first.id))
      assert.equal((await page())[0].find((v) => v.id === first.id)?.colorHex, '#123456')
      // a photo, then its colour
      await addProductImage(shop.database.db, runner.id, { path: 'products/runner-page', widths: [400], width: 400, height: 400 })
      assert.ok((await page())[1].some((i) => i.path === 'products/runner-page' && i.color === null), 'the new photo is on the page text')
      await shop.database.db.update(productImages).set({ color: 'black' }).where(eq(productImages.path, 'products/runner-page'))
      assert.equal((await page())[1].find((i) => i.path === 'products/runner-page')?.color, 'black')
      // a new product has its (empty) page text from its first write
      const [fresh] = await shop.database.db
        .insert(products)
        .values({ slug: 'page-text-new', categoryId: shop.catalogue.categories.sneakers.id, nameFr: 'Neuf', price: 1_000 })
        .returning({ id: products.id })
      assert.ok(fresh, 'inserted')
      const [freshPage] = await shop.database.db.select().from(productPages).where(eq(productPages.productId, fresh.id))
      assert.deepEqual(JSON.parse(freshPage?.pageJson ?? 'null'), [[], []])
      await shop.database.db.delete(products).where(eq(products.id, fresh.id))
      assert.equal((await shop.database.db.select().from(productPages).where(eq(productPages.productId, fresh.id))).length, 0, 'gone with its product')
      await cardsHold(shop)
    })

    test('the folded search texts follow a rename and a description, not an order; db:check names one changed behind its trigger', async () => {
      const { scarf } = shop.catalogue
      const db = shop.database.db
      const folded = async () => {
        const [row] = await db.select({ name: products.searchText, description: products.descriptionSearchText }).from(products).where(eq(products.id, scarf.id))
        assert.ok(row, 'the scarf exists')
        return row
      }
      const search = async (term: string) => {
        const reply = await shop.http('GET', `/api/v1/product?search=${encodeURIComponent(term)}`, { headers: { 'cache-control': 'no-cache', 'accept-language': 'fr' } })
        assert.equal(reply.status, 200, JSON.stringify(reply.body))
        return (reply.body.data.products as { slug: string }[]).map((p) => p.slug)
      }
      const [original] = await db.select().from(products).where(eq(products.id, scarf.id))
      assert.ok(original, 'the scarf exists')
      try {
        await db.update(products).set({ nameFr: 'Foulard Zébré', descriptionAr: 'وشاح من الصوف' }).where(eq(products.id, scarf.id))
        const renamed = await folded()
        assert.match(renamed.name ?? '', /foulard zebre/, 'the new name folded (no accent, lower case)')
        assert.match(renamed.description ?? '', /وشاح/, 'the new description folded')
        assert.ok((await search('zébré')).includes('scarf'), 'search finds the new name at once')
        // an order's writes of the row (stock, sold count) leave the texts as they were
        const [variant] = await db.select().from(variants).where(eq(variants.productId, scarf.id)).limit(1)
        assert.ok(variant, 'the scarf has a variant')
        await setStock(db, [{ variantId: variant.id, stock: variant.stock + 1 }])
        await db.transaction((tx) => takeStock(tx, [{ variantId: variant.id, productId: scarf.id, quantity: 1 }]))
        assert.deepEqual(await folded(), renamed)
        // a direct write of a folded text is replaced by what the names say
        await db.update(products).set({ searchText: 'forged' }).where(eq(products.id, scarf.id))
        assert.deepEqual(await folded(), renamed)
        // changed behind the trigger: db:check names the product
        await db.transaction(async (tx) => {
          await tx.execute(sql`alter table products disable trigger products_search_text`)
          await tx.update(products).set({ searchText: 'stale' }).where(eq(products.id, scarf.id))
          await tx.execute(sql`alter table products enable trigger products_search_text`)
        })
        const check = (await checkInvariants(db)).find((r) => r.name.includes('search texts'))
        assert.ok(check && !check.ok, 'the search text check fails')
        assert.match(check.examples.join('\n'), /"slug":"scarf"/)
      } finally {
        await db.update(products).set({ nameFr: original.nameFr, descriptionAr: original.descriptionAr }).where(eq(products.id, scarf.id))
      }
      assert.ok(!(await search('zébré')).includes('scarf'), 'the old name is gone from search')
      await cardsHold(shop)
    })

    test('db:check names a product whose stored page text was changed behind its triggers', async () => {
      const { scarf } = shop.catalogue
      await shop.database.db.update(productPages).set({ pageJson: '[[], []]' }).where(eq(productPages.productId, scarf.id))
      const check = (await checkInvariants(shop.database.db)).find((r) => r.name.includes('stored product page text'))
      assert.ok(check && !check.ok, 'the stored page check fails')
      assert.match(check.examples.join('\n'), /"slug":"scarf"/)
      await shop.database.db.execute(sql`update product_pages set page_json = product_page_json(product_id) where product_id = ${scarf.id}`)
      await cardsHold(shop)
    })

    test('db:check names a product whose stored card text was changed behind its trigger', async () => {
      const { scarf } = shop.catalogue
      await shop.database.db.transaction(async (tx) => {
        await tx.execute(sql`alter table products disable trigger products_card_json`)
        await tx.update(products).set({ cardJson: '["stale"]' }).where(eq(products.id, scarf.id))
        await tx.execute(sql`alter table products enable trigger products_card_json`)
      })
      const check = (await checkInvariants(shop.database.db)).find((r) => r.name.includes('stored card text'))
      assert.ok(check && !check.ok, 'the stored card check fails')
      assert.match(check.examples.join('\n'), /"slug":"scarf"/)
      // put right by any write of its fields
      await shop.database.db.update(products).set({ cardJson: '' }).where(eq(products.id, scarf.id))
      await cardsHold(shop)
    })

    test('the low-stock list follows orders, cancellations, staff edits and deletions; the dashboard reads it; db:check names a row changed behind it', async () => {
      const db = shop.database.db
      const listed = async () =>
        new Map(
          ((await db.execute(sql`select variant_id, stock from variant_low_stock`)) as unknown as { rows: { variant_id: string; stock: number }[] }).rows.map(
            (r) => [r.variant_id, r.stock],
          ),
        )
      const derby = shop.catalogue.derby
      const [variant] = derby.variants
      assert.ok(variant)
      // one unit above the line: not listed; an order of one unit brings it to the line: listed with its stock
      await setStock(db, [{ variantId: variant.id, stock: LOW_STOCK_LINE + 1 }])
      assert.equal((await listed()).has(variant.id), false)
      const cities = await shop.http('GET', '/api/v1/location/states/16/cities')
      const res = await shop.http('POST', '/api/v1/order/guest', {
        headers: { 'x-session-id': await shop.guestSession(), 'idempotency-key': `low-stock-${target}` },
        body: {
          orderItems: [{ productId: derby.id, quantity: 1, size: variant.size, color: variant.color }],
          customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: randomPhone() },
          shippingAddress: { wilayaId: '16', communeId: cities.body.data.cities[0]._id, type: 'domicil', address: '12 rue Didouche Mourad' },
          paymentMethod: 'cash_on_delivery',
        },
      })
      assert.equal(res.status, 201, JSON.stringify(res.body))
      assert.equal((await listed()).get(variant.id), LOW_STOCK_LINE)
      const figures = await dashboardFigures(db)
      assert.deepEqual(
        figures.lowStock.filter((row) => row.variantId === variant.id).map((row) => row.stock),
        [LOW_STOCK_LINE],
        "the dashboard lists it, from the list's table",
      )
      assert.deepEqual(
        figures.lowStock.map((row) => row.stock),
        figures.lowStock.map((row) => row.stock).sort((a, b) => a - b),
        'lowest stock first',
      )
      await cardsHold(shop)
      // the cancellation puts the unit back: above the line again, not listed
      const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.trackingNumber, res.body.data.order.trackingNumber))
      assert.ok(order)
      await db.transaction(async (tx) => {
        await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id))
        await releaseOrderStock(tx, order.id)
      })
      assert.equal((await listed()).has(variant.id), false)
      // a staff edit within the line moves the listed stock; a new variant at 0 is listed; deleted, it goes
      await setStock(db, [{ variantId: variant.id, stock: 2 }])
      assert.equal((await listed()).get(variant.id), 2)
      const [added] = await db.insert(variants).values({ productId: derby.id, size: '47', color: 'brown', sku: `DERBY-47-${target}`, stock: 0 }).returning({ id: variants.id })
      assert.ok(added)
      assert.equal((await listed()).get(added.id), 0)
      await db.delete(variants).where(eq(variants.id, added.id))
      assert.equal((await listed()).has(added.id), false)
      await cardsHold(shop)
      // a row changed behind the triggers is named, then put right by a real write of its variant
      await db.execute(sql`update variant_low_stock set stock = 4 where variant_id = ${variant.id}`)
      const check = (await checkInvariants(db)).find((r) => r.name.includes('low-stock list'))
      assert.ok(check && !check.ok, 'the low-stock check fails')
      assert.match(check.examples.join('\n'), new RegExp(variant.id))
      await setStock(db, [{ variantId: variant.id, stock: 9 }])
      await cardsHold(shop)
      assert.equal((await listed()).has(variant.id), false)
      const [line] = ((await db.execute(sql`select low_stock_line() as line`)) as unknown as { rows: { line: number }[] }).rows
      assert.equal(line?.line, LOW_STOCK_LINE, "the database's line is the shared one (the dashboard's and the storefront badge's)")
    })

    test('db:check names a product whose card was changed behind the triggers', async () => {
      await shop.database.db.update(products).set({ cardStock: 999 }).where(eq(products.id, shop.catalogue.scarf.id))
      const results = await checkInvariants(shop.database.db)
      const card = results.find((r) => r.name.includes('product card'))
      assert.ok(card && !card.ok, 'the card check fails')
      assert.match(card.examples.join('\n'), /"slug":"scarf"/)
      // put right by a real write of its variants
      await shop.database.db.execute(sql`select product_cards_refresh(array[${shop.catalogue.scarf.id}::uuid])`)
      await cardsHold(shop)
    })
  })

  test(`npm run db:check exits 1 and names the product with a wrong card (${target})`, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-cards-'))
    const fresh = target === 'postgres' ? await freshDatabase('postgres') : null
    const database = fresh ? fresh.database : await openDatabase({ dir: path.join(dataDir, 'pglite') })
    try {
      await database.migrate()
      const [category] = await database.db.insert(categories).values({ slug: 'c', nameAr: 'ف', nameFr: 'C' }).returning()
      assert.ok(category)
      const [product] = await database.db.insert(products).values({ slug: 'broken-card', categoryId: category.id, nameFr: 'Sac', price: 100 }).returning()
      assert.ok(product)
      await database.db.insert(variants).values({ productId: product.id, size: 'U', color: 'black', sku: 'BROKEN-U', stock: 3 })
      const run = () =>
        new Promise<{ code: number; stdout: string }>((resolve) => {
          execFile(
            process.execPath,
            ['--import', 'tsx', 'src/cli/db-check.ts'],
            { cwd: apiRoot, env: { ...process.env, DATABASE_URL: fresh?.url ?? '', DATA_DIR: dataDir, NODE_ENV: 'development' } },
            (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
          )
        })
      if (!fresh) await database.close()
      const good = await run()
      assert.equal(good.code, 0, good.stdout)
      const reopened = fresh ? database : await openDatabase({ dir: path.join(dataDir, 'pglite') })
      await reopened.db.update(products).set({ cardSizes: ['XL'] }).where(eq(products.id, product.id))
      if (!fresh) await reopened.close()
      const bad = await run()
      assert.equal(bad.code, 1, bad.stdout)
      assert.match(bad.stdout, /FAIL {2}I-STOCK every product card/)
      assert.match(bad.stdout, /broken-card/)
    } finally {
      if (fresh) await fresh.drop()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
}
