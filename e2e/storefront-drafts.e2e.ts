import assert from 'node:assert/strict'
import { after, afterEach, before, describe, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, takeCspViolations, watchCsp } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { ownerCookie, PHONE, productsInStock, shopper, storeApi } from './shop.ts'

// An abandoned quick order, end to end: a shopper on a 390 px phone, in Arabic, fills a name and a phone on a
// product page and leaves without ordering; the draft is on the back office's call-back list, where an agent
// on a phone sees it with its call and WhatsApp links.

let store: RunningStore
let browser: Browser
let owner = ''
let agent = ''

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
  owner = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
  // a call-centre seat: the agent role works this list
  const password = 'call-centre-seat-2026'
  await storeApi(store.url, '/admin/staff', { method: 'POST', cookie: owner, body: { email: 'agent@khatwa.dz', name: 'Lina', password, role: 'agent' } })
  agent = await ownerCookie(store.url, 'agent@khatwa.dz', password)
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

afterEach(() => {
  assert.deepEqual(takeCspViolations(), [], 'no Content Security Policy violation')
})

/** A mobile number no other test uses: 06 and eight random digits. */
function newPhone(): string {
  return `06${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`
}

interface Draft {
  _id: string
  phone: string
  firstName: string
  lastName: string
  productId: string
  size: string | null
  color: string | null
  locale: string
}

async function draftsOf(phone: string): Promise<Draft[]> {
  const { drafts } = await storeApi<{ drafts: Draft[] }>(store.url, '/admin/drafts?limit=100', { cookie: owner })
  return drafts.filter((draft) => draft.phone === phone)
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  assert.fail(`timed out waiting until ${what}`)
}

/** The page's width against the controls drawn beyond it (nothing may need a sideways drag on a phone). */
async function outsideTheScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth
    const outside: string[] = []
    if (document.scrollingElement && document.scrollingElement.scrollWidth > width + 1) outside.push(`page ${document.scrollingElement.scrollWidth}px wide`)
    for (const element of document.querySelectorAll<HTMLElement>('button, input, select, a[href]')) {
      const box = element.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1 || element.closest('[inert], [aria-hidden="true"]')) continue
      if (box.left < -1 || box.right > width + 1) outside.push(element.textContent?.trim().slice(0, 30) ?? element.tagName)
    }
    return outside
  })
}

describe('abandoned quick orders', { concurrency: false }, () => {
  test('a shopper on a phone fills a name and a phone and leaves: the draft is on the call-back list', async () => {
    const [product] = await productsInStock(store.url, 1)
    assert.ok(product)
    const phone = newPhone()
    const { context, page } = await shopper(browser, store.url, { locale: 'ar' })
    const saves: string[] = []
    // the saves made with fetch (a beacon sent as the page goes does not pass here)
    await context.route('**/api/v1/drafts', async (route) => {
      saves.push(route.request().method())
      await route.continue()
    })
    try {
      await page.goto(`/product/${product._id}`)
      const form = page.locator('#quick-order')
      // the privacy line sits under the phone field, in Arabic
      await form.getByText('قد يتصل بك المتجر بخصوص هذا الطلب إن لم تُكمله.').waitFor()
      await form.getByLabel('الاسم', { exact: true }).fill('سارة')
      // typed key by key: no request per keystroke, one save once the typing pauses
      await form.getByLabel('رقم الهاتف').pressSequentially(phone, { delay: 40 })
      await page.waitForTimeout(4500)
      assert.equal(saves.length, 1, `${saves.length} saves after typing the phone`)
      await eventually(async () => (await draftsOf(phone)).length === 1, 'the draft is listed')
      // then the last name, and the shopper leaves for another site at once, without ordering: the change goes
      // with the beacon the page sends as it is hidden (set by hand: the helper's goto waits for a storefront page)
      await form.getByLabel('اللقب', { exact: true }).fill('بوزيد')
      await page.evaluate(() => window.location.assign('about:blank'))
      await page.waitForURL('about:blank')
      await eventually(async () => (await draftsOf(phone))[0]?.lastName === 'بوزيد', 'the beacon saved the last name')
      assert.equal(saves.length, 1, 'the beacon is the only other save')
    } finally {
      await context.close()
    }
    const [draft] = await draftsOf(phone)
    assert.equal(draft?.firstName, 'سارة')
    assert.equal(draft?.productId, product._id)
    assert.equal(draft?.locale, 'ar')

    // an agent on a phone, in Arabic, finds it on the call-back list
    const agentContext = await browser.newContext({ baseURL: store.url, viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true })
    watchCsp(agentContext)
    try {
      await agentContext.addInitScript(() => window.localStorage.setItem('admin-lang', 'ar'))
      const [name, value] = agent.split(';')[0]!.split('=') as [string, string]
      await agentContext.addCookies([{ name, value, url: store.url }])
      const admin = await agentContext.newPage()
      admin.setDefaultTimeout(15_000)
      await admin.goto('/admin')
      await admin.getByRole('button', { name: 'فتح القائمة' }).click()
      await admin.getByRole('link', { name: 'إعادة الاتصال' }).click()
      await admin.getByRole('heading', { level: 1, name: 'إعادة الاتصال' }).waitFor()
      const card = admin.getByRole('listitem', { name: 'سارة بوزيد' })
      await card.waitFor()
      assert.equal(await card.getByRole('link', { name: 'الاتصال بـ سارة بوزيد' }).getAttribute('href'), `tel:${phone}`)
      const whatsapp = await card.getByRole('link', { name: 'مراسلة سارة بوزيد عبر واتساب' }).getAttribute('href')
      assert.ok(whatsapp?.startsWith(`https://wa.me/213${phone.slice(1)}?text=`), whatsapp ?? '')
      assert.equal(await admin.locator('html').getAttribute('dir'), 'rtl')
      assert.deepEqual(await outsideTheScreen(admin), [], 'nothing beyond the 390 px screen')
      // the form asking for what is missing fits too
      await card.getByRole('button', { name: 'إنشاء الطلبية' }).click()
      await card.getByRole('form').waitFor()
      assert.deepEqual(await outsideTheScreen(admin), [], 'the order form fits the 390 px screen')
    } finally {
      await agentContext.close()
    }
  })
})
