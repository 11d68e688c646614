import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Browser } from 'playwright-core'
import { type FakeCouriers, startFakeCouriers } from '../apps/api/src/modules/couriers/fakes/fake-couriers.ts'
import { frenchPage, launchBrowser, signIn } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { ownerCookie, productsInStock, shopper, storeApi } from './shop.ts'

// Shipping with a courier from the back office, in a real browser against the real server and the local fake
// Yalidine (nothing leaves 127.0.0.1): the owner ships a confirmed order, prints its label, and once the
// courier's signed webhook says "Livré" sees the order delivered on its page and the shopper on /tracking.

const WEBHOOK_SECRET = 'e2e-yalidine-webhook-secret'
const PHONE = '0667123456'

let store: RunningStore
let browser: Browser
let fakes: FakeCouriers
let cookie: string

before(async () => {
  fakes = await startFakeCouriers()
  store = await startStore()
  browser = await launchBrowser()
  cookie = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
})

after(async () => {
  await browser?.close()
  await store?.stop()
  await fakes?.close()
})

describe('back office: shipping with a courier', { concurrency: false }, () => {
  test('the owner ships a confirmed order with Yalidine, prints its label, and sees it delivered on the order page and on /tracking', async () => {
    const { account } = await storeApi<{ account: { _id: string } }>(store.url, '/admin/couriers', {
      method: 'POST',
      cookie,
      body: { name: 'Yalidine', engine: 'yalidine', baseUrl: fakes.yalidine.baseUrl, credentials: fakes.yalidine.credentials, webhookSecret: WEBHOOK_SECRET, senderWilayaCode: 16, isDefault: true },
    })
    await storeApi(store.url, `/admin/couriers/${account._id}/places/sync`, { method: 'POST', cookie })

    const [product] = await productsInStock(store.url, 1)
    const variant = product?.variants?.find((v) => v.stock > 0)
    assert.ok(product && variant)
    const { cities } = await storeApi<{ cities: { _id: number }[] }>(store.url, '/location/states/16/cities')
    const { order } = await storeApi<{ order: { _id: string; trackingNumber: string } }>(store.url, '/order/guest', {
      method: 'POST',
      body: {
        orderItems: [{ productId: product._id, size: variant.size, color: variant.color, quantity: 1 }],
        customerInfo: { firstName: 'Nadia', lastName: 'Kaci', phone: PHONE, email: null },
        shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'domicil', address: '8 rue Hassiba Ben Bouali' },
        paymentMethod: 'cash_on_delivery',
      },
    })
    const { order: detail } = await storeApi<{ order: { version: number } }>(store.url, `/admin/orders/${order._id}`, { cookie })
    await storeApi(store.url, `/admin/orders/${order._id}/call`, { method: 'POST', cookie, body: { outcome: 'confirmed', version: detail.version } })

    const page = await frenchPage(browser, store.url)
    await signIn(page, store.ownerEmail, store.ownerPassword)
    await page.goto(`/admin/orders/${order._id}`)
    const shipping = page.getByRole('region', { name: 'Expédition' })
    await shipping.getByRole('button', { name: 'Expédier avec le livreur' }).click()

    const parcel = shipping.getByRole('article')
    const refused = shipping.getByRole('alert')
    await parcel.or(refused).first().waitFor()
    assert.equal(await refused.count(), 0, `the order was shipped: ${await refused.allInnerTexts()}`)
    const [tracking] = [...fakes.yalidine.parcels.keys()]
    assert.ok(tracking, 'the parcel was created at the fake Yalidine')
    assert.equal(fakes.yalidine.parcels.get(tracking)?.orderId, order.trackingNumber, "the courier's parcel carries the order's number")
    assert.ok(((await parcel.innerText()) ?? '').includes(tracking), 'the tracking number is shown')

    // the label opens as a PDF in a new tab
    const label = parcel.getByRole('link', { name: 'Étiquette (PDF)' })
    const href = await label.getAttribute('href')
    assert.ok(href)
    const pdf = await page.request.get(href)
    assert.equal(pdf.status(), 200)
    assert.equal(pdf.headers()['content-type'], 'application/pdf')
    assert.equal((await pdf.body()).subarray(0, 5).toString('latin1'), '%PDF-')
    const [tab] = await Promise.all([page.context().waitForEvent('page'), label.click()])
    await tab.close()

    // the courier's news, signed as Yalidine signs it, reaches the store's webhook
    const sent = await fakes.yalidine.sendWebhook(`${store.url}/api/v1/couriers/${account._id}/webhook`, WEBHOOK_SECRET, [
      { tracking, status: 'Expédié', eventId: 'e2e-1', occurredAt: new Date(Date.now() - 7200_000).toISOString() },
      { tracking, status: 'Sorti en livraison', eventId: 'e2e-2', occurredAt: new Date(Date.now() - 3600_000).toISOString() },
      { tracking, status: 'Livré', eventId: 'e2e-3', occurredAt: new Date().toISOString() },
    ])
    assert.deepEqual(
      sent.map((reply) => reply.status),
      [200],
      'the store took the signed webhook',
    )

    await page.reload()
    await page.getByText('Livrée').first().waitFor()
    const timeline = page.getByRole('list', { name: 'Suivi du livreur, le plus récent en premier' })
    // each step in the store's words and the courier's own
    await timeline.getByText('Livré', { exact: true }).first().waitFor()
    await timeline.getByText('En cours de livraison').first().waitFor()
    await timeline.getByText('(Sorti en livraison)').first().waitFor()
    // the order's own history names the courier as the one who moved it
    await page.getByRole('region', { name: 'Historique' }).getByText('Livreur').first().waitFor()
    await page.context().close()

    // the shopper's tracking shows the courier's news in Arabic
    const { page: shopperPage, context } = await shopper(browser, store.url)
    try {
      await shopperPage.goto('/tracking')
      await shopperPage.getByLabel('رقم الهاتف').fill(PHONE)
      await shopperPage.getByRole('button', { name: 'تتبع', exact: true }).click()
      const card = shopperPage.getByRole('listitem').filter({ hasText: order.trackingNumber })
      await card.first().waitFor()
      await card.first().getByRole('button', { name: 'عرض التفاصيل' }).click()
      const courier = shopperPage.getByRole('region', { name: 'أخبار شركة التوصيل' })
      await courier.getByText('تم تسليم الطرد').waitFor()
    } finally {
      await context.close()
    }
  })
})
