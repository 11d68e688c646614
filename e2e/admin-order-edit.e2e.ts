import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import { after, afterEach, before, test } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser, takeCspViolations, watchCsp } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { ownerCookie, PHONE, type ProductDetail, storeApi } from './shop.ts'

// Editing an order during the confirmation call, as an agent does it on a 390 px phone in Arabic: another
// size and one more pair; the server prices the change before it is saved, and the page shows the new size
// and total after it.

let store: RunningStore
let browser: Browser
let cookie: string
let orderId: string
let product: ProductDetail
let fromSize: string
let toSize: string

interface AdminOrderPage {
  order: { totalAmount: number; deliveryFee: number; items: { size: string; color: string; quantity: number; unitPrice: number }[] }
  history: { kind: string }[]
}

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
  cookie = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
  // a product with two sizes of one colour in stock
  const { products } = await storeApi<{ products: { _id: string }[] }>(store.url, '/product?limit=40')
  for (const summary of products) {
    const { product: detail } = await storeApi<{ product: ProductDetail }>(store.url, `/product/${summary._id}`)
    const inStock = (detail.variants ?? []).filter((v) => v.stock >= 3)
    const colour = inStock.find((v) => inStock.some((w) => w.color === v.color && w.size !== v.size))?.color
    if (!colour) continue
    const sizes = inStock.filter((v) => v.color === colour).map((v) => v.size)
    product = detail
    fromSize = sizes[0]!
    toSize = sizes[1]!
    break
  }
  assert.ok(product, 'the demo shop has a product with two sizes in stock')
  const colour = product.variants!.find((v) => v.size === fromSize && v.stock >= 3)!.color
  const { cities } = await storeApi<{ cities: { _id: number }[] }>(store.url, '/location/states/16/cities')
  const { order } = await storeApi<{ order: { _id: string } }>(store.url, '/order/guest', {
    method: 'POST',
    body: {
      orderItems: [{ productId: product._id, size: fromSize, color: colour, quantity: 1 }],
      customerInfo: { firstName: 'Samir', lastName: 'Bouzid', phone: '0661234567', email: null },
      shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'domicil', address: '5 rue Larbi Ben Mhidi, Bab El Oued' },
      paymentMethod: 'cash_on_delivery',
    },
  })
  orderId = order._id
})

afterEach(() => {
  assert.deepEqual(takeCspViolations(), [], 'no Content Security Policy violation')
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

test('on a 390 px phone in Arabic, staff change the size and the quantity during the call: previewed, saved, shown', async () => {
  const context = await browser.newContext({ baseURL: store.url, viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true })
  watchCsp(context)
  await context.addInitScript(() => window.localStorage.setItem('admin-lang', 'ar'))
  const [name, value] = cookie.split(';')[0]!.split('=') as [string, string]
  await context.addCookies([{ name, value, url: store.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  try {
    await page.goto(`/admin/orders/${orderId}`)
    assert.equal(await page.locator('html').getAttribute('dir'), 'rtl')
    await page.getByRole('button', { name: 'تعديل الطلبية' }).click()
    const size = page.getByRole('combobox', { name: 'المقاس' })
    await size.locator('option', { hasText: toSize }).first().waitFor({ state: 'attached' })
    await size.selectOption(toSize)
    await page.getByRole('button', { name: 'واحدة أكثر' }).click()

    // the server's price of the change, before saving: two pairs at the product's price, plus the fee
    const before = await storeApi<AdminOrderPage>(store.url, `/admin/orders/${orderId}`, { cookie })
    const expected = product.price * 2 + before.order.deliveryFee
    const total = page.getByTestId('edit-new-total')
    await page.waitForFunction(
      ([el, digits]) => (el?.textContent ?? '').replace(/\D/g, '').includes(digits as string),
      [await total.elementHandle(), String(expected)] as const,
    )
    // nothing sticks out of the phone's width while editing
    const sideways = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)
    assert.ok(sideways <= 0, `the page scrolls ${sideways}px sideways`)
    // the edit as the agent sees it: the new size, the quantity and the new total before saving
    await mkdir('docs/screenshots', { recursive: true })
    await page.getByRole('region', { name: 'تعديل الطلبية' }).screenshot({ path: 'docs/screenshots/order-edit-ar.png' })

    await page.getByRole('button', { name: 'حفظ التعديلات' }).click()
    // saved: the form closes and the order's lines show the new size, its total the new amount
    await page.getByRole('button', { name: 'تعديل الطلبية' }).waitFor()
    const items = page.getByRole('table', { name: 'المنتجات' })
    await items.getByText(new RegExp(`\\u2068${toSize}\\u2069`)).first().waitFor()
    const after = await storeApi<AdminOrderPage>(store.url, `/admin/orders/${orderId}`, { cookie })
    assert.deepEqual(after.order.items.map((i) => [i.size, i.quantity]), [[toSize, 2]])
    assert.equal(after.order.totalAmount, expected)
    assert.ok(after.history.some((h) => h.kind === 'edit'))
    const shownTotal = await page.locator('section').filter({ has: items }).first().innerText()
    assert.ok(shownTotal.replace(/\D/g, '').includes(String(expected)), `the page shows the new total ${expected}: ${shownTotal}`)
  } finally {
    await context.close()
  }
})
