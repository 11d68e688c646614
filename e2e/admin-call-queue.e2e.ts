import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { ownerCookie, PHONE, type ProductDetail, staffPage, storeApi } from './shop.ts'

// The confirmation-call queue in a real browser: an agent on a 390 px phone, in Arabic, works three orders
// with the keyboard (confirmed after a size changed during the call, postponed and back at its time, fake),
// with the customer card of each phone beside the call, then a customer confirms an order
// through the confirmation link on the storefront. Screenshots of both go to docs/screenshots/.

const AGENT = { email: 'nadia@khatwa.dz', password: 'agent-test-password', name: 'Nadia Cherif' }
const SHOTS = path.resolve(import.meta.dirname, '..', 'docs', 'screenshots')

let store: RunningStore
let browser: Browser
let ownerSession: string
/** The size the first customer asks to change to, during the call. */
let toSize: string
const orders: { _id: string; trackingNumber: string }[] = []

interface OrderView {
  order: { status: string; trackingNumber: string }
  history: { callOutcome: string | null; byClient: boolean; toStatus: string }[]
  confirmLink: string | null
}
const orderPage = (id: string) => storeApi<OrderView>(store.url, `/admin/orders/${id}`, { cookie: ownerSession })

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
  ownerSession = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
  await storeApi(store.url, '/admin/staff', { method: 'POST', cookie: ownerSession, body: { ...AGENT, role: 'agent' } })
  // a product with two sizes of one colour in stock: the first customer asks for the other size on the phone
  let product: ProductDetail | undefined
  let variant: NonNullable<ProductDetail['variants']>[number] | undefined
  const { products } = await storeApi<{ products: { _id: string }[] }>(store.url, '/product?limit=40')
  for (const summary of products) {
    const { product: detail } = await storeApi<{ product: ProductDetail }>(store.url, `/product/${summary._id}`)
    const inStock = (detail.variants ?? []).filter((v) => v.stock >= 4)
    const from = inStock.find((v) => inStock.some((w) => w.color === v.color && w.size !== v.size))
    if (!from) continue
    product = detail
    variant = from
    toSize = inStock.find((w) => w.color === from.color && w.size !== from.size)!.size
    break
  }
  assert.ok(product && variant, 'the demo shop has a product with two sizes of one colour in stock')
  const { cities } = await storeApi<{ cities: { _id: number }[] }>(store.url, '/location/states/16/cities')
  // three customers, oldest first: the queue hands them out in this order
  for (const [firstName, phone] of [['سمير', '0661234567'], ['ليلى', '0551234568'], ['كريم', '0771234569']] as const) {
    // ordered on the Arabic storefront: the call's WhatsApp message and the confirmation link are in Arabic
    const { order } = await storeApi<{ order: { _id: string; trackingNumber: string } }>(store.url, '/order/guest', {
      method: 'POST',
      headers: { 'Accept-Language': 'ar' },
      body: {
        orderItems: [{ productId: product._id, size: variant.size, color: variant.color, quantity: 1 }],
        customerInfo: { firstName, lastName: 'بن علي', phone, email: null },
        shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'domicil', address: '5 نهج العربي بن مهيدي' },
        paymentMethod: 'cash_on_delivery',
        notes: firstName === 'سمير' ? 'اتصلوا بعد الخامسة مساءً' : undefined,
      },
    })
    orders.push(order)
  }
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

/** The back office on a phone in Arabic, signed in with `cookie` (or signed out). */
function phoneContext(cookie: string | null): Promise<{ context: BrowserContext; page: Page }> {
  return staffPage(browser, store.url, cookie, { viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale: 'ar-DZ', timeout: 15_000 })
}

/** The current call card shows this order (its number in the card's title). */
async function expectCurrent(page: Page, trackingNumber: string) {
  await page.getByRole('heading', { name: new RegExp(`المكالمة الحالية: الطلب \u2068${trackingNumber}\u2069`) }).waitFor()
}

describe('the call queue on a phone, in Arabic', { concurrency: false }, () => {
  test('an agent confirms one order by keyboard, postpones one that comes back at its time, marks one fake; a customer confirms through the link', async () => {
    const agentCookie = await ownerCookie(store.url, AGENT.email, AGENT.password)
    const { context, page } = await phoneContext(agentCookie)
    try {
      await page.goto('/admin/call-queue')
      await page.getByRole('heading', { level: 1, name: 'طابور مكالمات التأكيد' }).waitFor()
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl')
      const [first, second, third] = orders as [(typeof orders)[0], (typeof orders)[0], (typeof orders)[0]]

      // N: the oldest order, held for this agent; the outcomes show their keys
      await page.keyboard.press('n')
      await expectCurrent(page, first.trackingNumber)
      assert.equal(await page.getByRole('link', { name: /اتصل/ }).first().getAttribute('href'), 'tel:0661234567')
      const whatsapp = new URL((await page.getByRole('link', { name: 'واتساب' }).getAttribute('href')) ?? '')
      assert.equal(whatsapp.host, 'wa.me')
      assert.equal(whatsapp.pathname, '/213661234567')
      assert.match(whatsapp.searchParams.get('text') ?? '', new RegExp(`مرحبًا سمير.*${first.trackingNumber}.*/confirm/`))
      const outcomes = page.getByRole('group', { name: 'نتائج المكالمة' })
      assert.equal(await outcomes.getByRole('button').count(), 8)
      assert.equal(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth), true, 'nothing scrolls sideways at 390 px')
      await mkdir(SHOTS, { recursive: true })
      await page.screenshot({ path: path.join(SHOTS, 'call-queue-ar.png'), fullPage: true })

      // the customer card of the phone is beside the call
      await page.getByRole('heading', { name: 'الزبون' }).first().waitFor()

      // during the call the customer asks for another size: the agent edits the order, then records the outcome
      await page.getByRole('button', { name: 'تعديل الطلبية' }).click()
      const size = page.getByRole('combobox', { name: 'المقاس' })
      await size.locator('option', { hasText: toSize }).first().waitFor({ state: 'attached' })
      await size.selectOption(toSize)
      await page.getByRole('button', { name: 'حفظ التعديلات' }).click()
      await page.getByRole('button', { name: 'تعديل الطلبية' }).waitFor()
      const edited = await storeApi<{ order: { items: { size: string }[] } }>(store.url, `/admin/orders/${first._id}`, { cookie: ownerSession })
      assert.deepEqual(
        edited.order.items.map((item) => item.size),
        [toSize],
        'the order now holds the size asked for',
      )
      // the shortcut keys act once the focus has left the form
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())

      // 1: confirmed, by keyboard
      await page.keyboard.press('1')
      await page.getByText('سُجّلت النتيجة: أكّد الطلبية').waitFor()
      assert.equal((await orderPage(first._id)).order.status, 'confirmed')

      // N, then 5: postponed to a few seconds from now (a date and time with seconds); it leaves the queue
      await page.keyboard.press('n')
      await expectCurrent(page, second.trackingNumber)
      await page.keyboard.press('5')
      const callbackAt = Date.now() + 8000
      const local = await page.evaluate((at) => {
        const date = new Date(at)
        return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19)
      }, callbackAt)
      await page.getByLabel('تاريخ ووقت آخر').fill(local)
      await page.getByRole('button', { name: 'تأجيل', exact: true }).click()
      await page.getByText('سُجّلت النتيجة: طلب الاتصال لاحقًا').waitFor()
      const later = await storeApi<{ counts: { callbacksLater: number } }>(store.url, '/admin/call-queue', { cookie: agentCookie })
      assert.equal(later.counts.callbacksLater, 1)

      // N, then 7: fake, cancelled with its stock back
      await page.keyboard.press('n')
      await expectCurrent(page, third.trackingNumber)
      await page.keyboard.press('7')
      await page.getByText('سُجّلت النتيجة: طلبية وهمية').waitFor()
      const fake = await orderPage(third._id)
      assert.equal(fake.order.status, 'cancelled')
      assert.equal(fake.history.at(-1)?.callOutcome, 'fake')

      // before its time the queue is empty; at its time the postponed order is back and N gives it
      await page.keyboard.press('n')
      await page.getByText('لا توجد طلبات للاتصال الآن.').waitFor()
      while (Date.now() < callbackAt + 500) await page.waitForTimeout(250)
      await page.getByRole('button', { name: /الطلب التالي/ }).click()
      await expectCurrent(page, second.trackingNumber)
    } finally {
      await context.close()
    }

    // the customer opens the confirmation link on the storefront (Arabic by default) and confirms
    const { confirmLink } = await orderPage(orders[1]!._id)
    assert.ok(confirmLink)
    const customer = await phoneContext(null)
    try {
      await customer.page.goto(confirmLink)
      await customer.page.getByRole('heading', { level: 1, name: 'تأكيد طلبك' }).waitFor()
      assert.equal(await customer.page.evaluate(() => document.documentElement.dir), 'rtl')
      await customer.page.getByText('مرحبًا ليلى، هذا ملخص طلبك.').waitFor()
      assert.equal((await orderPage(orders[1]!._id)).order.status, 'pending', 'opening the link changed nothing')
      await customer.page.screenshot({ path: path.join(SHOTS, 'confirm-link-ar.png'), fullPage: true })
      await customer.page.getByRole('button', { name: 'أؤكد طلبي' }).click()
      await customer.page.getByText('شكرًا! طلبك مؤكد وسنجهزه للشحن.').waitFor()
      const confirmed = await orderPage(orders[1]!._id)
      assert.equal(confirmed.order.status, 'confirmed')
      assert.equal(confirmed.history.at(-1)?.byClient, true)
      // a second visit shows the answer and offers no button
      await customer.page.reload()
      await customer.page.getByText('شكرًا! طلبك مؤكد وسنجهزه للشحن.').waitFor()
      assert.equal(await customer.page.getByRole('button', { name: 'أؤكد طلبي' }).count(), 0)
    } finally {
      await customer.context.close()
    }
  })
})
