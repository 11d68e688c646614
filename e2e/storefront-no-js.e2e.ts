import assert from 'node:assert/strict'
import { randomInt } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { colorName } from '@shop/shared'
import { ownerCookie, type ProductDetail, productsInStock, shopper, storeApi } from './shop.ts'

// The product page's quick order and the checkout work before (or without) the scripts: with JavaScript turned
// off each is a plain HTML form the server places the order from, with the same rules and messages, once per order.

let store: RunningStore
let browser: Browser
let product: ProductDetail
let staff: string

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
  ;[product] = (await productsInStock(store.url, 1)) as [ProductDetail]
  staff = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

/** A shopper whose browser runs no script at all, in Arabic. */
async function withoutScripts(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: store.url, javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
  await context.addCookies([{ name: 'lang', value: 'ar', url: store.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { context, page }
}

/** A mobile number no other test uses, so the orders placed with it can be counted. */
function uniquePhone(): string {
  return `0661${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
}

async function ordersWithPhone(phone: string): Promise<number> {
  const list = await storeApi<{ orders: { phone?: string }[]; total: number }>(store.url, `/admin/orders?search=${phone}`, { cookie: staff })
  return list.total
}

const form = (page: Page) => page.locator('form#quick-order-form')

/** Fills the quick order as a shopper would, without scripts: the variant and quantity are a select and a number. */
async function fillQuickOrder(page: Page, { phone, firstName = 'Amine', commune = true }: { phone: string; firstName?: string; commune?: boolean }) {
  const variant = product.variants?.find((v) => v.stock > 0)
  assert.ok(variant, 'a variant in stock')
  await page.locator('select[name="variant"]').selectOption(variant._id)
  await page.locator('input[name="quantity"]').fill('1')
  await form(page).locator('input[name="firstName"]').fill(firstName)
  await form(page).locator('input[name="lastName"]').fill('Benali')
  await form(page).locator('input[name="phone"]').fill(phone)
  await form(page).locator('select[name="wilaya"]').selectOption('16')
  await form(page).locator('input[name="address"]').fill('12 rue Didouche Mourad')
  if (commune) {
    const first = await form(page).locator('select[name="commune"] option:not([value=""])').first().getAttribute('value')
    assert.ok(first, 'the communes of the chosen wilaya are listed')
    await form(page).locator('select[name="commune"]').selectOption(first)
  }
}

async function submit(page: Page): Promise<number> {
  const [reply] = await Promise.all([
    page.waitForResponse((response) => response.url().includes(`/product/${product._id}`) && response.request().method() === 'POST'),
    form(page).locator('button[type="submit"]').click(),
  ])
  await page.waitForLoadState('load')
  return reply.status()
}

describe('orderable without JavaScript', { concurrency: false }, () => {
  test('a quick order with JavaScript off: the commune list follows the wilaya after a first submit, then the thank-you page shows the order, once', async () => {
    const { context, page } = await withoutScripts()
    try {
      const phone = uniquePhone()
      await page.goto(`/product/${product._id}`, { waitUntil: 'load' })
      // without scripts the commune cannot follow the wilaya: the page comes back with its list and a message
      await fillQuickOrder(page, { phone, commune: false })
      assert.equal(await submit(page), 422)
      assert.equal(new URL(page.url()).pathname, `/product/${product._id}`, 'the page sent back is the product page')
      const communeError = form(page).locator('select[name="commune"][aria-invalid="true"]')
      await communeError.waitFor()
      assert.equal(await form(page).locator('input[name="firstName"]').inputValue(), 'Amine', 'the typed name is kept')
      assert.equal(await form(page).locator('select[name="wilaya"]').inputValue(), '16', 'the chosen wilaya is kept')
      const describedBy = (await communeError.getAttribute('aria-describedby')) ?? ''
      assert.equal(((await page.locator(`[id="${describedBy}"]`).textContent()) ?? '').trim(), 'اختر البلدية')
      const first = await form(page).locator('select[name="commune"] option:not([value=""])').first().getAttribute('value')
      assert.ok(first, 'the communes of wilaya 16 are listed')
      await form(page).locator('select[name="commune"]').selectOption(first)
      assert.equal(await submit(page), 303)
      assert.equal(new URL(page.url()).pathname, '/thank-you')
      const main = (await page.locator('main').textContent()) ?? ''
      assert.match(main, /\d{6,}|[A-Z]{2,}-?\d+/, 'the order number is shown')
      assert.ok(main.includes(phone), 'the order shown is this shopper’s')
      assert.equal(await ordersWithPhone(phone), 1)

      // the same order sent again (the page opened again, filled the same way): the first one is replayed
      await page.goto(`/product/${product._id}`, { waitUntil: 'load' })
      await fillQuickOrder(page, { phone, commune: false })
      assert.equal(await submit(page), 422)
      await form(page).locator('select[name="commune"]').selectOption(first)
      assert.equal(await submit(page), 303)
      assert.equal(new URL(page.url()).pathname, '/thank-you')
      assert.equal(await ordersWithPhone(phone), 1, 'a resubmit of the same order does not make a second one')
    } finally {
      await context.close()
    }
  })

  test('the same form posted twice (a double submit) makes one order; the thank-you page is never kept by a cache', async () => {
    const phone = uniquePhone()
    const variant = product.variants?.find((v) => v.stock > 0)
    assert.ok(variant)
    const { cities } = await storeApi<{ cities: { _id: number }[] }>(store.url, '/location/states/16/cities')
    const fields = new URLSearchParams({
      variant: variant._id,
      quantity: '1',
      firstName: 'Yacine',
      lastName: 'Haddad',
      phone,
      email: '',
      wilaya: '16',
      commune: String(cities[0]?._id),
      type: 'domicil',
      address: '3 rue Larbi Ben Mhidi',
      notes: '',
    })
    const post = () =>
      fetch(`${store.url}/product/${product._id}?lang=fr`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: fields,
      })
    const [one, two] = await Promise.all([post(), post()])
    for (const reply of [one, two]) {
      assert.equal(reply.status, 303)
      assert.equal(reply.headers.get('location'), '/thank-you?lang=fr')
      assert.match(reply.headers.get('cache-control') ?? '', /no-store/)
    }
    assert.equal(await ordersWithPhone(phone), 1)
    const cookie = (one.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    assert.match(cookie, /^placed_order=/)
    const thanks = await fetch(`${store.url}/thank-you?lang=fr`, { headers: { cookie } })
    assert.equal(thanks.status, 200)
    assert.equal(thanks.headers.get('cache-control'), 'private, no-store')
    const html = await thanks.text()
    assert.ok(html.includes(phone), 'the order is in the thank-you HTML')
    assert.ok(html.includes('Yacine'), 'the shopper’s name is in the thank-you HTML')
    // without the cookie the same address shows no order
    const anonymous = await (await fetch(`${store.url}/thank-you?lang=fr`)).text()
    assert.ok(!anonymous.includes(phone), 'another visitor does not see the order')
  })

  test('a bad phone with JavaScript off comes back with the Arabic message next to the phone and the typed name kept', async () => {
    const { context, page } = await withoutScripts()
    try {
      await page.goto(`/product/${product._id}`, { waitUntil: 'load' })
      await fillQuickOrder(page, { phone: '12345', firstName: 'سمير', commune: false })
      assert.equal(await submit(page), 422)
      const phone = form(page).locator('input[name="phone"]')
      assert.equal(await phone.getAttribute('aria-invalid'), 'true')
      // the phone is described by its hint (the shop may call back) and its error: the error is one of them
      const describedBy = ((await phone.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean)
      const descriptions = await Promise.all(describedBy.map(async (id) => ((await page.locator(`[id="${id}"]`).textContent()) ?? '').trim()))
      assert.ok(descriptions.includes('يرجى إدخال رقم هاتف جزائري صالح (05/06/07XXXXXXXX).'), `the phone's message: ${descriptions.join(' | ')}`)
      assert.equal(await form(page).locator('input[name="firstName"]').inputValue(), 'سمير')
      assert.equal(await phone.inputValue(), '12345')
    } finally {
      await context.close()
    }
  })

  test('a checkout with JavaScript off: the cart put together while the scripts ran is drawn by the server, the order is placed once and the cart emptied', async () => {
    // the cart is made with the scripts (as on the product page), then the checkout loads without them
    const withJs = await shopper(browser, store.url)
    const variant = product.variants?.find((v) => v.stock > 0)
    assert.ok(variant, 'a variant in stock')
    let state: Awaited<ReturnType<BrowserContext['storageState']>>
    try {
      const { page } = withJs
      await page.goto(`/product/${product._id}`)
      const colour = page.getByRole('radio', { name: colorName(variant.color, 'ar'), exact: true })
      if ((await colour.count()) > 0 && (await colour.getAttribute('aria-checked')) !== 'true') await colour.click()
      await page.getByRole('radio', { name: variant.size, exact: true }).click()
      await page.getByRole('button', { name: 'أضف إلى السلة' }).click()
      await page.getByText('أضيف المنتج إلى السلة!').first().waitFor()
      const stored = await page.evaluate(() => window.localStorage.getItem('cart-session'))
      const cookie = (await withJs.context.cookies()).find((c) => c.name === 'cart_session')
      assert.ok(stored, 'the guest cart has a session')
      assert.equal(cookie?.value, stored, 'the cart session is kept in a cookie too, for the server')
      state = await withJs.context.storageState()
    } finally {
      await withJs.context.close()
    }

    const context = await browser.newContext({ baseURL: store.url, javaScriptEnabled: false, viewport: { width: 390, height: 844 }, storageState: state })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const checkout = page.locator('form[action^="/place-order"]')
    const send = async (): Promise<number> => {
      const [reply] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === '/place-order' && response.request().method() === 'POST'),
        checkout.locator('button[type="submit"]').click(),
      ])
      await page.waitForLoadState('load')
      return reply.status()
    }
    try {
      const phone = uniquePhone()
      const first = await page.goto('/place-order', { waitUntil: 'load' })
      assert.equal(first?.status(), 200)
      assert.match(first?.headers()['cache-control'] ?? '', /no-store/, 'a page with one shopper’s cart is never kept')
      const arabic = await storeApi<{ product: ProductDetail }>(store.url, `/product/${product._id}`, { headers: { 'Accept-Language': 'ar' } })
      assert.ok(((await checkout.textContent()) ?? '').includes(arabic.product.name), 'the cart’s line is in the server’s HTML')
      await checkout.locator('input[name="firstName"]').fill('Karim')
      await checkout.locator('input[name="lastName"]').fill('Mansouri')
      await checkout.locator('input[name="phone"]').fill(phone)
      await checkout.locator('select[name="wilaya"]').selectOption('16')
      await checkout.locator('input[name="address"]').fill('8 rue Hassiba Ben Bouali')
      // the commune list follows the wilaya once the server has the wilaya
      assert.equal(await send(), 422)
      assert.equal(new URL(page.url()).pathname, '/place-order')
      assert.equal(await checkout.locator('select[name="commune"]').getAttribute('aria-invalid'), 'true')
      assert.equal(await checkout.locator('input[name="firstName"]').inputValue(), 'Karim', 'the typed name is kept')
      const commune = await checkout.locator('select[name="commune"] option:not([value=""])').first().getAttribute('value')
      assert.ok(commune, 'the communes of wilaya 16 are listed')
      await checkout.locator('select[name="commune"]').selectOption(commune)
      assert.equal(await send(), 303)
      assert.equal(new URL(page.url()).pathname, '/thank-you')
      const main = (await page.locator('main').textContent()) ?? ''
      assert.ok(main.includes(phone), 'the thank-you page shows this shopper’s order')
      assert.equal(await ordersWithPhone(phone), 1)

      // the order emptied the cart, in its transaction: the checkout now says so
      await page.goto('/place-order', { waitUntil: 'load' })
      assert.equal(await checkout.count(), 0, 'no checkout form for an empty cart')
    } finally {
      await context.close()
    }
  })
})
