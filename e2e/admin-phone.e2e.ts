import assert from 'node:assert/strict'
import { after, afterEach, before, describe, test } from 'node:test'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { launchBrowser, takeCspViolations, watchCsp } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { type Locale, ownerCookie, PHONE, productsInStock, storeApi } from './shop.ts'

// Every back-office screen on a 390 px phone, in Arabic (right to left) and in French: nothing makes the page
// scroll sideways, and every control is inside the screen's width (no table to drag to reach a button).

let store: RunningStore
let browser: Browser
let cookie: string
let orderId: string
let productId: string

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
  cookie = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
  // Something on every list: a message waiting for an answer, an order, a coupon, a pixel.
  await storeApi(store.url, '/contact', {
    method: 'POST',
    body: { name: 'Nadia Cherif', email: 'nadia@example.dz', subject: 'Pointure du mocassin', message: 'Bonjour, le 39 taille-t-il grand ? Merci beaucoup pour votre réponse.' },
  })
  const [product] = await productsInStock(store.url, 1)
  const variant = product!.variants!.find((v) => v.stock > 0)!
  productId = product!._id
  const { cities } = await storeApi<{ cities: { _id: number }[] }>(store.url, '/location/states/16/cities')
  const { order } = await storeApi<{ order: { _id: string } }>(store.url, '/order/guest', {
    method: 'POST',
    body: {
      orderItems: [{ productId, size: variant.size, color: variant.color, quantity: 1 }],
      customerInfo: { firstName: 'Samir', lastName: 'Bouzid', phone: '0661234567', email: null },
      shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'domicil', address: '5 rue Larbi Ben Mhidi, Bab El Oued' },
      paymentMethod: 'cash_on_delivery',
    },
  })
  orderId = order._id
  await storeApi(store.url, '/admin/coupons', { method: 'POST', cookie, body: { code: 'PHONE390', type: 'percentage', value: 10, maxUses: 100 } })
  await storeApi(store.url, '/admin/pixels', { method: 'POST', cookie, body: { platform: 'facebook', pixelId: '123456789012345' } })
})

afterEach(() => {
  assert.deepEqual(takeCspViolations(), [], 'no Content Security Policy violation')
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

async function phonePage(locale: Locale): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: store.url, viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true })
  watchCsp(context)
  await context.addInitScript((lang) => window.localStorage.setItem('admin-lang', lang), locale)
  const [name, value] = cookie.split(';')[0]!.split('=') as [string, string]
  await context.addCookies([{ name, value, url: store.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { context, page }
}

/** Opens a screen and waits until it has drawn its data (no loading placeholder left). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(() => !document.querySelector('[role="status"] .animate-pulse, [aria-busy="true"]'))
}

/** What sticks out sideways: the page's own scroll width, and visible controls not fully inside the window. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth
    const scroller = document.scrollingElement as HTMLElement
    const outside: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], table')) {
      const box = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden' || element.closest('[inert], [aria-hidden="true"]')) continue
      if (box.left < -1 || box.right > width + 1) {
        const label = element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 30) || element.getAttribute('name') || ''
        outside.push(`${element.tagName.toLowerCase()} "${label}" ${Math.round(box.left)}..${Math.round(box.right)}`)
      }
    }
    return { scrollWidth: scroller.scrollWidth, width, outside }
  })
}

/** The control is inside the window's width and receives a click where it is drawn (nothing covers it). */
async function assertReachable(locator: Locator, what: string) {
  // Scrolled to vertically only, as a thumb would: no box is dragged sideways to bring it in.
  await locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    window.scrollTo(0, window.scrollY + box.top - window.innerHeight / 2)
  })
  const inside = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return { left: box.left, right: box.right, width: window.innerWidth, scrollX: window.scrollX, isHit: !!hit && (hit === element || element.contains(hit)) }
  })
  assert.ok(inside.left >= 0 && inside.right <= inside.width, `${what} is within the 390 px window (${inside.left}..${inside.right})`)
  assert.equal(inside.scrollX, 0, `${what}: the page did not scroll sideways to reach it`)
  assert.ok(inside.isHit, `${what} is not covered by anything`)
}

const SCREENS = () => [
  '/admin',
  '/admin/orders',
  `/admin/orders/${orderId}`,
  '/admin/orders/new',
  '/admin/call-queue',
  '/admin/callbacks',
  '/admin/blacklist',
  '/admin/products',
  `/admin/products/${productId}`,
  '/admin/products/new',
  '/admin/categories',
  '/admin/coupons',
  '/admin/delivery-prices',
  '/admin/banners',
  '/admin/messages',
  '/admin/newsletter',
  '/admin/pixels',
  '/admin/settings',
  '/admin/staff',
  '/admin/audit-log',
  '/admin/account',
]

describe('back office on a 390 px phone', { concurrency: false }, () => {
  for (const locale of ['ar', 'fr'] as const) {
    test(`no screen scrolls sideways and every control is within the width (${locale})`, async () => {
      const { context, page } = await phonePage(locale)
      try {
        const problems: string[] = []
        for (const path of SCREENS()) {
          await open(page, path)
          assert.equal(await page.evaluate(() => document.documentElement.dir), locale === 'ar' ? 'rtl' : 'ltr')
          const found = await overflow(page)
          if (found.scrollWidth > found.width) problems.push(`${path}: page ${found.scrollWidth} px wide`)
          // the first few controls of each screen are enough to see what is wrong
          for (const item of found.outside.slice(0, 4)) problems.push(`${path}: ${item}`)
          if (found.outside.length > 4) problems.push(`${path}: and ${found.outside.length - 4} more`)
        }
        assert.deepEqual(problems, [])
      } finally {
        await context.close()
      }
    })
  }

  test('delivery prices: a wilaya fee is typed, read in full and saved without sideways scrolling (Arabic)', async () => {
    const { context, page } = await phonePage('ar')
    try {
      await open(page, '/admin/delivery-prices')
      const home = page.getByRole('textbox', { name: 'للمنزل · الجزائر', exact: true })
      await assertReachable(home, 'the home fee of Algiers')
      await home.fill('1200')
      // the whole amount is visible: the field is wide enough for four digits and more
      const fits = await home.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth && input.clientWidth >= 64)
      assert.ok(fits, '"1200" is shown in full')
      const save = page.getByRole('button', { name: 'حفظ · الجزائر', exact: true })
      await assertReachable(save, 'Save of Algiers')
      await save.click()
      await page.waitForLoadState('networkidle')
      const prices = await storeApi<{ wilayas: { code: number; domicil: number | null }[] }>(store.url, '/admin/delivery-prices', { cookie })
      assert.equal(prices.wilayas.find((w) => w.code === 16)?.domicil, 1200)
    } finally {
      await context.close()
    }
  })

  test('a 12 MB phone photo becomes a banner: shrunk in the browser, linked to a category picked from the list (Arabic)', async () => {
    // A photo as a phone takes it: 4000×3000, over the 8 MB the server accepts.
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 97 }).toBuffer()
    assert.ok(photo.length > 8 * 1024 * 1024, `the photo is ${photo.length} bytes`)
    const { context, page } = await phonePage('ar')
    try {
      await open(page, '/admin/banners')
      const form = page.getByRole('form', { name: 'لافتة جديدة' })
      await form.getByText('JPEG أو PNG أو WebP، حتى 8 ميغابايت', { exact: false }).waitFor()
      const sent: number[] = []
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/v1/admin/banners')) sent.push(request.postDataBuffer()?.length ?? 0)
      })
      await form.locator('input[type="file"]').setInputFiles({ name: 'IMG_2044.jpg', mimeType: 'image/jpeg', buffer: photo })
      await form.locator('img[src^="blob:"]').waitFor()
      await form.getByLabel('العنوان بالعربية').fill('صورة من الهاتف')
      await form.getByLabel('ربط بفئة').selectOption({ index: 1 })
      const link = await form.getByLabel('الرابط (اختياري)').inputValue()
      assert.match(link, /^\/category\/[a-z0-9-]+$/)
      await form.getByRole('button', { name: 'إضافة اللافتة' }).click()
      await page.getByText('صورة من الهاتف', { exact: true }).waitFor()
      assert.equal(sent.length, 1)
      assert.ok(sent[0]! < 8 * 1024 * 1024, `the upload was ${sent[0]} bytes`)
      const { banners } = await storeApi<{ banners: { titleAr: string; link: string | null; image: { width: number } }[] }>(store.url, '/admin/banners?limit=100', { cookie })
      const banner = banners.find((b) => b.titleAr === 'صورة من الهاتف')
      assert.equal(banner?.link, link)
    } finally {
      await context.close()
    }
  })

  test('messages: "mark handled" is reached and pressed without sideways scrolling (Arabic)', async () => {
    const { context, page } = await phonePage('ar')
    try {
      await open(page, '/admin/messages')
      const mark = page.getByRole('button', { name: 'تعليم رسالة Nadia Cherif كمعالجة' })
      await assertReachable(mark, 'mark handled')
      await mark.click()
      await page.getByText('لا توجد رسائل للمعالجة. تم الرد على كل الرسائل.').waitFor()
    } finally {
      await context.close()
    }
  })
})
