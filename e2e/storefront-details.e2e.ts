import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { colorName } from '@shop/shared'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { type ProductDetail, type ProductVariant, ownerCookie, productsInStock, shopper, storeApi } from './shop.ts'

// Details of the storefront on a phone (390x844), in Arabic, against the real server and the demo shop:
// an ended session on the orders and cart pages asks for a sign-in, an add above the stock adds what is
// left and says so, related products leave sold-out ones out and fill whole rows, and the product page
// shows its specifications and the review policy without any rating.

let store: RunningStore
let browser: Browser
let owner = ''

const PASSWORD = 'tapis-rouge-2026'
const SIGN_IN_REQUIRED = 'يرجى تسجيل الدخول للمتابعة'
const SIGN_IN = 'تسجيل الدخول'
const RELATED = 'قد يعجبك أيضًا'

const freshEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.dz`

interface Summary {
  _id: string
  name: string
  category?: string
  inStock: boolean
}

interface Detail extends ProductDetail {
  category: { _id: string; name: string }
  variants: ProductVariant[]
}

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
  owner = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

/** A product as the Arabic page shows it. */
async function productAr(id: string): Promise<{ product: Detail; related: Summary[] }> {
  return storeApi<{ product: Detail; related: Summary[] }>(store.url, `/product/${id}`, { headers: { 'Accept-Language': 'ar' } })
}

/** Sets the stock of variants through the back office. */
async function setStock(items: { variantId: string; stock: number }[]): Promise<void> {
  await storeApi(store.url, '/admin/variants/stock', { method: 'PATCH', body: { items }, cookie: owner })
}

/** A new account made through the API, signed in in a fresh phone context. */
async function signedInShopper() {
  const reply = await fetch(`${store.url}/api/v1/auth/client/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ firstName: 'Amina', lastName: 'Kaci', email: freshEmail('amina'), password: PASSWORD, confirmPassword: PASSWORD }),
  })
  assert.equal(reply.status, 201, `sign-up: ${reply.status}`)
  const [pair] = reply.headers.getSetCookie()[0]?.split(';') ?? []
  const [name, value] = (pair ?? '').split('=')
  assert.ok(name && value, 'the sign-up sets the session cookie')
  const session = await shopper(browser, store.url)
  await session.context.addCookies([{ name, value, url: store.url }])
  return session
}

/** Answers the given API path with a 401, as the server does when the session has ended. */
async function sessionEndsFor(page: Page, pattern: string): Promise<void> {
  await page.route(pattern, (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'fail', code: 'UNAUTHORIZED', message: 'Unauthorized' }),
    }),
  )
}

/** The "please sign in" notice and its button, as the page shows them. */
async function assertSignInPrompt(page: Page, where: string): Promise<void> {
  const prompt = page.getByRole('alert').filter({ hasText: SIGN_IN_REQUIRED })
  await prompt.waitFor()
  const button = prompt.getByRole('link', { name: SIGN_IN, exact: true })
  assert.equal(await button.isVisible(), true, `${where}: the sign-in button is shown`)
  const box = await button.boundingBox()
  assert.ok(box && box.height >= 44, `${where}: the sign-in button is at least 44 px tall`)
  assert.match((await button.getAttribute('href')) ?? '', /^\/login\?redirect=/, `${where}: the button leads to the sign-in`)
}

/** How many related cards fill whole rows (the storefront's rule: 4 per row from md up, 2 on phones). */
function wholeRows(available: number): number {
  const count = Math.min(available, 8)
  if (count >= 4) return count - (count % 4)
  if (count >= 2) return count - (count % 2)
  return count
}

async function relatedCardIds(page: Page): Promise<string[]> {
  const region = page.getByRole('region', { name: RELATED })
  await region.waitFor()
  const hrefs = await region.getByRole('listitem').getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  return [...new Set(hrefs.map((href) => href.replace('/product/', '')))]
}

describe('storefront details on a phone, in Arabic', { concurrency: false }, () => {
  test('a 401 on the orders page and on the signed-in cart says "please sign in" with a sign-in button', async () => {
    const { page, context } = await signedInShopper()
    try {
      await page.goto('/orders')
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      assert.equal(await page.getByText(SIGN_IN_REQUIRED).count(), 0, 'a signed-in shopper is not asked to sign in')

      await sessionEndsFor(page, '**/api/v1/order/client**')
      await page.reload()
      await assertSignInPrompt(page, 'orders')

      // the cart page is drawn by the server with the shopper's cart: the session ends while the shopper browses
      // (the header reads the cart on another page), then the cart is opened without loading a new page
      await page.unroute('**/api/v1/order/client**')
      await sessionEndsFor(page, '**/api/v1/cart/client**')
      const cartRefused = page.waitForResponse((reply) => reply.url().includes('/api/v1/cart/client') && reply.status() === 401)
      await page.goto('/about')
      await cartRefused
      await page.evaluate(() => {
        history.pushState(null, '', '/cart')
        dispatchEvent(new PopStateEvent('popstate'))
      })
      await assertSignInPrompt(page, 'cart')
    } finally {
      await context.close()
    }
  })

  test('adding more than is left adds what is left and says so; the cart holds the stock', async () => {
    const [product] = await productsInStock(store.url, 1)
    assert.ok(product)
    const { product: detail } = await productAr(product._id)
    const variant = detail.variants.find((entry) => entry.stock > 0)
    assert.ok(variant)
    await setStock([{ variantId: variant._id, stock: 3 }])

    const { page, context } = await shopper(browser, store.url)
    try {
      await page.goto(`/product/${detail._id}`)
      await page.getByRole('heading', { level: 1, name: detail.name }).waitFor()
      const colour = page.getByRole('radio', { name: colorName(variant.color, 'ar'), exact: true })
      if (variant.color && (await colour.count()) > 0) await colour.click()
      await page.getByRole('radio', { name: variant.size, exact: true }).click()
      const more = page.getByRole('button', { name: 'زيادة الكمية' }).first()
      const add = page.getByRole('button', { name: 'أضف إلى السلة' }).first()

      // two pieces, then two more where only one is left
      await more.click()
      await add.click()
      await page.getByText('أضيف المنتج إلى السلة!').first().waitFor()
      await more.click()
      await add.click()
      await page.getByText('أُضيفت قطعة واحدة فقط إلى السلة: هذا كل ما تبقّى في المخزون.').first().waitFor()

      await page.goto('/cart')
      const line = page.getByRole('listitem').filter({ hasText: detail.name }).first()
      await line.waitFor()
      const quantity = line.getByText('3', { exact: true }).or(line.getByText('٣', { exact: true }))
      await quantity.first().waitFor()
      const cart = await page.evaluate(async () => {
        const sessionId = window.localStorage.getItem('cart-session') ?? ''
        const reply = await fetch('/api/v1/cart/guest', { headers: { Accept: 'application/json', 'X-Session-Id': sessionId } })
        return (await reply.json()) as { data: { cart: { items: { variantId: string; quantity: number }[] } } }
      })
      const item = cart.data.cart.items.find((entry) => entry.variantId === variant._id)
      assert.equal(item?.quantity, 3, 'the cart holds the whole stock, no more')
    } finally {
      await context.close()
    }
  })

  test('related products leave sold-out ones out and fill whole rows', async () => {
    // the category with the most products of the demo shop
    const { products } = await storeApi<{ products: Summary[] }>(store.url, '/product?limit=40')
    const byCategory = new Map<string, Summary[]>()
    for (const item of products.filter((entry) => entry.inStock && entry.category)) {
      byCategory.set(item.category ?? '', [...(byCategory.get(item.category ?? '') ?? []), item])
    }
    const family = [...byCategory.values()].sort((a, b) => b.length - a.length)[0] ?? []
    assert.ok(family.length >= 4, `the demo shop has a category with 4 products in stock (found ${family.length})`)
    const [shown, ...others] = family
    assert.ok(shown)

    // sell out products of the category until the related ones no longer fill whole rows by themselves
    const soldOut: string[] = []
    for (const other of others) {
      const { product } = await productAr(other._id)
      await setStock(product.variants.map((entry) => ({ variantId: entry._id, stock: 0 })))
      soldOut.push(other._id)
      const { related } = await productAr(shown._id)
      if (soldOut.length >= 1 && wholeRows(related.length) !== related.length) break
    }
    const { related } = await productAr(shown._id)
    assert.ok(related.length >= 2, `${related.length} related products stay in stock`)

    const { page, context } = await shopper(browser, store.url)
    try {
      await page.goto(`/product/${shown._id}`)
      const cards = await relatedCardIds(page)
      for (const id of soldOut) assert.ok(!cards.includes(id), `the sold-out product ${id} is not suggested`)
      assert.equal(cards.length, wholeRows(related.length), `${cards.length} cards for ${related.length} related products`)
      // two cards a row on a phone: every row is full
      const tops = await page
        .getByRole('region', { name: RELATED })
        .getByRole('listitem')
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)))
      const rows = new Map<number, number>()
      for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1)
      assert.deepEqual([...rows.values()].filter((count) => count !== 2), [], `every row holds two cards: ${JSON.stringify([...rows.values()])}`)
    } finally {
      await context.close()
    }
  })

  test('the product page shows its specifications and the review policy, and no rating', async () => {
    const [product] = await productsInStock(store.url, 1)
    assert.ok(product)
    const { product: detail } = await productAr(product._id)
    const { page, context } = await shopper(browser, store.url)
    try {
      await page.goto(`/product/${detail._id}`)
      await page.getByRole('heading', { level: 1, name: detail.name }).waitFor()

      const specifications = page.locator('summary').filter({ hasText: 'المواصفات' })
      await specifications.scrollIntoViewIfNeeded()
      await specifications.click()
      const list = page.locator('dl').filter({ hasText: 'المقاسات' })
      await list.waitFor()
      assert.equal(await list.getByText('الفئة', { exact: true }).isVisible(), true, 'the category is named')
      assert.equal(await list.getByText(detail.category.name, { exact: true }).isVisible(), true, `the category is ${detail.category.name}`)

      await page.locator('summary').filter({ hasText: 'التقييمات' }).click()
      const policy = page.getByText('لا توجد تقييمات بعد. ستُفتح التقييمات لاحقًا للزبائن الذين استلموا طلباتهم فقط', { exact: false })
      await policy.waitFor()
      assert.equal(await policy.isVisible(), true, 'the review policy is said')

      const text = await page.locator('body').innerText()
      assert.doesNotMatch(text, /[★☆⭐]/u, 'no rating stars')
      assert.doesNotMatch(text, /\d([.,٫]\d)?\s*\/\s*5|من 5|من ٥/u, 'no rating score')
      assert.equal(await page.locator('[aria-label*="تقييم"], [aria-label*="نجوم"], [aria-label*="rating" i]').count(), 0, 'no rating widget')
    } finally {
      await context.close()
    }
  })
})
