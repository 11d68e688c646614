import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser, takeCspViolations } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { ownerCookie, PHONE, productsInStock, staffPage, storeApi } from './shop.ts'

// The call centre's figures on the dashboard, on a 390 px phone in Arabic: an order placed and confirmed by a
// call today shows in the owner's row of calls and in its wilaya, source and product; a table exported as CSV.
// Saves docs/screenshots/call-figures-ar.png.

let store: RunningStore
let browser: Browser
let cookie: string

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
  cookie = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
  const [product] = await productsInStock(store.url, 1)
  const variant = product!.variants!.find((v) => v.stock > 0)!
  const { cities } = await storeApi<{ cities: { _id: number }[] }>(store.url, '/location/states/16/cities')
  const { order } = await storeApi<{ order: { _id: string } }>(store.url, '/order/guest', {
    method: 'POST',
    body: {
      orderItems: [{ productId: product!._id, size: variant.size, color: variant.color, quantity: 1 }],
      customerInfo: { firstName: 'Lyes', lastName: 'Haddad', phone: '0779876543', email: null },
      shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'domicil', address: '3 rue Ben Mhidi' },
      paymentMethod: 'cash_on_delivery',
    },
  })
  const page = await storeApi<{ order: { version: number } }>(store.url, `/admin/orders/${order._id}`, { cookie })
  await storeApi(store.url, `/admin/orders/${order._id}/call`, { method: 'POST', cookie, body: { outcome: 'confirmed', version: page.order.version } })
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

test('the owner reads the call and delivery figures on a phone in Arabic and exports a table as CSV (screenshot)', async () => {
  const { context, page } = await staffPage(browser, store.url, cookie, { viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, acceptDownloads: true, csp: true })
  await page.goto('/admin')
  const section = page.getByRole('region', { name: 'أرقام مركز الاتصال والتوصيل' })
  const agents = section.getByRole('table', { name: 'المكالمات حسب الموظف واليوم' })
  await agents.waitFor()
  // today's row of the owner, who made the call: 1 call, 1 order, 1 confirmed, 100 %
  const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10)
  const latin = (text: string) => text.replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d)))
  const rows = (await agents.getByRole('row').allTextContents()).map(latin)
  assert.ok(rows.some((row) => row.includes('100')), rows.join(' | '))
  const sources = section.getByRole('table', { name: 'حسب المصدر' })
  assert.ok((await sources.getByRole('row').count()) > 1, 'the orders by source are listed')
  assert.ok((await section.getByRole('table', { name: 'حسب الولاية' }).getByText('الجزائر').count()) > 0, 'Algiers among the wilayas, in Arabic')
  // nothing sticks out sideways at 390 px
  const scroll = await page.evaluate(() => (document.scrollingElement as HTMLElement).scrollWidth)
  assert.ok(scroll <= PHONE.width, `page scrolls sideways: ${scroll}`)

  // the agents' table as CSV, with the period shown
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'تصدير CSV: المكالمات حسب الموظف واليوم' }).click()])
  const csv = (await readFile((await download.path()) as string, 'utf8')).replace(/^\uFEFF/, '')
  const [header, ...lines] = csv.trim().split('\r\n')
  assert.match(header!, /"اليوم","الموظف","المكالمات"/)
  assert.ok(lines.some((line) => line.startsWith(`"${today}",`) && line.includes('"1","1","1","100"')), csv)

  const box = await section.boundingBox()
  await page.setViewportSize({ width: PHONE.width, height: Math.ceil((box?.y ?? 0) + (box?.height ?? 0)) + 40 })
  await section.screenshot({ path: 'docs/screenshots/call-figures-ar.png', animations: 'disabled' })
  assert.deepEqual(takeCspViolations(), [])
  await context.close()
})
