import assert from 'node:assert/strict'
import { after, afterEach, before, describe, test } from 'node:test'
import { colorName, toLatinDigits } from '@shop/shared'
import type { Browser, Locator, Page } from 'playwright-core'
import { launchBrowser, takeCspViolations } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { ownerCookie, shopper, storeApi } from './shop.ts'

// The product page on a phone, in Arabic, against the real server and the demo shop: the picture follows
// the colour, the quick cash-on-delivery order is taken once however often it is tapped, the form leads
// the shopper to what is missing, and a sold-out product invites no order.

let store: RunningStore
let browser: Browser
let owner = ''

interface Variant {
  _id: string
  size: string
  color: string
  stock: number
}

interface Product {
  _id: string
  name: string
  nameAr: string
  variants: Variant[]
  images: { src: string; color?: string | null }[]
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

const EASTERN = '٠١٢٣٤٥٦٧٨٩'

/** A mobile number no other test uses: 05 and eight random digits. */
function newPhone(): string {
  return `05${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`
}

/** Page errors, leaving out the 401 the browser logs when the storefront asks whether a visitor is signed in. */
function realErrors(errors: string[]): string[] {
  return errors.filter((error) => !error.includes('status of 401'))
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  assert.fail(`timed out waiting until ${what}`)
}

async function demoProducts(): Promise<Product[]> {
  const { products } = await storeApi<{ products: { _id: string }[] }>(store.url, '/product?limit=40')
  const found: Product[] = []
  for (const summary of products) {
    found.push((await storeApi<{ product: Product }>(store.url, `/product/${summary._id}`)).product)
  }
  return found
}

/** Colours in the order the page lists them (the variants' order), as the storefront does. */
function colorsOf(product: Product): string[] {
  return [...new Set(product.variants.map((v) => v.color))]
}

function stockOf(product: Product, color: string): number {
  return product.variants.filter((v) => v.color === color).reduce((sum, v) => sum + v.stock, 0)
}

/** The orders the back office lists for a phone number. */
async function ordersFor(phone: string): Promise<{ trackingNumber: string; status: string }[]> {
  const data = await storeApi<{ orders: { trackingNumber: string; status: string }[] }>(
    store.url,
    `/admin/orders?search=${encodeURIComponent(phone)}`,
    { cookie: owner },
  )
  return data.orders
}

function quickOrder(page: Page): Locator {
  return page.locator('#quick-order')
}

function submitButton(page: Page): Locator {
  return quickOrder(page).getByRole('button', { name: /تأكيد الطلب|جارٍ إرسال الطلب/ })
}

/** Fills the quick order for home delivery in Algiers (the phone is typed as given). */
async function fillDetails(page: Page, phone: string): Promise<void> {
  const form = quickOrder(page)
  await form.getByLabel('الاسم', { exact: true }).fill('ياسين')
  await form.getByLabel('اللقب', { exact: true }).fill('بن علي')
  await form.getByLabel('رقم الهاتف').fill(phone)
  await form.getByLabel('الولاية').selectOption('16')
  const commune = form.getByLabel('البلدية')
  await eventually(async () => (await commune.locator('option').count()) > 1, 'the communes of Algiers are listed')
  const value = await commune.locator('option').nth(1).getAttribute('value')
  await commune.selectOption(value ?? '')
  await form.getByRole('radio', { name: /التوصيل إلى المنزل/ }).check()
  await form.getByLabel('العنوان').fill('12 شارع ديدوش مراد')
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement)
}

async function isOnScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox()
  const viewport = page.viewportSize()
  return Boolean(box && viewport && box.y >= 0 && box.y + box.height <= viewport.height)
}

// the store's Content-Security-Policy blocks nothing the pages load (e2e/browser.ts records Chromium's reports)
afterEach(() => {
  assert.deepEqual(takeCspViolations(), [], 'no Content Security Policy violation')
})

describe('the product page on a phone, in Arabic', { concurrency: false }, () => {
  test('the picture follows the colour; a quick cash-on-delivery order tapped twice is one order, found on the tracking page', async () => {
    // A product in several colours where another colour than the preselected one is in stock with its own photo.
    const candidates = (await demoProducts()).filter((p) => colorsOf(p).length > 1)
    let product: Product | undefined
    let first = ''
    let target = ''
    for (const candidate of candidates) {
      const colours = colorsOf(candidate)
      const preselected = colours.find((c) => stockOf(candidate, c) > 0)
      const other = colours.find((c) => c !== preselected && stockOf(candidate, c) > 0 && candidate.images.some((i) => i.color === c))
      if (preselected && other && candidate.images.some((i) => i.color === preselected)) {
        product = candidate
        first = preselected
        target = other
        break
      }
    }
    assert.ok(product, 'the demo shop has a product with a photo per colour and two colours in stock')
    const photoOf = (color: string) => product?.images.find((image) => image.color === color)?.src

    const { page, context, errors } = await shopper(browser, store.url)
    try {
      await page.goto(`/product/${product._id}`)
      const mainPicture = page.getByRole('img', { name: product.nameAr, exact: true })
      await mainPicture.waitFor()
      assert.equal(await mainPicture.getAttribute('src'), photoOf(first), `the preselected colour (${first}) is the picture shown`)

      await page.getByRole('radio', { name: colorName(target, 'ar'), exact: true }).tap()
      await eventually(async () => (await mainPicture.getAttribute('src')) === photoOf(target), `the picture shows the ${target} photo`)

      const size = product.variants.find((v) => v.color === target && v.stock > 0)?.size ?? ''
      await page.getByRole('radio', { name: size, exact: true }).tap()

      const phone = newPhone()
      await fillDetails(page, phone)

      // A slow network: the thank-you page's code arrives seconds after the order is taken.
      await page.route('**/assets/thank-you-*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 4_000))
        await route.continue()
      })
      const submit = submitButton(page)
      const [placed] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/v1/order/guest') && r.request().method() === 'POST'),
        submit.tap(),
      ])
      assert.equal(placed.status(), 201)
      const { data } = (await placed.json()) as { data: { order: { trackingNumber: string } } }
      // the shopper sees nothing happen yet and taps again, twice
      await page.waitForTimeout(500)
      await submit.tap({ force: true })
      await page.waitForTimeout(300)
      await submit.tap({ force: true })
      assert.equal(await submit.isDisabled(), true, 'the button stays busy until the next page is there')

      await page.getByRole('heading', { name: 'شكرًا! تم تسجيل طلبك' }).waitFor({ timeout: 20_000 })
      await page.waitForTimeout(1_000)
      const orders = await ordersFor(phone)
      assert.equal(orders.length, 1, `one order for ${phone}, found ${orders.length}`)
      assert.equal(orders[0]?.trackingNumber, data.order.trackingNumber)
      await page.getByText(data.order.trackingNumber).first().waitFor()

      await page.goto('/tracking')
      await page.getByLabel('رقم الهاتف').fill(phone)
      await page.getByRole('button', { name: 'تتبع', exact: true }).tap()
      const card = page.getByRole('listitem').filter({ hasText: data.order.trackingNumber })
      await card.first().waitFor()
      assert.match(await card.first().innerText(), /قيد الانتظار/, 'the order is shown with its status')
      assert.deepEqual(realErrors(errors), [])
    } finally {
      await context.close()
    }
  })

  test('an empty quick order brings the first field in error on screen with the focus; a missing size is said at the sizes', async () => {
    const product = (await demoProducts()).find((p) => new Set(p.variants.map((v) => v.size)).size > 1 && p.variants.some((v) => v.stock > 0))
    assert.ok(product, 'a product with several sizes in stock')
    const { page, context } = await shopper(browser, store.url)
    try {
      await page.goto(`/product/${product._id}`)
      const submit = submitButton(page)
      await submit.scrollIntoViewIfNeeded()

      // no size yet: the message is at the sizes, which come on screen with the focus on a size
      await submit.tap()
      const sizes = page.getByRole('radiogroup', { name: 'المقاس' })
      const message = page.getByText('اختر المقاس أولًا.')
      await message.waitFor()
      await eventually(async () => (await isOnScreen(page, sizes)) && (await isOnScreen(page, message)), 'the sizes and the message are on screen')
      // both measured in the same frame (the page may still be scrolling smoothly)
      const gap = await sizes.evaluate((group, text) => {
        const note = [...document.querySelectorAll('[role="alert"]')].find((element) => element.textContent === text)
        return note ? note.getBoundingClientRect().top - group.getBoundingClientRect().bottom : Number.POSITIVE_INFINITY
      }, 'اختر المقاس أولًا.')
      assert.ok(gap >= 0 && gap < 40, `the message is right under the sizes (${gap} px below)`)
      assert.equal(await sizes.evaluate((group) => group.contains(document.activeElement)), true, 'the focus is on a size')

      const size = product.variants.find((v) => v.stock > 0)
      assert.ok(size)
      const color = product.variants.filter((v) => v.size === size.size && v.stock > 0)[0]?.color ?? size.color
      if (new Set(product.variants.map((v) => v.color)).size > 1) {
        await page.getByRole('radio', { name: colorName(color, 'ar'), exact: true }).tap()
      }
      await page.getByRole('radio', { name: size.size, exact: true }).tap()

      // size chosen, fields empty: the first name field is on screen and focused
      await submit.scrollIntoViewIfNeeded()
      await submit.tap()
      const firstName = quickOrder(page).getByLabel('الاسم', { exact: true })
      await eventually(async () => isFocused(firstName), 'the first name field has the focus')
      await eventually(async () => isOnScreen(page, firstName), 'the first name field is on screen')
      assert.equal(await firstName.getAttribute('aria-invalid'), 'true')

      // fixed first name: next time the last name is the first error
      await firstName.fill('ياسين')
      await submit.scrollIntoViewIfNeeded()
      await submit.tap()
      const lastName = quickOrder(page).getByLabel('اللقب', { exact: true })
      await eventually(async () => isFocused(lastName), 'the last name field has the focus')
    } finally {
      await context.close()
    }
  })

  test('a phone number typed in Eastern Arabic digits is accepted, shown and stored as 0-9', async () => {
    const product = (await demoProducts()).find((p) => p.variants.some((v) => v.stock > 0))
    assert.ok(product)
    const variant = product.variants.find((v) => v.stock > 0)
    assert.ok(variant)
    const { page, context, errors } = await shopper(browser, store.url)
    try {
      await page.goto(`/product/${product._id}`)
      if (new Set(product.variants.map((v) => v.color)).size > 1) {
        await page.getByRole('radio', { name: colorName(variant.color, 'ar'), exact: true }).tap()
      }
      if (new Set(product.variants.map((v) => v.size)).size > 1) {
        await page.getByRole('radio', { name: variant.size, exact: true }).tap()
      }
      const phone = newPhone()
      const eastern = `${phone.slice(0, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 8)} ${phone.slice(8)}`.replace(/\d/g, (d) => EASTERN[Number(d)] ?? d)
      assert.equal(toLatinDigits(eastern).replace(/ /g, ''), phone)
      await fillDetails(page, eastern)
      const field = quickOrder(page).getByLabel('رقم الهاتف')
      assert.equal(await field.inputValue(), toLatinDigits(eastern), 'the digits are shown as 0-9')

      const [placed] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/v1/order/guest') && r.request().method() === 'POST'),
        submitButton(page).tap(),
      ])
      assert.equal(placed.status(), 201)
      await page.getByRole('heading', { name: 'شكرًا! تم تسجيل طلبك' }).waitFor()
      assert.equal((await ordersFor(phone)).length, 1, 'the order is stored under the number in 0-9')
      assert.deepEqual(realErrors(errors), [])
    } finally {
      await context.close()
    }
  })

  test('a sold-out product says so and shows no order form; a product without photos shows a placeholder', async () => {
    const products = (await demoProducts()).filter((p) => p.variants.some((v) => v.stock > 0))
    const soldOut = products.at(-1)
    const bare = products.at(-2)
    assert.ok(soldOut && bare)
    await storeApi(store.url, '/admin/variants/stock', {
      method: 'PATCH',
      cookie: owner,
      body: { items: soldOut.variants.map((v) => ({ variantId: v._id, stock: 0 })) },
    })
    const { product: adminBare } = await storeApi<{ product: { images: { _id: string }[] } }>(store.url, `/admin/products/${bare._id}`, { cookie: owner })
    for (const image of adminBare.images) {
      await storeApi(store.url, `/admin/products/${bare._id}/images/${image._id}`, { method: 'DELETE', cookie: owner })
    }

    const { page, context, errors } = await shopper(browser, store.url)
    try {
      await page.goto(`/product/${soldOut._id}`)
      await page.getByRole('heading', { name: soldOut.nameAr, level: 1 }).waitFor()
      await page.getByRole('heading', { name: 'نفدت الكمية' }).waitFor()
      assert.equal(await page.getByRole('heading', { name: 'اطلب الآن، الدفع عند الاستلام' }).count(), 0, 'no invitation to order')
      assert.equal(await page.getByLabel('رقم الهاتف').count(), 0, 'no details to fill in')
      assert.equal(await page.getByRole('button', { name: /تأكيد الطلب/ }).count(), 0)
      assert.equal(await page.getByRole('link', { name: 'اطلب الآن' }).count(), 0, 'no sticky order bar')

      await page.goto(`/product/${bare._id}`)
      await page.getByRole('heading', { name: bare.nameAr, level: 1 }).waitFor()
      const placeholder = page.getByRole('img', { name: 'لا توجد صورة' })
      await placeholder.waitFor()
      const box = await placeholder.boundingBox()
      assert.ok(box && box.width > 300 && box.height > 300, 'the placeholder fills the photo square')
      assert.deepEqual(realErrors(errors), [])
    } finally {
      await context.close()
    }
  })
})
