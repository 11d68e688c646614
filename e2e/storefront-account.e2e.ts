import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { colorName, translate } from '@shop/shared'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { type ProductDetail, type ProductVariant, productsInStock, shopper, storeApi } from './shop.ts'

// The shopper's account in Arabic on a phone (390x844), against the real server and the demo shop:
// a guest's cart carried into a new account, the orders page and its filters, the profile's password
// form, the cart badge while the cart loads, and a guest who never causes a failing request.

let store: RunningStore
let browser: Browser
let stock: ProductDetail[]

const PASSWORD = 'tapis-rouge-2026'
const CART_LOADING = 'السلة، جارٍ التحميل…'
const CART_EMPTY = 'السلة فارغة'

/** An Algerian mobile that no other test uses: 06 followed by 8 random digits. */
const freshPhone = () => `06${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`
const freshEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.dz`

function inStock(product: ProductDetail): ProductVariant {
  const variant = product.variants?.find((entry) => entry.stock > 0)
  assert.ok(variant, `${product.name} has a variant in stock`)
  return variant
}

/** A new account made through the API; its session cookie, for pages that start signed in. */
async function accountCookie(email: string, phone?: string): Promise<{ name: string; value: string }> {
  const reply = await fetch(`${store.url}/api/v1/auth/client/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ firstName: 'Amina', lastName: 'Kaci', email, password: PASSWORD, confirmPassword: PASSWORD, ...(phone ? { phone } : {}) }),
  })
  assert.equal(reply.status, 201, `sign-up: ${reply.status}`)
  const [pair] = reply.headers.getSetCookie()[0]?.split(';') ?? []
  const [name, value] = (pair ?? '').split('=')
  assert.ok(name && value, 'the sign-up sets the session cookie')
  return { name, value }
}

async function signedInShopper(email: string) {
  const cookie = await accountCookie(email)
  const session = await shopper(browser, store.url)
  await session.context.addCookies([{ ...cookie, url: store.url }])
  return { ...session, cookie: `${cookie.name}=${cookie.value}` }
}

/** The session cookie of a browser context, as a Cookie header for the store's API. */
async function cookieOf(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies(store.url)
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
}

const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^السلة/ })

async function addToCartOnProductPage(page: Page, product: ProductDetail, variant: ProductVariant) {
  await page.goto(`/product/${product._id}`)
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor()
  const colorPicker = page.getByRole('radio', { name: colorName(variant.color, 'ar'), exact: true })
  if (variant.color && (await colorPicker.count()) > 0) await colorPicker.click()
  await page.getByRole('radio', { name: variant.size, exact: true }).click()
  await page.getByRole('button', { name: 'أضف إلى السلة' }).first().click()
  await cartButton(page).and(page.getByRole('button', { name: 'السلة، منتج واحد' })).waitFor()
}

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
  // the pages are in Arabic: the products are read with their Arabic names
  stock = await Promise.all(
    (await productsInStock(store.url, 2)).map(
      async (found) => (await storeApi<{ product: ProductDetail }>(store.url, `/product/${found._id}`, { headers: { 'Accept-Language': 'ar' } })).product,
    ),
  )
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

describe('the shopper account in a browser (Arabic, phone)', { concurrency: false }, () => {
  test('a guest browsing home, a product and the cart causes no console error (no 401 from the account check)', async () => {
    const { context, page, errors } = await shopper(browser, store.url)
    const refused: string[] = []
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`)
    })
    try {
      await page.goto('/')
      await cartButton(page).and(page.getByRole('button', { name: CART_EMPTY })).waitFor()
      await page.goto(`/product/${stock[0]?._id}`)
      await page.getByRole('heading', { level: 1, name: stock[0]?.name }).waitFor()
      await page.goto('/cart')
      await page.getByRole('heading', { level: 1, name: 'سلة التسوق' }).waitFor()
      await page.getByText('سلتك فارغة').first().waitFor()
      await page.waitForLoadState('networkidle')
      assert.deepEqual(refused, [], 'no request of a guest is refused')
      assert.deepEqual(errors, [], 'no console error on guest pages')
    } finally {
      await context.close()
    }
  })

  test('a guest carries the cart into a new account, orders, and finds the order with filters kept in the address', async () => {
    const { context, page, errors } = await shopper(browser, store.url)
    try {
      const product = stock[0] as ProductDetail
      const variant = inStock(product)
      await addToCartOnProductPage(page, product, variant)

      // sign-up through the form, with the optional phone
      const email = freshEmail('journey')
      const phone = freshPhone()
      await page.goto('/auth/register')
      await page.getByLabel('الاسم', { exact: true }).fill('ياسين')
      await page.getByLabel('اللقب', { exact: true }).fill('منصوري')
      await page.getByLabel('البريد الإلكتروني').fill(email)
      const phoneField = page.getByLabel(/^رقم الهاتف/)
      await phoneField.fill('0212345678')
      await page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD)
      await page.getByLabel('تأكيد كلمة المرور').fill(PASSWORD)
      await page.getByLabel(/أوافق على شروط الاستخدام/).check()
      await page.getByRole('button', { name: 'إنشاء الحساب', exact: true }).click()
      await page.getByText(translate('ar', 'validation:phone.invalid')).waitFor()
      assert.equal(await phoneField.getAttribute('aria-invalid'), 'true', 'a landline is refused under the phone field')
      await phoneField.fill(`+213 ${phone.slice(1, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 8)} ${phone.slice(8)}`)
      await page.getByRole('button', { name: 'إنشاء الحساب', exact: true }).click()
      await page.waitForURL((url) => url.pathname === '/')
      const cookie = await cookieOf(context)
      const { user } = await storeApi<{ user: { email: string; phone: string | null } | null }>(store.url, '/auth/client/session', { cookie })
      assert.equal(user?.email, email)
      assert.equal(user?.phone, phone, 'the optional phone is stored on the account')

      // the guest cart is now the account's cart
      await page.goto('/cart')
      await page.getByRole('link', { name: product.name }).first().waitFor()
      await cartButton(page).and(page.getByRole('button', { name: 'السلة، منتج واحد' })).waitFor()

      // checkout through the form
      await page.goto('/place-order')
      await page.getByRole('heading', { level: 1, name: 'إتمام الطلب' }).waitFor()
      await page.getByLabel('الاسم', { exact: true }).fill('ياسين')
      await page.getByLabel('اللقب', { exact: true }).fill('منصوري')
      await page.getByLabel('رقم الهاتف', { exact: true }).fill(phone)
      await page.getByLabel('الولاية').selectOption('16')
      const commune = page.getByLabel('البلدية')
      await commune.locator('option').nth(1).waitFor({ state: 'attached' })
      const communeName = (await commune.locator('option').nth(1).textContent())?.trim() ?? ''
      await commune.selectOption({ index: 1 })
      await page.getByRole('radio', { name: /التوصيل إلى المنزل/ }).check()
      await page.getByLabel('العنوان').fill('12 شارع ديدوش مراد')
      await page.getByRole('button', { name: /^تأكيد الطلب/ }).click()
      await page.waitForURL(/\/thank-you/)

      // more orders of the same account (other phones) so the list has two pages, from whatever is in stock
      const pool = (await productsInStock(store.url, 6)).flatMap((found) =>
        (found.variants ?? []).filter((entry) => entry.stock > 0).map((entry) => ({ productId: found._id, size: entry.size, color: entry.color, left: entry.stock })),
      )
      const { cities } = await storeApi<{ cities: { _id: number }[] }>(store.url, '/location/states/16/cities')
      for (let i = 0; i < 10; i++) {
        const line = pool.find((entry) => entry.left > 0)
        assert.ok(line, 'the demo shop has 10 more units in stock')
        line.left -= 1
        await storeApi(store.url, '/order/client', {
          method: 'POST',
          cookie,
          body: {
            orderItems: [{ productId: line.productId, quantity: 1, size: line.size, color: line.color }],
            customerInfo: { firstName: 'Yacine', lastName: 'Mansouri', phone: freshPhone() },
            shippingAddress: { wilayaId: 16, communeId: cities[0]?._id, type: 'stopdesk' },
            paymentMethod: 'cash_on_delivery',
          },
        })
      }

      // the orders page: status filter, then the second page; a reload keeps both
      await page.goto('/orders')
      await page.getByRole('heading', { level: 1, name: 'طلباتي' }).waitFor()
      await page.getByText('11 طلبًا').waitFor()
      await page.getByLabel('الحالة').selectOption('pending')
      await page.waitForURL((url) => url.searchParams.get('status') === 'pending')
      await page.getByRole('navigation', { name: 'صفحات الطلبات' }).getByRole('button', { name: 'التالي' }).click()
      await page.waitForURL((url) => url.searchParams.get('page') === '2')
      await page.getByText('صفحة 2 من 2').waitFor()
      await page.reload()
      await page.getByText('صفحة 2 من 2').waitFor()
      const kept = new URL(page.url())
      assert.equal(kept.searchParams.get('status'), 'pending', 'the status stays in the address')
      assert.equal(kept.searchParams.get('page'), '2', 'the page stays in the address')
      assert.equal(await page.getByLabel('الحالة').inputValue(), 'pending', 'the status filter is still chosen after the reload')

      // the oldest order (the one placed through the form) is on page 2, with its details
      const card = page.getByRole('listitem').filter({ hasText: product.name }).filter({ hasText: communeName }).first()
      await card.waitFor()
      const cardText = (await card.textContent()) ?? ''
      assert.ok(cardText.includes(`المقاس: ${variant.size}`), `the line's size is shown: ${cardText}`)
      if (variant.color) assert.ok(cardText.includes(`اللون: ${colorName(variant.color, 'ar')}`), 'the line colour is shown')
      assert.ok(cardText.includes('12 شارع ديدوش مراد'), 'the delivery address is shown')
      assert.ok(cardText.includes('التوصيل إلى المنزل'), 'the delivery type is shown')
      await card.getByRole('list', { name: 'مراحل الطلب' }).getByText('قيد الانتظار').waitFor()

      // Back returns to the first page with the status kept
      await page.goBack()
      await page.waitForURL((url) => url.searchParams.get('page') === null && url.searchParams.get('status') === 'pending')
      await page.getByText('صفحة 1 من 2').waitFor()

      // the shopper's own phone, typed as +213, finds the order placed with it
      await page.getByRole('searchbox', { name: 'بحث' }).fill(`+213${phone.slice(1)}`)
      await page.getByRole('search').getByRole('button', { name: 'بحث', exact: true }).click()
      await page.getByText('طلب واحد').waitFor()
      assert.equal(new URL(page.url()).searchParams.get('q'), `+213${phone.slice(1)}`)
      await page.getByRole('listitem').filter({ hasText: communeName }).first().waitFor()

      // a filter that matches nothing says so and offers to clear the filters
      await page.getByLabel('الحالة').selectOption('delivered')
      await page.getByText('لا يوجد طلب مطابق').waitFor()
      assert.equal(await page.getByText('لا توجد طلبات بعد').count(), 0, 'not the "no orders yet" state')
      await page.getByRole('button', { name: 'مسح عوامل التصفية' }).click()
      await page.getByText('11 طلبًا').waitFor()
      assert.equal(new URL(page.url()).search, '', 'cleared filters leave the address plain')
      assert.deepEqual(errors, [], 'no console error on the journey')
    } finally {
      await context.close()
    }
  })

  test('a wrong current password is shown under the field on the profile', async () => {
    const { context, page } = await signedInShopper(freshEmail('password'))
    try {
      await page.goto('/profile')
      await page.getByRole('heading', { level: 2, name: 'تغيير كلمة المرور' }).waitFor()
      const current = page.getByLabel('كلمة المرور الحالية')
      await current.fill('not-my-password-1')
      await page.getByLabel('كلمة المرور الجديدة').fill('sable-chaud-2027')
      await page.locator('#pw-confirm').fill('sable-chaud-2027')
      await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click()
      const message = translate('ar', 'errors:WRONG_PASSWORD')
      await page.getByText(message).first().waitFor()
      assert.equal(await current.getAttribute('aria-invalid'), 'true', 'the current-password field is marked invalid')
      const describedBy = (await current.getAttribute('aria-describedby')) ?? ''
      assert.ok(describedBy.includes('pw-current-error'), 'the error is announced with the field')
      assert.equal((await page.locator('#pw-current-error').textContent())?.trim(), message)
    } finally {
      await context.close()
    }
  })

  test('the cart badge shows a busy state, never "empty", while a signed-in cart loads', async () => {
    const { context, page, cookie } = await signedInShopper(freshEmail('badge'))
    try {
      const product = stock[1] as ProductDetail
      const variant = inStock(product)
      await storeApi(store.url, '/cart/client/add', { method: 'POST', cookie, body: { productId: product._id, quantity: 1, size: variant.size, color: variant.color } })
      // every label the cart button shows, from the first paint on
      await context.addInitScript(() => {
        const seen: string[] = []
        ;(window as unknown as { cartLabels: string[] }).cartLabels = seen
        new MutationObserver(() => {
          for (const button of document.querySelectorAll('header button[aria-controls]')) {
            const label = button.getAttribute('aria-label') ?? ''
            const entry = `${label}|${button.getAttribute('aria-busy')}`
            if (label.startsWith('السلة') && seen.at(-1) !== entry) seen.push(entry)
          }
        }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label', 'aria-busy'] })
      })
      await page.route('**/api/v1/cart/client', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2_000))
        await route.continue()
      })
      await page.goto('/')
      const busy = cartButton(page).and(page.getByRole('button', { name: CART_LOADING }))
      await busy.waitFor()
      assert.equal(await busy.getAttribute('aria-busy'), 'true')
      await cartButton(page).and(page.getByRole('button', { name: 'السلة، منتج واحد' })).waitFor()
      const labels = await page.evaluate(() => (window as unknown as { cartLabels: string[] }).cartLabels)
      assert.ok(labels.length > 0)
      assert.ok(!labels.some((label) => label.startsWith(CART_EMPTY)), `the badge never said empty: ${labels.join(' → ')}`)
    } finally {
      await context.close()
    }
  })
})
