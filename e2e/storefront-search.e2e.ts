import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { launchBrowser } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { ownerCookie, shopper, storeApi } from './shop.ts'

// A shopper on a phone, in Arabic, searches the demo shop by a category's name ("shoes", in Arabic typed
// without the hamza, and in French), a word that more products carry than the search counts, and opens a page
// that does not exist.

let store: RunningStore
let browser: Awaited<ReturnType<typeof launchBrowser>>
/** The Arabic names of every shoe in the demo shop (its three shoe categories), from the store's API. */
let shoeNames: Set<string>

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
  const { categories } = await storeApi<{ categories: { slug: string }[] }>(store.url, '/category')
  const shoeCategories = categories.filter((c) => c.slug.endsWith('-shoes'))
  assert.equal(shoeCategories.length, 3, 'men, women and kids shoes in the demo shop')
  shoeNames = new Set()
  for (const category of shoeCategories) {
    const { products } = await storeApi<{ products: { name: string }[] }>(store.url, `/product?category=${category.slug}&limit=100`, {
      headers: { 'Accept-Language': 'ar' },
    })
    for (const product of products) shoeNames.add(product.name)
  }
  assert.ok(shoeNames.size >= 12, 'at least a page of shoes')
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

/** The names on the product cards of the results grid (each card is a link holding the name as a heading). */
const cardNames = (page: Page) =>
  page.getByRole('main').getByRole('link').getByRole('heading', { level: 3 }).allTextContents()

/** Waits until the grid shows a full page of products that are all shoes; fails with what it showed. */
async function expectShoesListed(page: Page, term: string): Promise<void> {
  const deadline = Date.now() + 15_000
  let names: string[] = []
  while (Date.now() < deadline) {
    names = (await cardNames(page)).map((name) => name.trim())
    if (names.length === 12 && names.every((name) => shoeNames.has(name))) return
    await page.waitForTimeout(200)
  }
  assert.fail(`"${term}": expected 12 shoes, the page listed ${names.length}: ${names.join(' | ') || '(nothing)'}`)
}

describe('storefront search and unknown pages, phone, Arabic', { concurrency: false }, () => {
  test('typing a category name (احذية, then chaussures) in the search lists the shoes', async () => {
    const { context, page, errors } = await shopper(browser, store.url)
    try {
      await page.goto('/')
      await page.getByRole('link', { name: 'بحث' }).first().click()
      await page.waitForURL(/\/collection/)
      const box = page.getByRole('searchbox', { name: 'ابحث عن منتج' })
      await box.fill('احذية')
      await page.waitForURL((url) => url.searchParams.get('search') === 'احذية')
      await expectShoesListed(page, 'احذية')

      await box.fill('chaussures')
      await page.waitForURL((url) => url.searchParams.get('search') === 'chaussures')
      await expectShoesListed(page, 'chaussures')
      // the results are real product links
      const first = page.getByRole('main').getByRole('link').filter({ has: page.getByRole('heading', { level: 3 }) }).first()
      assert.match((await first.getAttribute('href')) ?? '', /^\/product\//)
      // a guest's session check answers 401 by design; anything else logged is a fault
      assert.deepEqual(errors.filter((error) => !/status of 401/.test(error)), [])
    } finally {
      await context.close()
    }
  })

  test('a word on more products than the search counts: the count says "240 or more", in Arabic and French', async () => {
    const cookie = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
    const { categories } = await storeApi<{ categories: { _id: string; slug: string }[] }>(store.url, '/category')
    const scarves = categories.find((c) => !c.slug.endsWith('-shoes'))
    assert.ok(scarves, 'a category that is not shoes')
    // 241 products named with a word no demo product has: one more than the search counts (240)
    for (let i = 1; i <= 241; i++) {
      await storeApi(store.url, '/admin/products', {
        method: 'POST',
        cookie,
        body: { nameAr: `وشاح زمرّد ${i}`, nameFr: `Foulard émeraude ${i}`, price: 1500 + i, categoryId: scarves._id, isActive: true, variants: [{ size: 'TU', color: 'black', stock: 5 }] },
      })
    }
    const { context, page, errors } = await shopper(browser, store.url)
    try {
      await page.goto(`/collection?search=${encodeURIComponent('زمرد')}`)
      await page.getByText('240 منتجًا أو أكثر').waitFor({ state: 'visible' })
      assert.equal((await cardNames(page)).length, 12)
      assert.deepEqual(errors.filter((error) => !/status of 401/.test(error)), [])
    } finally {
      await context.close()
    }
    const french = await shopper(browser, store.url, { locale: 'fr' })
    try {
      await french.page.goto('/collection?search=emeraude')
      await french.page.getByText('240 produits ou plus').waitFor({ state: 'visible' })
    } finally {
      await french.context.close()
    }
  })

  test('an unknown page answers 404 and shows the not-found page', async () => {
    const { context, page } = await shopper(browser, store.url)
    try {
      const response = await page.goto('/no-such-page')
      assert.equal(response?.status(), 404)
      await page.getByRole('heading', { name: 'الصفحة غير موجودة' }).waitFor({ state: 'visible' })
      assert.ok(await page.getByText('الصفحة التي تبحث عنها غير موجودة.').isVisible())
      // a real page still answers 200
      const collection = await page.goto('/collection')
      assert.equal(collection?.status(), 200)
    } finally {
      await context.close()
    }
  })
})
