import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { type ProductDetail, productsInStock, shopper, storeApi } from './shop.ts'

// The storefront on a phone, in Arabic, when the network fails, when the shopper switches language,
// types Eastern Arabic digits, comes back from a payment, or reloads a page: against the real server.

let store: RunningStore
let browser: Browser
let products: ProductDetail[]

const ARABIC_LETTERS = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/
const OFFLINE_BANNER = 'لا يوجد اتصال بالإنترنت. تحقّق من اتصالك ثم أعد المحاولة.'
const NETWORK_MESSAGE = 'تعذّر الاتصال بالمتجر. تحقّق من اتصالك بالإنترنت ثم أعد المحاولة.'

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
  products = await productsInStock(store.url, 2)
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

/** Picks a colour and a size that are in stock, as a shopper taps them on the product page. */
async function chooseVariant(page: Page, product: ProductDetail, colorGroup: RegExp, sizeGroup: RegExp): Promise<void> {
  assert.ok(product.variants?.some((v) => v.stock > 0), `${product.name} has a variant in stock`)
  const colors = page.getByRole('radiogroup', { name: colorGroup })
  if ((await colors.count()) > 0) await colors.locator('[role=radio]:not([disabled])').first().click()
  await page.getByRole('radiogroup', { name: sizeGroup }).locator('[role=radio]:not([disabled])').first().click()
}

/** Visible text of the page (what the shopper reads), without the parts hidden from view. */
function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText)
}

async function assertNoArabic(page: Page, where: string): Promise<void> {
  // Data fetched in the old language is fetched again after the switch: give it a moment.
  let text = ''
  for (let i = 0; i < 20; i++) {
    // The tab's title is read too.
    text = `${await page.title()}\n${await visibleText(page)}`
    if (!ARABIC_LETTERS.test(text)) return
    await page.waitForTimeout(250)
  }
  const lines = text.split('\n').filter((line) => ARABIC_LETTERS.test(line))
  assert.fail(`${where}: Arabic text left after switching to French: ${JSON.stringify(lines.slice(0, 10))}`)
}

async function orderCountFor(phoneNumber: string): Promise<number> {
  const { orders } = await storeApi<{ orders?: unknown[] }>(store.url, '/tracking', { method: 'POST', body: { phoneNumber } })
  return orders?.length ?? 0
}

describe('storefront on a phone: network, language and forms', { concurrency: false }, () => {
  test('(d) switching to French turns every visible text French on home, a product page and the cart; back to Arabic is right to left', async () => {
    const { page, context } = await shopper(browser, store.url)
    const [product] = products
    assert.ok(product)
    // The product page opened in Arabic (an ad's landing page), then the shopper switches.
    await page.goto(`/product/${product._id}`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Français' }).click()
    await page.waitForFunction(() => document.documentElement.lang === 'fr')
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'ltr')
    const { product: french } = await storeApi<{ product: { nameFr: string } }>(store.url, `/product/${product._id}`)
    await page.getByRole('heading', { level: 1, name: french.nameFr }).waitFor()
    await assertNoArabic(page, 'product page')

    // Add to the cart in French, then home and the cart through the header, without a page load.
    await chooseVariant(page, product, /^Couleur/, /taille/i)
    await page.getByRole('button', { name: 'Ajouter au panier' }).click()
    await page.getByRole('status').filter({ hasText: 'panier' }).first().waitFor()
    await assertNoArabic(page, 'product page after adding to the cart')

    await page.getByRole('link', { name: /accueil/i }).first().click()
    await page.waitForURL(`${store.url}/`)
    await page.waitForLoadState('networkidle')
    await assertNoArabic(page, 'home')

    await page.getByRole('button', { name: /^Panier/ }).click()
    await page.getByRole('link', { name: 'Voir le panier' }).click()
    await page.waitForURL(/\/cart$/)
    await page.getByRole('heading', { level: 1, name: 'Panier' }).waitFor()
    await page.waitForLoadState('networkidle')
    await assertNoArabic(page, 'cart')

    await page.getByRole('main').getByRole('link', { name: 'Passer la commande' }).click()
    await page.waitForURL(/\/place-order$/)
    await page.getByRole('heading', { level: 1, name: 'Finaliser la commande' }).waitFor()
    await page.waitForLoadState('networkidle')
    await assertNoArabic(page, 'checkout')

    await page.getByRole('button', { name: 'العربية' }).click()
    await page.waitForFunction(() => document.documentElement.dir === 'rtl')
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ar')
    await page.getByRole('heading', { level: 1, name: 'إتمام الطلب' }).waitFor()
    await context.close()
  })

  test('(d) in French, checkout with an empty cart has no Arabic either, tab title included', async () => {
    const { page, context } = await shopper(browser, store.url, { locale: 'fr' })
    await page.goto('/place-order')
    await page.getByRole('heading', { level: 1, name: 'Votre panier est vide' }).waitFor()
    await page.waitForLoadState('networkidle')
    await assertNoArabic(page, 'empty checkout')
    await context.close()
  })

  test('(e) offline, adding to the cart and a quick order say "no connection", and the order is not placed when the connection returns', async () => {
    const { page, context } = await shopper(browser, store.url)
    const [, product] = products
    assert.ok(product)
    const phone = '0779123456'
    await page.goto(`/product/${product._id}`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.waitForLoadState('networkidle')
    await chooseVariant(page, product, /^اللون/, /^المقاس/)

    // Add to cart, offline: told at once, nothing waits in the background.
    await context.setOffline(true)
    await page.getByRole('button', { name: 'أضف إلى السلة' }).click()
    await page.getByRole('alert').filter({ hasText: OFFLINE_BANNER }).waitFor({ timeout: 5000 })
    await page.getByText(NETWORK_MESSAGE).first().waitFor({ timeout: 5000 })
    await context.setOffline(false)
    await page.getByRole('alert').filter({ hasText: OFFLINE_BANNER }).waitFor({ state: 'hidden' })

    // The quick order filled in while online, sent while offline.
    await page.getByLabel('الاسم', { exact: true }).fill('Samira')
    await page.getByLabel('اللقب', { exact: true }).fill('Haddad')
    await page.getByLabel('رقم الهاتف', { exact: true }).fill(phone)
    await page.getByLabel('الولاية', { exact: true }).selectOption('16')
    const commune = page.getByLabel('البلدية', { exact: true })
    await commune.locator('option').nth(1).waitFor({ state: 'attached' })
    await commune.selectOption({ index: 1 })
    await page.getByLabel('العنوان', { exact: true }).fill('12 rue Didouche Mourad')
    await page.getByRole('button', { name: /تأكيد الطلب/ }).waitFor()
    await context.setOffline(true)
    await page.getByRole('button', { name: /تأكيد الطلب/ }).click()
    await page.getByText(NETWORK_MESSAGE).first().waitFor({ timeout: 5000 })
    await page.getByRole('button', { name: /تأكيد الطلب/ }).waitFor({ timeout: 5000 })
    assert.equal(await page.getByText('جارٍ إرسال الطلب…').count(), 0, 'the order button is not left spinning')

    // Back online: nothing is sent behind the shopper's back.
    await context.setOffline(false)
    await page.waitForTimeout(3000)
    assert.equal(await orderCountFor(phone), 0, 'no order was placed after the connection returned')
    await context.close()
  })

  test('(e) offline, a menu link to a page not loaded yet shows "no connection" with a retry, and the page opens when the connection returns', async () => {
    const { page, context, errors } = await shopper(browser, store.url)
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await context.setOffline(true)
    await page.getByRole('button', { name: 'فتح القائمة' }).click()
    await page.getByRole('dialog', { name: 'القائمة' }).getByRole('link', { name: 'من نحن' }).click()
    await page.getByRole('heading', { level: 1, name: 'لا يوجد اتصال' }).waitFor()
    assert.equal(await page.getByRole('heading', { name: 'عذرًا! حدث خطأ ما' }).count(), 0, 'not the crash screen')
    // Retry while still offline keeps the shopper on the store's screen.
    await page.getByRole('button', { name: 'إعادة المحاولة' }).click()
    await page.waitForTimeout(500)
    await page.getByRole('heading', { level: 1, name: 'لا يوجد اتصال' }).waitFor()

    await context.setOffline(false)
    await page.getByRole('heading', { level: 1, name: /^من نحن/ }).waitFor()
    assert.match(page.url(), /\/about$/)
    assert.equal(
      errors.filter((line) => !/ERR_INTERNET_DISCONNECTED|401/.test(line)).length,
      0,
      `no script error: ${errors.join('\n')}`,
    )
    await context.close()
  })

  test('a page whose code fails to download shows "no connection"; its retry opens the page once the network answers', async () => {
    const { page, context } = await shopper(browser, store.url)
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    const dropped = '**/assets/contact-*.js'
    await page.route(dropped, (route) => route.abort('connectionreset'))
    await page.getByRole('contentinfo').getByRole('link', { name: 'اتصل بنا', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'لا يوجد اتصال' }).waitFor()
    await page.unroute(dropped)
    await page.getByRole('button', { name: 'إعادة المحاولة' }).click()
    await page.getByRole('heading', { level: 1, name: 'اتصل بنا' }).waitFor()
    assert.match(page.url(), /\/contact$/)
    await context.close()
  })

  test('(e) tracking offline says "no connection" instead of spinning', async () => {
    const { page, context } = await shopper(browser, store.url)
    await page.goto('/tracking')
    await page.getByLabel('رقم الهاتف').fill('0661234567')
    await context.setOffline(true)
    await page.getByRole('button', { name: 'تتبع', exact: true }).click()
    await page.getByRole('alert').filter({ hasText: 'لا يوجد اتصال بالإنترنت. تحقق من اتصالك' }).waitFor({ timeout: 5000 })
    assert.equal(await page.getByText('جارٍ البحث…').count(), 0, 'no spinner left')
    await context.setOffline(false)
    await context.close()
  })

  test('tracking accepts a phone typed in Eastern Arabic digits', async () => {
    const [product] = products
    const variant = product?.variants?.find((v) => v.stock > 0)
    assert.ok(product && variant)
    const { cities } = await storeApi<{ cities: { _id: number }[] }>(store.url, '/location/states/16/cities')
    // a guest who never used the cart orders without a session id
    const { order } = await storeApi<{ order: { trackingNumber: string } }>(store.url, '/order/guest', {
      method: 'POST',
      body: {
        orderItems: [{ productId: product._id, size: variant.size, color: variant.color, quantity: 1 }],
        customerInfo: { firstName: 'Karim', lastName: 'Saadi', phone: '0661234567', email: null },
        shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'domicil', address: '5 rue Larbi Ben Mhidi' },
        paymentMethod: 'cash_on_delivery',
      },
    })

    const { page, context } = await shopper(browser, store.url)
    await page.goto('/tracking')
    await page.getByLabel('رقم الهاتف').fill('٠٦٦١٢٣٤٥٦٧')
    await page.getByRole('button', { name: 'تتبع', exact: true }).click()
    await page.getByText(order.trackingNumber).first().waitFor()
    await context.close()
  })

  test('the price filter refuses a negative price and reads Eastern Arabic digits', async () => {
    const [product] = products
    assert.ok(product)
    const { product: detail } = await storeApi<{ product: { category: { _id: string } } }>(store.url, `/product/${product._id}`)
    const { page, context } = await shopper(browser, store.url)
    await page.goto(`/category/${detail.category._id}`)
    const min = page.getByLabel('السعر الأدنى (د.ج)')
    const max = page.getByLabel('السعر الأعلى (د.ج)')
    await min.fill('-500')
    await max.fill('٢٠٠٠')
    await page.getByRole('button', { name: 'تطبيق', exact: true }).click()
    await page.waitForURL(/maxPrice=/)
    const params = new URL(page.url()).searchParams
    assert.equal(params.get('maxPrice'), '2000', 'Eastern digits read as 2000')
    assert.notEqual(params.get('minPrice'), '500', 'a negative price never turns positive')
    assert.ok(['0', null].includes(params.get('minPrice')), `minPrice is 0 or absent, got ${params.get('minPrice')}`)
    assert.equal(await max.inputValue(), '2000')
    assert.notEqual(await min.inputValue(), '500')
    await context.close()
  })

  test('/verify says whether the payment went through and what comes next, without sending the shopper away', async () => {
    const email = `verify-${Date.now()}@example.com`
    const reply = await fetch(`${store.url}/api/v1/auth/client/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ firstName: 'Nadia', lastName: 'Mansouri', email, password: 'Sable-Oran-2026', confirmPassword: 'Sable-Oran-2026' }),
    })
    assert.ok(reply.ok, `sign-up: ${reply.status}`)
    const cookies = reply.headers.getSetCookie().map((line) => {
      const [pair] = line.split(';')
      const [name, ...value] = (pair ?? '').split('=')
      return { name: name ?? '', value: value.join('='), url: store.url }
    })
    const { page, context } = await shopper(browser, store.url)
    await context.addCookies(cookies)

    await page.goto('/verify?success=true&orderId=5f0c2a7e-1b2c-4d3e-9f00-abcdef123456')
    await page.getByRole('heading', { level: 1, name: 'تم قبول الدفع' }).waitFor()
    await page.waitForTimeout(1500)
    assert.match(page.url(), /\/verify\?/, 'the outcome stays on screen')
    await page.getByRole('link', { name: 'عرض طلباتي' }).click()
    await page.waitForURL(/\/orders/)

    await page.goto('/verify?success=false&orderId=5f0c2a7e-1b2c-4d3e-9f00-abcdef123456')
    await page.getByRole('heading', { level: 1, name: 'لم يتم الدفع' }).waitFor()
    await page.waitForTimeout(1500)
    assert.match(page.url(), /\/verify\?/)
    await page.getByRole('link', { name: 'العودة إلى السلة' }).click()
    await page.waitForURL(/\/cart$/)
    await context.close()
  })

  test('the footer links to about, contact and terms, and each page opens', async () => {
    const { page, context } = await shopper(browser, store.url)
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    for (const [link, heading] of [
      ['من نحن', /^من نحن/],
      ['اتصل بنا', /^اتصل بنا$/],
      ['الشروط وسياسة الخصوصية', /^شروط البيع وسياسة الخصوصية$/],
    ] as const) {
      await footer.getByRole('link', { name: link, exact: true }).click()
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
    }
    assert.match(page.url(), /\/terms$/)
    // The terms say what data is kept and why, in the shopper's language.
    await page.getByRole('heading', { level: 2, name: 'البيانات التي نحتفظ بها' }).waitFor()
    await page.getByRole('heading', { level: 2, name: 'الاستبدال والإرجاع' }).waitFor()
    await context.close()
  })

  test('a new page load starts at the top, never at a position scrolled on another page; in-app Back restores the position', async () => {
    const { page, context } = await shopper(browser, store.url)
    await page.goto('/collection')
    await page.getByRole('link').filter({ has: page.locator('img') }).nth(6).waitFor()
    await page.evaluate(() => window.scrollTo(0, 1500))
    await page.waitForTimeout(300)

    // A new visit in the same tab (a link from an ad, a typed address).
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the home page opens at the top')

    // In-app: scroll the home page, open a product, come back.
    await page.evaluate(() => window.scrollTo(0, 900))
    await page.waitForTimeout(300)
    const before = await page.evaluate(() => window.scrollY)
    assert.ok(before > 500, `the home page scrolled (${before})`)
    // A product card in view, tapped where it is (a click that scrolled first would move the position).
    await page.evaluate(() => {
      const inView = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/product/"]')].find((link) => {
        const box = link.getBoundingClientRect()
        return box.top > 80 && box.bottom < window.innerHeight - 80
      })
      if (!inView) throw new Error('no product card in view')
      inView.click()
    })
    await page.waitForURL(/\/product\//)
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.goBack()
    await page.waitForURL(`${store.url}/`)
    await page.waitForTimeout(500)
    const restored = await page.evaluate(() => window.scrollY)
    assert.ok(Math.abs(restored - before) < 50, `Back restores the position (${before} → ${restored})`)
    await context.close()
  })
})
