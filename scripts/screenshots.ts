import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { startFakeCouriers } from '../apps/api/src/modules/couriers/fakes/fake-couriers.ts'
import { frenchPage, launchBrowser, signIn } from '../e2e/browser.ts'
import { startStore } from '../e2e/server.ts'
import { DESKTOP, type Locale, ownerCookie, PHONE, productsInStock, shopper, storeApi } from '../e2e/shop.ts'

// `npm run screenshots`: the storefront's main screens on a fresh demo shop, written to docs/screenshots/
// as <screen>-<language>-<width>.png: a 390x844 phone in Arabic and a 1440x900 desktop in French. The
// shopper's path is real: a guest cart, the checkout with the demo coupon applied, the order placed,
// then found on the tracking page. Then the back office on a phone in Arabic: the order page with the
// customer's note beside the call, the staff notes and the history (admin-order-*-ar-390.png), and the
// delivery-price table as cards (admin-delivery-prices-ar-390.png).
// Shipping with couriers (against the local fake couriers): the Couriers screen, an order's Shipping panel once
// the courier delivered it, the courier money ledger, the shopper's tracking with the courier's news
// (admin-couriers-*, admin-shipping-*, admin-courier-money-*, tracking-courier-*). Needs `npm run build` first. `SCREENSHOTS=admin npm run screenshots` takes the back-office
// shots only, `SCREENSHOTS=couriers` the courier ones only.

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url))

const TEXTS = {
  ar: { placeOrder: /^تأكيد الطلب — /, apply: 'تطبيق', valid: 'الرمز صالح', applied: 'تم تطبيق الرمز بنجاح', wilaya: 'الولاية', commune: 'البلدية', track: 'تتبع', home: /التوصيل إلى المنزل/ },
  fr: { placeOrder: /^Confirmer la commande — /, apply: 'Appliquer', valid: 'Code valide', applied: 'Code appliqué avec succès', wilaya: 'Wilaya', commune: 'Commune', track: 'Suivre', home: /Livraison à domicile/ },
  en: { placeOrder: /^Confirm order — /, apply: 'Apply', valid: 'Valid code', applied: 'Coupon applied successfully', wilaya: 'Wilaya', commune: 'Commune', track: 'Track', home: /Home delivery/ },
} as const

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  // Images decoded and fonts in place before the picture is taken.
  await page.evaluate(async () => {
    await document.fonts.ready
    await Promise.all(
      Array.from(document.images)
        .filter((image) => image.getBoundingClientRect().top < window.innerHeight && image.loading !== 'lazy')
        .map((image) => image.decode().catch(() => undefined)),
    )
  })
  await page.waitForTimeout(300)
}

async function shoot(page: Page, name: string, locale: Locale, width: number): Promise<void> {
  await settle(page)
  const file = path.join(OUT, `${name}-${locale}-${width}.png`)
  await page.screenshot({ path: file })
  console.log(`wrote ${path.relative(process.cwd(), file)}`)
}

async function journey(browser: Browser, url: string, locale: Locale, viewport: { width: number; height: number }): Promise<void> {
  const [first, second] = await productsInStock(url, 2)
  if (!first || !second) throw new Error('the demo shop has no two products in stock')
  // A guest cart with both products, as the storefront keeps it (the session id in local storage).
  // the first add issues the session id; the next add is sent with it
  let sessionId = ''
  for (const product of [first, second]) {
    const variant = product.variants?.find((v) => v.stock > 0)
    if (!variant) continue
    const added = await storeApi<{ sessionId: string }>(url, '/cart/guest/add', {
      method: 'POST',
      headers: sessionId ? { 'X-Session-Id': sessionId } : {},
      body: { productId: product._id, size: variant.size, color: variant.color, quantity: 1 },
    })
    sessionId = added.sessionId
  }

  const { context, page } = await shopper(browser, url, { locale, viewport })
  await context.addInitScript((id) => window.localStorage.setItem('cart-session', id), sessionId)
  const { width } = viewport

  await page.goto('/')
  await shoot(page, 'home', locale, width)
  await page.goto('/collection')
  await shoot(page, 'collection', locale, width)
  await page.goto(`/product/${first._id}`)
  await shoot(page, 'product', locale, width)
  await page.goto('/cart')
  await shoot(page, 'cart', locale, width)

  await page.goto('/place-order')
  await page.locator('#firstName').fill(locale === 'ar' ? 'سمير' : 'Samir')
  await page.locator('#lastName').fill(locale === 'ar' ? 'بوزيد' : 'Bouzid')
  // each journey is a different shopper: the demo coupon is once per phone
  const phone = locale === 'ar' ? '0661234567' : '0771234567'
  await page.locator('#phone').fill(locale === 'ar' ? '٠٦٦١٢٣٤٥٦٧' : phone)
  await page.getByLabel(TEXTS[locale].wilaya, { exact: true }).selectOption('16')
  const commune = page.getByLabel(TEXTS[locale].commune, { exact: true })
  await commune.locator('option').nth(1).waitFor({ state: 'attached' })
  await commune.selectOption({ index: 1 })
  await page.getByRole('radio', { name: TEXTS[locale].home }).check()
  await page.locator('#address').fill(locale === 'ar' ? 'حي 5 جويلية، عمارة 3' : '5 rue Larbi Ben Mhidi')
  await page.locator('#coupon-code').fill('BIENVENUE10')
  // The code is checked 800 ms after typing stops; it can be applied once it is valid.
  await page.locator('#coupon-message').filter({ hasText: TEXTS[locale].valid }).waitFor()
  await page.getByRole('button', { name: TEXTS[locale].apply, exact: true }).click()
  await page.getByText(TEXTS[locale].applied).waitFor()
  await page.locator('#coupon-code, [data-testid="order-total"]').first().scrollIntoViewIfNeeded()
  await shoot(page, 'checkout', locale, width)

  await page.getByRole('button', { name: TEXTS[locale].placeOrder }).last().click()
  await page.waitForURL(/\/thank-you/)
  await shoot(page, 'thank-you', locale, width)

  await page.goto('/tracking')
  await page.locator('#tracking-phone').fill(phone)
  await page.getByRole('button', { name: TEXTS[locale].track, exact: true }).click()
  await page.locator('#tracking-results').waitFor()
  await page.waitForTimeout(1_000)
  await shoot(page, 'tracking', locale, width)
  await context.close()
}

/** The back office on a 390 px phone in Arabic, signed in as the owner. */
async function backOffice(browser: Browser, url: string, email: string, password: string): Promise<void> {
  const cookie = await ownerCookie(url, email, password)
  const context = await browser.newContext({ baseURL: url, viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true })
  await context.addInitScript(() => window.localStorage.setItem('admin-lang', 'ar'))
  const [name, value] = cookie.split(';')[0]!.split('=') as [string, string]
  await context.addCookies([{ name, value, url }])
  const page = await context.newPage()
  // The delivery-price table: each wilaya a card with its three fees in full and its own Save.
  await page.goto('/admin/delivery-prices')
  const table = page.getByRole('table', { name: 'أسعار التوصيل حسب الولاية' })
  await table.waitFor()
  // A fee being changed: four digits shown in full, that wilaya's Save enabled.
  await page.getByRole('textbox', { name: 'للمنزل · أدرار', exact: true }).fill('1500')
  await page.getByLabel('بحث عن ولاية').evaluate((element) => {
    const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - header - 40)
  })
  await shoot(page, 'admin-delivery-prices', 'ar', PHONE.width)
  await context.close()
}

/**
 * The back office's delivery slips of the orders the journeys placed, ticked in the list and printed together:
 * the first slip as it prints (print media), in French and in Arabic.
 */
async function slips(browser: Browser, url: string, email: string, password: string): Promise<void> {
  const signedIn = await frenchPage(browser, url)
  await signIn(signedIn, email, password)
  const storageState = await signedIn.context().storageState()
  await signedIn.context().close()
  for (const [locale, viewport] of [['fr', DESKTOP], ['ar', PHONE]] as const) {
    const context = await browser.newContext({ baseURL: url, viewport, storageState })
    await context.addInitScript((lang) => window.localStorage.setItem('admin-lang', lang), locale)
    const page = await context.newPage()
    await page.goto('/admin/orders')
    const boxes = page.locator('tbody input[type="checkbox"]')
    await boxes.first().waitFor()
    // two slips when the journeys placed orders too (SCREENSHOTS=admin places one)
    for (let i = 0; i < Math.min(2, await boxes.count()); i++) await boxes.nth(i).check()
    await page.locator('a[href*="/orders/slips?ids="]').click()
    await page.waitForURL(/\/orders\/slips\?ids=/)
    await page.emulateMedia({ media: 'print' })
    const slip = page.locator('article.delivery-slip').first()
    await slip.locator('svg[data-barcode] rect').first().waitFor({ state: 'attached' })
    await settle(page)
    const file = path.join(OUT, `admin-slip-${locale}-${viewport.width}.png`)
    await slip.screenshot({ path: file })
    console.log(`wrote ${path.relative(process.cwd(), file)}`)
    await context.close()
  }
}

/**
 * The order page as a call-centre agent sees it on a phone, in Arabic: an order with the shopper's note, a
 * missed call, two staff notes by two people and the courier's id, so every kind of history entry shows.
 */
async function adminOrder(browser: Browser, url: string, owner: { email: string; password: string }): Promise<void> {
  const [product] = await productsInStock(url, 1)
  const variant = product?.variants?.find((v) => v.stock > 0)
  if (!product || !variant) throw new Error('the demo shop has no product in stock')
  const { cities } = await storeApi<{ cities: { _id: number }[] }>(url, '/location/states/16/cities')
  const { order } = await storeApi<{ order: { _id: string } }>(url, '/order/guest', {
    method: 'POST',
    body: {
      orderItems: [{ productId: product._id, size: variant.size, color: variant.color, quantity: 1 }],
      customerInfo: { firstName: 'أمين', lastName: 'بن علي', phone: '0551234567', email: null },
      shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'domicil', address: 'حي 5 جويلية، عمارة 3، الطابق 2' },
      paymentMethod: 'cash_on_delivery',
      notes: 'اتصلوا بعد الساعة 5 مساءً من فضلكم، الجرس لا يعمل',
    },
  })
  const ownerSession = await ownerCookie(url, owner.email, owner.password)
  const agent = { email: 'sara@khatwa.dz', password: 'screenshot-agent-password-2026' }
  await storeApi(url, '/admin/staff', { method: 'POST', cookie: ownerSession, body: { ...agent, name: 'سارة', role: 'agent' } })
  const agentSession = await ownerCookie(url, agent.email, agent.password)
  const base = `/admin/orders/${order._id}`
  await storeApi(url, `${base}/call`, { method: 'POST', cookie: agentSession, body: { outcome: 'no_answer', note: 'الهاتف مغلق', version: 1 } })
  await storeApi(url, `${base}/notes`, { method: 'POST', cookie: agentSession, body: { text: 'الزبون طلب تغيير المقاس إلى 43 إن توفر' } })
  await storeApi(url, `${base}/notes`, { method: 'POST', cookie: ownerSession, body: { text: 'المقاس 43 متوفر، نعيد الاتصال مساءً' } })
  await storeApi(url, base, { method: 'PATCH', cookie: ownerSession, body: { deliveryTrackingId: 'YAL-7781-DZ', version: 2 } })

  const context = await browser.newContext({ baseURL: url, viewport: PHONE, isMobile: true, hasTouch: true, locale: 'ar-DZ' })
  await context.addInitScript(() => window.localStorage.setItem('admin-lang', 'ar'))
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  await page.goto('/admin/login')
  await page.getByLabel('البريد الإلكتروني').fill(agent.email)
  await page.getByLabel('كلمة المرور').fill(agent.password)
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click()
  await page.waitForURL((address) => !address.pathname.endsWith('/login'))
  await page.goto(base)
  await page.getByRole('region', { name: 'ملاحظات الفريق' }).waitFor()

  await shoot(page, 'admin-order', 'ar', PHONE.width)
  for (const [name, region] of [
    ['admin-order-customer', 'الزبون والتوصيل'],
    // the history is the page's end: scrolled to the staff notes, both show
    ['admin-order-notes-history', 'ملاحظات الفريق'],
  ] as const) {
    await page.getByRole('region', { name: region }).evaluate((element) => element.scrollIntoView({ block: 'start' }))
    await shoot(page, name, 'ar', PHONE.width)
  }
  await settle(page)
  await page.screenshot({ path: path.join(OUT, 'admin-order-full-ar-390.png'), fullPage: true })
  console.log('wrote docs/screenshots/admin-order-full-ar-390.png')
  await context.close()
}

/** An order shipped with the fake Yalidine and delivered by its signed webhook; the screens that show it. */
async function couriers(browser: Browser, url: string, owner: { email: string; password: string }): Promise<void> {
  const fakes = await startFakeCouriers()
  try {
    const cookie = await ownerCookie(url, owner.email, owner.password)
    const secret = 'screenshot-webhook-secret'
    const { account } = await storeApi<{ account: { _id: string } }>(url, '/admin/couriers', {
      method: 'POST',
      cookie,
      body: { name: 'Yalidine', engine: 'yalidine', baseUrl: fakes.yalidine.baseUrl, credentials: fakes.yalidine.credentials, webhookSecret: secret, senderWilayaCode: 16, isDefault: true },
    })
    await storeApi(url, `/admin/couriers/${account._id}/places/sync`, { method: 'POST', cookie })
    const { account: dhd } = await storeApi<{ account: { _id: string } }>(url, '/admin/couriers', {
      method: 'POST',
      cookie,
      body: { name: 'DHD', engine: 'ecotrack', baseUrl: fakes.ecotrack.baseUrl, credentials: fakes.ecotrack.credentials, senderWilayaCode: 16 },
    })
    await storeApi(url, `/admin/couriers/${dhd._id}/places/sync`, { method: 'POST', cookie })

    const [product] = await productsInStock(url, 1)
    const variant = product?.variants?.find((v) => v.stock > 0)
    if (!product || !variant) throw new Error('the demo shop has no product in stock')
    const { cities } = await storeApi<{ cities: { _id: number }[] }>(url, '/location/states/16/cities')
    const phone = '0661987654'
    const { order } = await storeApi<{ order: { _id: string; trackingNumber: string } }>(url, '/order/guest', {
      method: 'POST',
      body: {
        orderItems: [{ productId: product._id, size: variant.size, color: variant.color, quantity: 1 }],
        customerInfo: { firstName: 'ياسمين', lastName: 'حداد', phone, email: null },
        shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'domicil', address: 'حي النصر، عمارة 12' },
        paymentMethod: 'cash_on_delivery',
      },
    })
    const base = `/admin/orders/${order._id}`
    const { order: detail } = await storeApi<{ order: { version: number } }>(url, base, { cookie })
    await storeApi(url, `${base}/call`, { method: 'POST', cookie, body: { outcome: 'confirmed', version: detail.version } })
    await storeApi(url, `${base}/ship`, { method: 'POST', cookie, body: { accountId: account._id } })
    const [tracking] = [...fakes.yalidine.parcels.keys()]
    if (!tracking) throw new Error('no parcel at the fake courier')
    const hour = 3600_000
    await fakes.yalidine.sendWebhook(`${url}/api/v1/couriers/${account._id}/webhook`, secret, [
      { tracking, status: 'Ramassé', eventId: 'shot-1', occurredAt: new Date(Date.now() - 30 * hour).toISOString() },
      { tracking, status: 'Vers Wilaya', eventId: 'shot-2', occurredAt: new Date(Date.now() - 20 * hour).toISOString() },
      { tracking, status: 'Sorti en livraison', eventId: 'shot-3', occurredAt: new Date(Date.now() - 3 * hour).toISOString() },
      { tracking, status: 'Livré', eventId: 'shot-4', occurredAt: new Date(Date.now() - hour).toISOString() },
    ])

    // a second order delivered and paid out by the courier, so the courier money screen shows both figures
    const second = await storeApi<{ order: { _id: string } }>(url, '/order/guest', {
      method: 'POST',
      body: {
        orderItems: [{ productId: product._id, size: variant.size, color: variant.color, quantity: 1 }],
        customerInfo: { firstName: 'Karim', lastName: 'Saadi', phone: '0552987654', email: null },
        shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'domicil', address: 'Cité 5 Juillet, bâtiment 3' },
        paymentMethod: 'cash_on_delivery',
      },
    })
    const secondBase = `/admin/orders/${second.order._id}`
    const { order: secondDetail } = await storeApi<{ order: { version: number } }>(url, secondBase, { cookie })
    await storeApi(url, `${secondBase}/call`, { method: 'POST', cookie, body: { outcome: 'confirmed', version: secondDetail.version } })
    await storeApi(url, `${secondBase}/ship`, { method: 'POST', cookie, body: { accountId: account._id } })
    const paidTracking = [...fakes.yalidine.parcels.keys()].find((key) => key !== tracking)
    if (!paidTracking) throw new Error('no second parcel at the fake courier')
    await fakes.yalidine.sendWebhook(`${url}/api/v1/couriers/${account._id}/webhook`, secret, [
      { tracking: paidTracking, status: 'Livré', eventId: 'shot-5', occurredAt: new Date(Date.now() - 2 * hour).toISOString() },
    ])
    fakes.yalidine.setPayment(paidTracking, 'payed', 'PAY-2026-118')
    await storeApi(url, '/admin/shipments/refresh', { method: 'POST', cookie })

    const signedIn = await frenchPage(browser, url)
    await signIn(signedIn, owner.email, owner.password)
    const storageState = await signedIn.context().storageState()
    await signedIn.context().close()
    for (const [locale, viewport] of [['fr', DESKTOP], ['ar', PHONE]] as const) {
      const context = await browser.newContext({ baseURL: url, viewport, storageState })
      await context.addInitScript((lang) => window.localStorage.setItem('admin-lang', lang), locale)
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      await page.goto('/admin/courier-money')
      await page.getByText('Yalidine').first().waitFor()
      await shoot(page, 'admin-courier-money', locale, viewport.width)
      await page.goto('/admin/couriers')
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.getByText('DHD').first().waitFor()
      await shoot(page, 'admin-couriers', locale, viewport.width)
      await page.goto(base)
      const region = page.getByRole('region', { name: locale === 'fr' ? 'Expédition' : 'الشحن' })
      await region.getByRole('article').waitFor()
      await region.evaluate((element) => element.scrollIntoView({ block: 'start' }))
      await shoot(page, 'admin-shipping', locale, viewport.width)
      await context.close()
    }

    const { page, context } = await shopper(browser, url, { locale: 'ar', viewport: PHONE })
    await page.goto('/tracking')
    await page.getByLabel('رقم الهاتف').fill(phone)
    await page.getByRole('button', { name: 'تتبع', exact: true }).click()
    const card = page.getByRole('listitem').filter({ hasText: order.trackingNumber })
    await card.first().getByRole('button', { name: 'عرض التفاصيل' }).click()
    await page.getByRole('region', { name: 'أخبار شركة التوصيل' }).waitFor()
    await shoot(page, 'tracking-courier', 'ar', PHONE.width)
    await context.close()
  } finally {
    await fakes.close()
  }
}

const store = await startStore()
const browser = await launchBrowser()
try {
  await mkdir(OUT, { recursive: true })
  const owner = { email: store.ownerEmail, password: store.ownerPassword }
  if (process.env.SCREENSHOTS === 'couriers') {
    await couriers(browser, store.url, owner)
  } else {
    if (process.env.SCREENSHOTS !== 'admin') {
      await journey(browser, store.url, 'ar', PHONE)
      await journey(browser, store.url, 'fr', DESKTOP)
    }
    await adminOrder(browser, store.url, owner)
    await backOffice(browser, store.url, store.ownerEmail, store.ownerPassword)
    await slips(browser, store.url, store.ownerEmail, store.ownerPassword)
    await couriers(browser, store.url, owner)
  }
} finally {
  await browser.close()
  await store.stop()
}
