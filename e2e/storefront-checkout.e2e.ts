import assert from 'node:assert/strict'
import { after, afterEach, before, describe, test } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { colorName, formatPrice } from '../packages/shared/src/index.ts'
import { launchBrowser, takeCspViolations } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { fillArabicDelivery, type ProductDetail, ownerCookie, productsInStock, shopper, storeApi } from './shop.ts'

// The storefront's checkout on a phone, in Arabic, against the real server and the demo shop: coupons,
// the draft kept over a reload, Eastern Arabic digits, the thank-you page and tracking lines, ad pixels.

const FACEBOOK_PIXEL = '1234567890123'
const TIKTOK_PIXEL = 'CKHATWATEST01'

let store: RunningStore
let browser: Browser

interface Line {
  product: ProductDetail
  size: string
  color: string
  /** The product's name as the Arabic page shows it. */
  name: string
}

interface PlacedOrder {
  _id: string
  trackingNumber: string
  subtotal: number
  discountAmount: number
  shippingFee: number
  totalAmount: number
  couponCode: string | null
  customerInfo: { phone: string }
  orderItems: { product: { _id: string }; size: string | null; color: string | null; quantity: number; lineTotal: number }[]
}

/** One in-stock variant per product, as the shopper will pick it. */
async function linesOf(products: ProductDetail[]): Promise<Line[]> {
  const lines: Line[] = []
  for (const product of products) {
    const variant = product.variants?.find((v) => v.stock > 0)
    assert.ok(variant, `${product.name} has a variant in stock`)
    const arabic = await storeApi<{ product: { name: string } }>(store.url, `/product/${product._id}`, { headers: { 'Accept-Language': 'ar' } })
    lines.push({ product, size: variant.size, color: variant.color, name: arabic.product.name })
  }
  return lines
}

/**
 * Console errors other than the refusals the journey expects: 401 for the anonymous shopper's account
 * check, 422 for the unknown coupon (Chromium logs every failed request).
 */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of (401|422)\b/.test(error))

/** Price text as the page shows it (Arabic: "5 400 د.ج" with a thin space). */
const price = (amount: number) => formatPrice(amount, 'ar')

/**
 * Pixel calls seen by the page: the scripts of connect.facebook.net and analytics.tiktok.com are answered
 * here (no network) with a stand-in that reports every call the storefront makes to fbq and ttq.
 */
async function recordPixels(context: BrowserContext): Promise<{ facebook: unknown[][]; tiktok: unknown[][] }> {
  const calls = { facebook: [] as unknown[][], tiktok: [] as unknown[][] }
  await context.exposeBinding('__pixelCall', (_source, platform: 'facebook' | 'tiktok', args: unknown[]) => {
    calls[platform].push(args)
  })
  await context.route('https://connect.facebook.net/**', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `(function () {
        var f = window.fbq
        var record = function (args) { window.__pixelCall('facebook', JSON.parse(JSON.stringify(args))) }
        ;(f.queue || []).forEach(record)
        f.queue = []
        f.callMethod = function () { record([].slice.call(arguments)) }
      })()`,
    }),
  )
  await context.route('https://analytics.tiktok.com/**', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `(function () {
        var t = window.ttq
        var record = function (args) { window.__pixelCall('tiktok', JSON.parse(JSON.stringify(args))) }
        for (var i = 0; i < t.length; i++) record(t[i])
        t.length = 0
        ;['page', 'track'].forEach(function (m) { t[m] = function () { record([m].concat([].slice.call(arguments))) } })
      })()`,
    }),
  )
  return calls
}

/** Product page → colour → size → "add to cart", waiting for the cart's confirmation. */
async function addToCart(page: Page, line: Line): Promise<void> {
  await page.goto(`/product/${line.product._id}`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  const colour = page.getByRole('radio', { name: colorName(line.color, 'ar'), exact: true })
  if ((await colour.count()) > 0 && (await colour.getAttribute('aria-checked')) !== 'true') await colour.click()
  await page.getByRole('radio', { name: line.size, exact: true }).click()
  await page.getByRole('button', { name: 'أضف إلى السلة' }).click()
  await page.getByText('أضيف المنتج إلى السلة!').first().waitFor()
}

/** Each line added to the cart from its product page, then the cart's "checkout" link to the checkout page. */
async function checkoutWith(page: Page, lines: Line[]): Promise<void> {
  for (const line of lines) await addToCart(page, line)
  await page.goto('/cart')
  await page.getByRole('link', { name: 'إتمام الطلب' }).click()
  await page.waitForURL(/\/place-order$/)
  await page.getByRole('heading', { level: 1, name: 'إتمام الطلب' }).waitFor()
}

/** The order the thank-you page shows, read back from the store's API with the shopper's own session. */
async function orderFromApi(page: Page): Promise<PlacedOrder> {
  const { id, session } = await page.evaluate(() => ({
    id: (JSON.parse(window.sessionStorage.getItem('last-order') ?? '{}') as { _id?: string })._id ?? '',
    session: window.localStorage.getItem('cart-session') ?? '',
  }))
  assert.ok(id && session, 'the thank-you page knows the order and the guest session')
  const { order } = await storeApi<{ order: PlacedOrder }>(store.url, `/order/guest/${id}`, { headers: { 'X-Session-Id': session } })
  return order
}

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
  // A test pixel of each platform, added through the back office as the owner does.
  const cookie = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
  const origin = { Origin: store.url }
  await storeApi(store.url, '/admin/pixels', { method: 'POST', cookie, headers: origin, body: { platform: 'facebook', pixelId: FACEBOOK_PIXEL } })
  await storeApi(store.url, '/admin/pixels', { method: 'POST', cookie, headers: origin, body: { platform: 'tiktok', pixelId: TIKTOK_PIXEL } })
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

// the store's Content-Security-Policy blocks nothing the pages load (e2e/browser.ts records Chromium's reports)
afterEach(() => {
  assert.deepEqual(takeCspViolations(), [], 'no Content Security Policy violation')
})

describe('storefront checkout on a phone, in Arabic', { concurrency: false }, () => {
  test('two products, an invalid then a valid coupon, a reload, home delivery: the discount is charged and every line shown', async () => {
    const lines = await linesOf(await productsInStock(store.url, 2))
    const { context, page, errors } = await shopper(browser, store.url)
    // The shop has pixels configured: their scripts are answered here, never fetched.
    await recordPixels(context)
    try {
      await checkoutWith(page, lines)

      const subtotal = lines.reduce((sum, line) => sum + line.product.price, 0)
      const summary = page.getByRole('complementary', { name: 'ملخص الطلب' })
      for (const line of lines) await summary.getByText(line.name).waitFor()

      // Customer and delivery; the phone typed with an Arabic keyboard's digits.
      const communeId = await fillArabicDelivery(page, { firstName: 'أمين', lastName: 'بن علي', phone: '٠٦٦١٢٣٤٥٦٧', address: '12 شارع ديدوش مراد، الجزائر الوسطى' })

      // An unknown code: the answer is shown (not "checking" forever) and it cannot be applied.
      const couponInput = page.getByLabel('رمز التخفيض')
      await couponInput.fill('khatwa-999')
      assert.equal(await couponInput.inputValue(), 'KHATWA999')
      await page.getByText('رمز التخفيض غير صالح').waitFor()
      await page.getByRole('button', { name: 'تطبيق' }).click()
      assert.equal(await summary.getByText('الخصم').count(), 0)

      // A reload keeps everything typed so far, the coupon box included (checked again after the pause).
      await page.reload()
      await page.getByRole('heading', { level: 1, name: 'إتمام الطلب' }).waitFor()
      assert.equal(await page.getByLabel('الاسم', { exact: true }).inputValue(), 'أمين')
      assert.equal(await page.getByLabel('اللقب').inputValue(), 'بن علي')
      assert.equal(await page.getByLabel('رقم الهاتف').inputValue(), '٠٦٦١٢٣٤٥٦٧')
      assert.equal(await page.getByLabel('العنوان').inputValue(), '12 شارع ديدوش مراد، الجزائر الوسطى')
      assert.equal(await page.getByLabel('الولاية').inputValue(), '16')
      await page.waitForFunction((id) => (document.querySelector('select[name="commune"]') as HTMLSelectElement | null)?.value === id, communeId)
      assert.equal(await page.getByRole('radio', { name: /التوصيل إلى المنزل/ }).isChecked(), true)
      assert.equal(await page.getByRole('radio', { name: 'الدفع عند الاستلام' }).isChecked(), true)
      assert.equal(await couponInput.inputValue(), 'KHATWA999')
      await page.getByText('رمز التخفيض غير صالح').waitFor()

      // The demo shop's welcome code: 10 %.
      await couponInput.fill('bienvenue10')
      const discount = Math.round(subtotal * 0.1)
      await page.getByText(`الرمز صالح: خصم ${price(discount)}`).waitFor()
      await page.getByRole('button', { name: 'تطبيق' }).click()
      await page.getByText('تم تطبيق الرمز بنجاح').waitFor()
      await summary.getByText('الخصم').waitFor()
      await summary.getByText(price(-discount)).waitFor()

      const { domicil: fee } = await storeApi<{ domicil: number }>(store.url, '/shipping/wilaya/16')
      const total = subtotal - discount + fee
      await page.getByTestId('order-total').filter({ hasText: price(total) }).waitFor()
      await page.getByRole('button', { name: `تأكيد الطلب — ${price(total)}` }).click()

      // Thank-you page: each line with its size and colour, then subtotal, discount, delivery fee and total.
      await page.waitForURL(/\/thank-you$/)
      await page.getByRole('heading', { level: 1, name: 'شكرًا! تم تسجيل طلبك' }).waitFor()
      const details = page.getByRole('region', { name: 'تفاصيل الطلب' })
      for (const line of lines) {
        const item = details.getByRole('listitem').filter({ hasText: line.name })
        await item.getByText(`المقاس: ${line.size}`, { exact: false }).waitFor()
        await item.getByText(`اللون: ${colorName(line.color, 'ar')}`, { exact: false }).waitFor()
      }
      const amounts = details.getByRole('definition')
      assert.deepEqual(await details.getByRole('term').allInnerTexts(), ['المجموع الفرعي', 'الخصم', 'التوصيل', 'المجموع الكلي'])
      assert.deepEqual(await amounts.allInnerTexts(), [price(subtotal), price(-discount), price(fee), price(total)])

      // The server charged what the page showed: the coupon was sent and counted.
      const order = await orderFromApi(page)
      assert.equal(order.couponCode, 'BIENVENUE10')
      assert.equal(order.subtotal, subtotal)
      assert.equal(order.discountAmount, discount)
      assert.equal(order.shippingFee, fee)
      assert.equal(order.totalAmount, order.subtotal - order.discountAmount + order.shippingFee)
      assert.equal(order.totalAmount, total)
      assert.equal(order.customerInfo.phone, '0661234567')
      assert.deepEqual(
        order.orderItems.map((item) => `${item.size}/${item.color}`).sort(),
        lines.map((line) => `${line.size}/${line.color}`).sort(),
      )

      // Once placed, the checkout draft is gone.
      assert.equal(await page.evaluate(() => window.sessionStorage.getItem('checkout-draft')), null)

      // Tracking details show the same lines.
      await page.getByRole('link', { name: 'تتبع طلبي' }).click()
      await page.waitForURL(/\/tracking/)
      await page.getByLabel('رقم الهاتف').fill('0661234567')
      await page.getByRole('button', { name: 'تتبع', exact: true }).click()
      await page.getByRole('button', { name: 'عرض التفاصيل' }).click()
      const dialog = page.getByRole('dialog', { name: 'تفاصيل الطلب' })
      for (const line of lines) {
        const item = dialog.getByRole('listitem').filter({ hasText: line.name })
        await item.getByText(`المقاس: ${line.size}`, { exact: false }).waitFor()
        await item.getByText(`اللون: ${colorName(line.color, 'ar')}`, { exact: false }).waitFor()
      }
      const summaryRow = (term: string) =>
        dialog.locator('dl > div').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) }).getByRole('definition')
      assert.equal(await summaryRow('المجموع الفرعي').innerText(), price(subtotal))
      assert.equal(await summaryRow('الخصم').innerText(), price(-discount))
      assert.equal(await summaryRow('رسوم التوصيل').innerText(), price(fee))
      assert.equal(await summaryRow('المجموع').innerText(), price(total))

      assert.deepEqual(unexpected(errors), [])
    } finally {
      await context.close()
    }
  })

  test('three products without a coupon, home delivery: one order, the stock of each variant taken once, the cart emptied', async () => {
    const lines = await linesOf(await productsInStock(store.url, 3))
    const stockOf = async (line: Line) => {
      const { product } = await storeApi<{ product: ProductDetail }>(store.url, `/product/${line.product._id}`)
      return product.variants?.find((v) => v.size === line.size && v.color === line.color)?.stock
    }
    const before = await Promise.all(lines.map(stockOf))
    const { context, page, errors } = await shopper(browser, store.url)
    // the shop has pixels configured: their scripts are answered here, never fetched
    await recordPixels(context)
    try {
      await checkoutWith(page, lines)
      await fillArabicDelivery(page, { firstName: 'سارة', lastName: 'حداد', phone: '0771234568', address: '8 شارع العربي بن مهيدي، الجزائر' })
      const subtotal = lines.reduce((sum, line) => sum + line.product.price, 0)
      const { domicil: fee } = await storeApi<{ domicil: number }>(store.url, '/shipping/wilaya/16')
      // the thank-you page's code arrives late, as on a slow connection: meanwhile the checkout stays as it
      // was (its button busy), never "your cart is empty"; every page heading drawn is recorded
      let thankYouCode = 0
      await page.route(/\/assets\/thank-you-[^/]*\.js$/, async (route) => {
        thankYouCode++
        await new Promise((resolve) => setTimeout(resolve, 1500))
        await route.continue()
      })
      // (a script of text: the test runner's transform would add helpers the page does not have to a function)
      await page.evaluate(`{
        const seen = (window.headingsSeen = [])
        new MutationObserver(() => {
          for (const h1 of document.querySelectorAll('h1')) if (seen.at(-1) !== h1.textContent) seen.push(h1.textContent)
        }).observe(document.body, { childList: true, subtree: true, characterData: true })
      }`)
      const submit = page.getByRole('button', { name: `تأكيد الطلب — ${price(subtotal + fee)}` })
      await submit.click()
      await page.getByRole('button', { name: 'جارٍ إرسال الطلب…' }).waitFor()
      await page.waitForURL(/\/thank-you$/)
      await page.getByRole('heading', { level: 1, name: 'شكرًا! تم تسجيل طلبك' }).waitFor()
      assert.equal(thankYouCode, 1, "the thank-you page's code was fetched after the tap, and delayed")
      const headings = await page.evaluate<string[]>('window.headingsSeen')
      assert.deepEqual(headings, ['إتمام الطلب', 'شكرًا! تم تسجيل طلبك'], 'from the checkout straight to the thank-you page')
      // the header's cart is emptied once the thank-you page is there
      await page.getByRole('button', { name: 'السلة فارغة' }).waitFor()
      const details = page.getByRole('region', { name: 'تفاصيل الطلب' })
      for (const line of lines) await details.getByRole('listitem').filter({ hasText: line.name }).waitFor()
      const order = await orderFromApi(page)
      assert.equal(order.couponCode, null)
      assert.equal(order.totalAmount, subtotal + fee)
      assert.deepEqual(order.orderItems.map((item) => `${item.product._id}/${item.size}/${item.color}`).sort(), lines.map((l) => `${l.product._id}/${l.size}/${l.color}`).sort())
      // each variant taken once, by the order's one statement
      assert.deepEqual(await Promise.all(lines.map(stockOf)), before.map((stock) => (stock ?? 0) - 1))
      // the cart is empty afterwards
      await page.goto('/cart')
      await page.getByText('سلتك فارغة').first().waitFor()
      assert.deepEqual(unexpected(errors), [])
    } finally {
      await context.close()
    }
  })

  test('ad pixels: PageView, ViewContent, AddToCart, InitiateCheckout, then Purchase with the order as event id', async () => {
    const [product] = await productsInStock(store.url, 1)
    assert.ok(product)
    const [line] = (await linesOf([product])) as [Line]
    const { context, page, errors } = await shopper(browser, store.url)
    const calls = await recordPixels(context)
    try {
      const facebook = (event: string) => calls.facebook.filter((call) => call[0] === 'track' && call[1] === event)
      const tiktok = (event: string) => calls.tiktok.filter((call) => call[0] === 'track' && call[1] === event)

      await addToCart(page, line)
      await waitFor(() => facebook('AddToCart').length === 1 && tiktok('AddToCart').length === 1, 'AddToCart reaches both pixels')
      assert.deepEqual(calls.facebook[0], ['init', FACEBOOK_PIXEL])
      assert.ok(facebook('PageView').length >= 1 && calls.tiktok.some((call) => call[0] === 'page'))
      assert.deepEqual(facebook('ViewContent')[0]?.[2], {
        value: product.price,
        currency: 'DZD',
        content_ids: [product._id],
        content_type: 'product',
        content_name: product.name,
      })
      assert.equal(tiktok('ViewContent').length, 1)
      assert.deepEqual((facebook('AddToCart')[0]?.[2] as { content_ids: string[] }).content_ids, [product._id])

      // Reaching the checkout with something in the cart.
      await page.goto('/cart')
      await page.getByRole('link', { name: 'إتمام الطلب' }).click()
      await page.waitForURL(/\/place-order$/)
      await waitFor(() => facebook('InitiateCheckout').length === 1 && tiktok('InitiateCheckout').length === 1, 'InitiateCheckout reaches both pixels')
      assert.deepEqual(facebook('InitiateCheckout')[0]?.[2], {
        value: product.price,
        currency: 'DZD',
        content_ids: [product._id],
        content_type: 'product',
        num_items: 1,
      })
      assert.equal(facebook('Purchase').length, 0)

      await page.getByLabel('الاسم', { exact: true }).fill('سارة')
      await page.getByLabel('اللقب').fill('بوزيد')
      await page.getByLabel('رقم الهاتف').fill('0771234567')
      await page.getByLabel('الولاية').selectOption('16')
      const commune = page.getByLabel('البلدية')
      await commune.locator('option').nth(1).waitFor({ state: 'attached' })
      await commune.selectOption((await commune.locator('option').nth(1).getAttribute('value')) ?? '')
      await page.getByLabel('العنوان').fill('5 شارع العربي بن مهيدي، الجزائر')
      await page.getByRole('button', { name: /^تأكيد الطلب — / }).click()
      await page.waitForURL(/\/thank-you$/)
      const order = await orderFromApi(page)

      await waitFor(() => facebook('Purchase').length === 1 && tiktok('CompletePayment').length === 1, 'Purchase reaches both pixels')
      assert.deepEqual(facebook('Purchase')[0]?.slice(2), [
        { value: order.totalAmount, currency: 'DZD', content_ids: [product._id], content_type: 'product', num_items: 1 },
        { eventID: order._id },
      ])
      assert.deepEqual(tiktok('CompletePayment')[0]?.[3], { event_id: order._id })
      assert.equal((tiktok('CompletePayment')[0]?.[2] as { value: number }).value, order.totalAmount)

      // The quick order of the product page sends its Purchase with its own order as event id.
      await page.goto(`/product/${product._id}`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      const colour = page.getByRole('radio', { name: colorName(line.color, 'ar'), exact: true })
      if ((await colour.count()) > 0 && (await colour.getAttribute('aria-checked')) !== 'true') await colour.click()
      await page.getByRole('radio', { name: line.size, exact: true }).click()
      await page.getByLabel('الاسم', { exact: true }).fill('سارة')
      await page.getByLabel('اللقب').fill('بوزيد')
      await page.getByLabel('رقم الهاتف').fill('0771234567')
      await page.getByLabel('الولاية').selectOption('16')
      const quickCommune = page.getByLabel('البلدية')
      await quickCommune.locator('option').nth(1).waitFor({ state: 'attached' })
      await quickCommune.selectOption((await quickCommune.locator('option').nth(1).getAttribute('value')) ?? '')
      await page.getByLabel('العنوان').fill('5 شارع العربي بن مهيدي، الجزائر')
      await page.getByRole('button', { name: /^تأكيد الطلب — / }).click()
      await page.waitForURL(/\/thank-you/)
      const quick = await page.evaluate(() => (window.history.state as { usr?: { order?: { _id: string } } } | null)?.usr?.order?._id ?? '')
      assert.ok(quick && quick !== order._id, 'the quick order is a new order')
      await waitFor(() => facebook('Purchase').length === 2 && tiktok('CompletePayment').length === 2, 'the quick order Purchase reaches both pixels')
      assert.deepEqual(facebook('Purchase')[1]?.[3], { eventID: quick })
      assert.deepEqual(tiktok('CompletePayment')[1]?.[3], { event_id: quick })

      assert.deepEqual(unexpected(errors), [])
    } finally {
      await context.close()
    }
  })
})


describe('coupon states in the browser', { concurrency: false }, () => {
  test('minimum order with its amount, expired, limit reached, already used, the 800 ms pause, "checking", applied for 3 s, removed', async () => {
    const cookie = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
    const admin = { cookie, headers: { Origin: store.url } }
    const yesterday = new Date(Date.now() - 86_400_000).toISOString()
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString()
    await storeApi(store.url, '/admin/coupons', { ...admin, method: 'POST', body: { code: 'ETE2025', type: 'percentage', value: 20, startsAt: lastWeek, expiresAt: yesterday } })
    await storeApi(store.url, '/admin/coupons', { ...admin, method: 'POST', body: { code: 'UNEFOIS', type: 'fixed', value: 300, maxUses: 1 } })
    await storeApi(store.url, '/admin/coupons', { ...admin, method: 'POST', body: { code: 'FIDELE', type: 'fixed', value: 200, perCustomerLimit: 1 } })

    // A cheap product (under the 6 000 DA minimum of the demo code KHATWA500).
    // Three pieces of one variant are needed: two earlier orders and the shopper's cart.
    const candidates = await productsInStock(store.url, 10)
    const cheap = candidates.find((product) => product.price < 6000 && product.variants?.some((v) => v.stock >= 3))
    assert.ok(cheap, 'the demo shop has a product under 6 000 DA with 3 pieces in stock')
    const variant = cheap.variants?.find((v) => v.stock >= 3)
    assert.ok(variant)
    const [first] = (await linesOf([cheap])) as [Line]
    const line: Line = { ...first, size: variant.size, color: variant.color }

    // Earlier orders: UNEFOIS used up by someone, FIDELE already used by this shopper's phone.
    const phone = '0551987654'
    const { cities } = await storeApi<{ cities: { _id: number }[] }>(store.url, '/location/states/16/cities')
    const orderWith = (couponCode: string, buyer: string) =>
      storeApi(store.url, '/order/guest', {
        method: 'POST',
        body: {
          orderItems: [{ productId: cheap._id, quantity: 1, size: line.size, color: line.color }],
          customerInfo: { firstName: 'Yacine', lastName: 'Mansouri', phone: buyer, email: null },
          shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'stopdesk' },
          paymentMethod: 'cash_on_delivery',
          couponCode,
        },
      })
    await orderWith('UNEFOIS', '0661112233')
    await orderWith('FIDELE', phone)

    const { context, page, errors } = await shopper(browser, store.url)
    await recordPixels(context)
    try {
      await addToCart(page, line)
      await page.goto('/place-order')
      await page.getByRole('heading', { level: 1, name: 'إتمام الطلب' }).waitFor()
      await page.getByLabel('رقم الهاتف').fill(phone)
      const input = page.getByLabel('رمز التخفيض')
      const message = page.locator('#coupon-message')

      const refusals: [string, string][] = [
        ['KHATWA500', `الحد الأدنى للطلب لهذا الرمز هو ${price(6000)}`],
        ['ETE2025', 'انتهت صلاحية هذا الرمز'],
        ['UNEFOIS', 'استُخدم هذا الرمز العدد الأقصى من المرات'],
        ['FIDELE', 'لقد استخدمت هذا الرمز من قبل'],
      ]
      for (const [code, text] of refusals) {
        await input.fill(code)
        await message.filter({ hasText: text }).waitFor()
        assert.equal(await message.getAttribute('role'), 'alert')
      }

      // The check waits 800 ms after the last keystroke, shows "checking" while the server answers (held
      // 1.5 s here), then the answer.
      await page.route('**/api/v1/coupons/client/validate', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500))
        await route.continue()
      })
      const typed = Date.now()
      const request = page.waitForRequest('**/api/v1/coupons/client/validate')
      await input.fill('BIENVENUE10')
      await request
      const pause = Date.now() - typed
      assert.ok(pause >= 750, `the check waited ${pause} ms`)
      await message.filter({ hasText: 'جارٍ التحقق من الرمز…' }).waitFor()
      const discount = Math.round(cheap.price * 0.1)
      await message.filter({ hasText: `الرمز صالح: خصم ${price(discount)}` }).waitFor()

      // Applied: the message shows, then goes after 3 s; the discount stays.
      await page.getByRole('button', { name: 'تطبيق' }).click()
      const applied = page.getByText('تم تطبيق الرمز بنجاح')
      await applied.waitFor()
      const appliedAt = Date.now()
      await applied.waitFor({ state: 'detached', timeout: 6000 })
      const shown = Date.now() - appliedAt
      assert.ok(shown >= 2500 && shown < 4500, `the applied message stayed ${shown} ms`)
      const summary = page.getByRole('complementary', { name: 'ملخص الطلب' })
      await summary.getByText(price(-discount)).waitFor()

      // Removed: the discount goes and the box is empty again.
      await page.getByRole('button', { name: 'إزالة' }).click()
      await page.getByText('تمت إزالة الرمز BIENVENUE10').waitFor()
      assert.equal(await summary.getByText(price(-discount)).count(), 0)
      assert.equal(await input.inputValue(), '')

      assert.deepEqual(unexpected(errors), [])
    } finally {
      await context.close()
    }
  })
})

/** Polls a condition on what the test recorded (pixel calls arrive through the page). */
async function waitFor(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > end) assert.fail(`timed out: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
