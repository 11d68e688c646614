import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser, takeCspViolations } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { ownerCookie, PHONE, productsInStock, staffPage, storeApi } from './shop.ts'

// The customer card on an order page, on a 390 px phone in Arabic: the phone's risk level with its reasons,
// its counts, its other orders and the possible duplicate. Saves docs/screenshots/customer-card-ar.png.

const CUSTOMER = '0771234567'
let store: RunningStore
let browser: Browser
let cookie: string
let lastOrder: string

type Placed = { order: { _id: string; trackingNumber: string } }

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
  cookie = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
  const [product] = await productsInStock(store.url, 1)
  const variant = product!.variants!.find((v) => v.stock > 5)!
  const { cities } = await storeApi<{ cities: { _id: number }[] }>(store.url, '/location/states/16/cities')
  const place = () =>
    storeApi<Placed>(store.url, '/order/guest', {
      method: 'POST',
      body: {
        orderItems: [{ productId: product!._id, size: variant.size, color: variant.color, quantity: 1 }],
        customerInfo: { firstName: 'Walid', lastName: 'Mansouri', phone: CUSTOMER, email: null },
        shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'domicil', address: '8 rue Hassiba Ben Bouali' },
        paymentMethod: 'cash_on_delivery',
      },
    })
  const move = async (id: string, status: string) => {
    const page = await storeApi<{ order: { version: number } }>(store.url, `/admin/orders/${id}`, { cookie })
    // confirmed on the phone: after a first refused parcel the phone is a high risk, which must be called
    if (status === 'confirmed') {
      await storeApi(store.url, `/admin/orders/${id}/call`, { method: 'POST', cookie, body: { outcome: 'confirmed', version: page.order.version } })
    } else {
      await storeApi(store.url, `/admin/orders/${id}/status`, { method: 'POST', cookie, body: { status, version: page.order.version } })
    }
  }
  // two parcels refused at the door, then two new orders the same day
  for (let i = 0; i < 2; i++) {
    const { order } = await place()
    for (const status of ['confirmed', 'processing', 'shipped', 'returned']) await move(order._id, status)
    if (i === 0) await storeApi(store.url, `/admin/orders/${order._id}/notes`, { method: 'POST', cookie, body: { text: 'رفض استلام الطرد عند الباب' } })
  }
  await place()
  lastOrder = (await place()).order._id
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

test('an agent’s phone in Arabic shows the customer card with its risk reasons and the duplicate (screenshot)', async () => {
  const { context, page } = await staffPage(browser, store.url, cookie, { viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, csp: true })
  await page.goto(`/admin/orders/${lastOrder}`)
  const card = page.getByRole('region', { name: 'الزبون', exact: true })
  const reasons = card.getByRole('list', { name: 'الأسباب' })
  await reasons.waitFor()
  assert.equal(await card.getByText('خطر مرتفع جدًا').count(), 1)
  const items = await reasons.getByRole('listitem').allTextContents()
  const texts = items.map((s) => s.replace(/[▲▼]/g, '').trim())
  assert.ok(texts.includes('طرود مرتجعة أو مرفوضة: 2'), texts.join(' | '))
  assert.ok(texts.includes('طلبات في آخر 24 ساعة: 4'), texts.join(' | '))
  assert.equal(await card.getByRole('region', { name: 'طلبات مكررة محتملة' }).count(), 1)
  assert.equal(await page.getByText('معلّق للتحقق').count() > 0, true, 'the very high risk order is kept on hold')
  // nothing sticks out sideways at 390 px
  const scroll = await page.evaluate(() => (document.scrollingElement as HTMLElement).scrollWidth)
  assert.ok(scroll <= PHONE.width, `page scrolls sideways: ${scroll}`)
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl')
  // a window as tall as the card, so that the sticky bar never covers part of it in the picture
  const box = await card.boundingBox()
  await page.setViewportSize({ width: PHONE.width, height: Math.ceil((box?.y ?? 0) + (box?.height ?? 0)) + 40 })
  await card.screenshot({ path: 'docs/screenshots/customer-card-ar.png', animations: 'disabled' })
  assert.deepEqual(takeCspViolations(), [])
  await context.close()
})

test('the order list says, before the download, that the courier CSV leaves out the ticked order kept on hold', async () => {
  // ticking orders is a desk's work: the list has its checkboxes on a wide screen
  const { context, page } = await staffPage(browser, store.url, cookie, { viewport: { width: 1280, height: 900 }, csp: true })
  const held = await storeApi<{ order: { trackingNumber: string; onHold: boolean } }>(store.url, `/admin/orders/${lastOrder}`, { cookie })
  assert.equal(held.order.onHold, true)
  await page.goto(`/admin/orders?search=${CUSTOMER}`)
  await page.getByRole('checkbox', { name: new RegExp(held.order.trackingNumber) }).check()
  const note = page.locator('#bulk-export-left-out')
  await note.waitFor()
  const text = (await note.textContent()) ?? ''
  assert.ok(text.includes(held.order.trackingNumber) && text.includes('معلّقة للتحقق'), text)
  assert.deepEqual(takeCspViolations(), [])
  await context.close()
})
