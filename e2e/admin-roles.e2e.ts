import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Browser } from 'playwright-core'
import { frenchPage, launchBrowser, signIn } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { ownerCookie, productsInStock, storeApi } from './shop.ts'

// Roles in a real browser: an agent works orders only; the owner reads a price change in the audit log.

let store: RunningStore
let browser: Browser
let trackingNumber = ''
const AGENT = { email: 'lina@khatwa.dz', password: 'agent-test-password', name: 'Lina Mansouri' }

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
  const cookie = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
  await storeApi(store.url, '/admin/staff', { method: 'POST', cookie, body: { ...AGENT, role: 'agent' } })
  // a shopper's order for the agent to work, placed as the storefront does
  const [product] = await productsInStock(store.url, 1)
  const variant = product?.variants?.find((v) => v.stock > 0)
  assert.ok(product && variant)
  const { cities } = await storeApi<{ cities: { _id: number }[] }>(store.url, '/location/states/16/cities')
  const { order } = await storeApi<{ order: { trackingNumber: string } }>(store.url, '/order/guest', {
    method: 'POST',
    body: {
      orderItems: [{ productId: product._id, size: variant.size, color: variant.color, quantity: 1 }],
      customerInfo: { firstName: 'Samir', lastName: 'Bouzid', phone: '0661234567', email: null },
      shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'domicil', address: '5 rue Larbi Ben Mhidi' },
      paymentMethod: 'cash_on_delivery',
    },
  })
  trackingNumber = order.trackingNumber
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

describe('staff roles in a browser', { concurrency: false }, () => {
  test('an agent sees orders but no coupons or delivery prices, and cannot open the audit log', async () => {
    const page = await frenchPage(browser, store.url)
    await signIn(page, AGENT.email, AGENT.password)
    const nav = page.getByRole('navigation', { name: 'Navigation principale' })
    const links = await nav.getByRole('link').allTextContents()
    assert.deepEqual(links, ['Tableau de bord', 'Commandes', 'File d’appels', 'Rappels'])
    await nav.getByRole('link', { name: 'Commandes' }).click()
    await page.getByRole('heading', { level: 1, name: 'Commandes' }).waitFor()
    // the shopper's order is listed and opens; the courier export is not offered to an agent
    await page.getByRole('link', { name: trackingNumber }).click()
    await page.getByRole('heading', { level: 1, name: `Commande ${trackingNumber}` }).waitFor()
    await page.getByRole('region', { name: 'Appel de confirmation' }).waitFor()
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: 'Commandes' }).waitFor()
    assert.equal(await page.getByRole('link', { name: /Exporter/ }).count(), 0)

    for (const [path, heading] of [
      ['/admin/audit-log', 'Réservé au propriétaire'],
      ['/admin/coupons', 'Non accessible à votre rôle'],
      ['/admin/delivery-prices', 'Non accessible à votre rôle'],
    ] as const) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
    }
    // and the API refuses what the screens hide
    const reply = await page.request.get('/api/v1/admin/audit-log')
    assert.equal(reply.status(), 403)
    await page.context().close()
  })

  test('the owner changes a price and finds it in the audit log, who and before/after', async () => {
    const [product] = await productsInStock(store.url, 1)
    assert.ok(product)
    const page = await frenchPage(browser, store.url)
    await signIn(page, store.ownerEmail, store.ownerPassword)
    await page.goto(`/admin/products/${product._id}`)
    const price = page.getByLabel('Prix (DA)')
    await price.waitFor()
    const newPrice = product.price + 1000
    await price.fill(String(newPrice))
    await page.getByRole('button', { name: 'Enregistrer les informations' }).click()
    await page.getByText('Enregistré.').first().waitFor()

    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Journal des modifications' }).click()
    await page.getByRole('heading', { level: 1, name: 'Journal des modifications' }).waitFor()
    await page.getByLabel('Type').selectOption('price')
    await page.waitForURL(/kind=price/)
    const entry = page.getByRole('list', { name: 'Journal des modifications' }).getByRole('listitem').first()
    const text = (await entry.textContent()) ?? ''
    const digits = (amount: number) => String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202F')
    assert.match(text, new RegExp(`Prix: ${digits(product.price)} DA → ${digits(newPrice)} DA`))
    assert.match(text, /par /)

    // the same screen on a phone, in Arabic, with the same session
    const phone = await browser.newContext({ baseURL: store.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    await phone.addCookies(await page.context().cookies())
    await phone.addInitScript(() => window.localStorage.setItem('admin-lang', 'ar'))
    const small = await phone.newPage()
    await small.goto('/admin/audit-log')
    await small.getByRole('heading', { level: 1, name: 'سجل التغييرات' }).waitFor({ timeout: 15_000 })
    await small.getByRole('list', { name: 'سجل التغييرات' }).getByRole('listitem').first().waitFor({ timeout: 15_000 })
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    assert.ok(overflow <= 0, `the audit log scrolls sideways by ${overflow} px at 390 px`)
    if (process.env.E2E_SCREENSHOTS) await small.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/audit-log-390-ar.png`, fullPage: true })
    // the staff screen too: the three roles and the password reset, without sideways scrolling
    await small.goto('/admin/staff')
    const role = small.getByRole('combobox', { name: `دور ${AGENT.name}` })
    await role.waitFor({ timeout: 15_000 })
    assert.deepEqual(await role.locator('option').allTextContents(), ['مالك', 'مدير', 'وكيل طلبيات'])
    await small.getByRole('button', { name: `إعادة تعيين كلمة المرور لـ ${AGENT.name}` }).click()
    const staffOverflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    assert.ok(staffOverflow <= 0, `the staff screen scrolls sideways by ${staffOverflow} px at 390 px`)
    if (process.env.E2E_SCREENSHOTS) await small.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/staff-390-ar.png`, fullPage: true })
    await phone.close()
    await page.context().close()
  })
})
