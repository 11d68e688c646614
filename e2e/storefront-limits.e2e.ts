import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { colorName, translate } from '@shop/shared'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { fillArabicDelivery, ownerCookie, type ProductDetail, shopper, storeApi } from './shop.ts'

// The shop's order limits as a shopper meets them, in Arabic on a phone, against the real server and the
// demo shop: the quantity steppers stop at the owner's units per item, and a phone with as many
// unconfirmed orders as the shop allows is told so in Arabic, with the limit.

const LINE_LIMIT = 3
const OPEN_ORDERS = 1

let store: RunningStore
let browser: Browser
let owner = ''

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
  owner = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
  await storeApi(store.url, '/admin/settings', { method: 'PATCH', cookie: owner, body: { maxLineQuantity: LINE_LIMIT, maxOpenOrdersPerPhone: OPEN_ORDERS } })
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

function newPhone(): string {
  return `05${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`
}

/** A demo product with a variant well above the per-item limit in stock, and that variant. */
async function plentiful(): Promise<{ product: ProductDetail & { nameAr: string }; size: string; color: string }> {
  const { products } = await storeApi<{ products: { _id: string }[] }>(store.url, '/product?limit=40')
  for (const summary of products) {
    const { product } = await storeApi<{ product: ProductDetail & { nameAr: string } }>(store.url, `/product/${summary._id}`)
    const variant = product.variants?.find((v) => v.stock > LINE_LIMIT + 2)
    if (variant) return { product, size: variant.size, color: variant.color }
  }
  throw new Error(`the demo shop has a variant with more than ${LINE_LIMIT + 2} in stock`)
}

/** Picks the colour (when offered) and the size of the variant on the product page. */
async function pick(page: Page, size: string, color: string): Promise<void> {
  const colour = page.getByRole('radio', { name: colorName(color, 'ar'), exact: true })
  if ((await colour.count()) > 0 && (await colour.getAttribute('aria-checked')) !== 'true') await colour.click()
  await page.getByRole('radio', { name: size, exact: true }).click()
}

describe('order limits on the storefront (Arabic, phone)', { concurrency: false }, () => {
  test('the owner sets the limits in the back-office settings, in Arabic at 390 px', async () => {
    const context = await browser.newContext({ baseURL: store.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    await context.addInitScript(() => window.localStorage.setItem('admin-lang', 'ar'))
    await context.addCookies(
      owner.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=')
        return { name, value: value.join('='), url: store.url }
      }),
    )
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      await page.goto('/admin/settings')
      await page.getByRole('heading', { name: 'حدود الطلب' }).waitFor()
      const field = page.getByLabel('أقصى عدد من القطع للمنتج الواحد في الطلب')
      assert.equal(await field.inputValue(), String(LINE_LIMIT))
      // an order limit below the per-item limit is refused under its field, in Arabic
      await page.getByLabel('أقصى عدد من القطع في الطلب', { exact: true }).fill('2')
      await page.getByRole('button', { name: 'حفظ الإعدادات' }).click()
      await page.getByText(translate('ar', 'validation:orderLimits.orderBelowLine', { min: LINE_LIMIT })).waitFor()
      await page.getByLabel('أقصى عدد من القطع في الطلب', { exact: true }).fill('20')
      await page.getByRole('button', { name: 'حفظ الإعدادات' }).click()
      await page.getByText('تم حفظ الإعدادات.').waitFor()
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl')
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'nothing wider than the phone')
      const { settings } = await storeApi<{ settings: { orderLimits: { maxLineQuantity: number; maxOrderQuantity: number } } }>(store.url, '/settings')
      assert.deepEqual([settings.orderLimits.maxLineQuantity, settings.orderLimits.maxOrderQuantity], [LINE_LIMIT, 20])
    } finally {
      await context.close()
    }
  })

  test(`the product page and cart quantity steppers stop at the shop's ${LINE_LIMIT} units per item`, async () => {
    const { product, size, color } = await plentiful()
    const { page, context } = await shopper(browser, store.url)
    try {
      await page.goto(`/product/${product._id}`)
      await pick(page, size, color)
      const more = page.getByRole('button', { name: 'زيادة الكمية' })
      const quantity = page.getByLabel('الكمية', { exact: true })
      for (let n = 1; n < LINE_LIMIT; n++) await more.click()
      assert.equal(await quantity.inputValue(), String(LINE_LIMIT))
      assert.equal(await more.isDisabled(), true, 'no more than the limit can be picked')
      // typing a larger number is brought back to the limit
      await quantity.fill('9')
      assert.equal(await quantity.inputValue(), String(LINE_LIMIT))

      const [added] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/cart/') && r.url().includes('/add') && r.request().method() === 'POST'),
        page.getByRole('button', { name: 'أضف إلى السلة' }).first().click(),
      ])
      assert.equal(added.status(), 200)
      await page.goto('/cart')
      const line = page.getByRole('group', { name: 'الكمية' }).first()
      await line.waitFor()
      assert.equal(await line.locator('output').innerText(), String(LINE_LIMIT))
      assert.equal(await line.getByRole('button').last().isDisabled(), true, 'the cart stepper stops at the limit too')
    } finally {
      await context.close()
    }
  })

  test('a phone that already has an unconfirmed order is told in Arabic, with the limit, and no order is taken', async () => {
    const { product, size, color } = await plentiful()
    const phone = newPhone()
    const { cities } = await storeApi<{ cities: { _id: number }[] }>(store.url, '/location/states/16/cities')
    await storeApi(store.url, '/order/guest', {
      method: 'POST',
      body: {
        orderItems: [{ productId: product._id, size, color, quantity: 1 }],
        customerInfo: { firstName: 'Yacine', lastName: 'Mansouri', phone },
        shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'domicil', address: '5 rue Larbi Ben Mhidi' },
      },
    })

    const { page, context } = await shopper(browser, store.url)
    try {
      await page.goto(`/product/${product._id}`)
      await pick(page, size, color)
      const form = page.locator('#quick-order')
      await fillArabicDelivery(form, { firstName: 'ياسين', lastName: 'منصوري', phone, address: '12 شارع ديدوش مراد' })
      const [reply] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/v1/order/guest') && r.request().method() === 'POST'),
        form.getByRole('button', { name: /تأكيد الطلب/ }).click(),
      ])
      assert.equal(reply.status(), 422)
      const message = translate('ar', 'errors:OPEN_ORDERS_LIMIT', { limit: OPEN_ORDERS })
      assert.ok(message.includes(`(${OPEN_ORDERS})`) && !message.includes('{{'), 'the message gives the limit')
      await page.getByText(message).first().waitFor()
      const { orders } = await storeApi<{ orders: unknown[] }>(store.url, `/admin/orders?search=${phone}`, { cookie: owner })
      assert.equal(orders.length, 1, 'only the first order exists')
    } finally {
      await context.close()
    }
  })
})
