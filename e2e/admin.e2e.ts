import assert from 'node:assert/strict'
import { after, afterEach, before, describe, test } from 'node:test'
import type { Browser } from 'playwright-core'
import sharp from 'sharp'
import { frenchPage, launchBrowser, signIn, takeCspViolations } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'

// The back office driven in a real browser against the real server on a fresh database (the demo shop).

let store: RunningStore
let browser: Browser

/** `data` of a success envelope from the store's public API; fails the test on any refusal. */
async function publicApi<T>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const reply = await fetch(`${store.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { Accept: 'application/json', 'Accept-Language': 'fr', ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    body: init.body ? JSON.stringify(init.body) : undefined,
  })
  const body = (await reply.json()) as { status: string; data: T; code?: string; message?: string }
  assert.equal(body.status, 'success', `${init.method ?? 'GET'} ${path}: ${reply.status} ${body.code} ${body.message}`)
  return body.data
}

interface PublicProduct {
  _id: string
  name: string
  price: number
  sizes: string[]
  variants?: { _id: string; size: string; color: string; stock: number }[]
  images?: { src: string }[]
}

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

// the store's Content-Security-Policy blocks nothing the pages load (e2e/browser.ts records Chromium's reports)
afterEach(() => {
  assert.deepEqual(takeCspViolations(), [], 'no Content Security Policy violation')
})

describe('back office in a browser', { concurrency: false }, () => {
  test('the Content-Security-Policy is in force: an injected inline script is refused and the back office cannot be framed', async () => {
    const page = await frenchPage(browser, store.url)
    try {
      await signIn(page, store.ownerEmail, store.ownerPassword)
      // what an injected <script> would do: the policy has no 'unsafe-inline', so it never runs
      const ran = await page.evaluate(async () => {
        const script = document.createElement('script')
        script.textContent = 'window.__injected = true'
        document.head.appendChild(script)
        await new Promise((resolve) => setTimeout(resolve, 100))
        return (window as unknown as { __injected?: boolean }).__injected === true
      })
      assert.equal(ran, false, 'an inline script does not run in the back office')
      // the storefront (same origin) tries to show the back office in a frame: frame-ancestors 'none'
      const storefront = await page.context().newPage()
      await storefront.goto('/about')
      const framed = await storefront.evaluate(async () => {
        const frame = document.createElement('iframe')
        frame.src = '/admin/login'
        document.body.appendChild(frame)
        await new Promise((resolve) => setTimeout(resolve, 1500))
        try {
          return frame.contentDocument?.querySelector('#root') !== null && frame.contentDocument?.querySelector('#root') !== undefined
        } catch {
          return false
        }
      })
      assert.equal(framed, false, 'the back office does not load inside a frame')
      const violations = takeCspViolations()
      assert.ok(violations.some((line) => line.includes('script-src')), `the inline script was reported: ${violations.join(' | ')}`)
      assert.ok(violations.some((line) => line.includes('frame-ancestors')), `the framing was reported: ${violations.join(' | ')}`)
    } finally {
      await page.context().close()
    }
  })

  test('an owner confirms a new order after the call, then ships and delivers it', async () => {
    // A shopper's order, placed through the public API as the storefront does.
    const { products } = await publicApi<{ products: PublicProduct[] }>('/product?limit=20')
    let item: { productId: string; size: string; color: string } | undefined
    for (const summary of products) {
      const { product } = await publicApi<{ product: PublicProduct }>(`/product/${summary._id}`)
      const variant = product.variants?.find((v) => v.stock > 0)
      if (variant) {
        item = { productId: product._id, size: variant.size, color: variant.color }
        break
      }
    }
    assert.ok(item, 'the demo shop has a product in stock')
    const { cities } = await publicApi<{ cities: { _id: number }[] }>('/location/states/16/cities')
    const { order } = await publicApi<{ order: { _id: string; trackingNumber: string } }>('/order/guest', {
      method: 'POST',
      body: {
        orderItems: [{ ...item, quantity: 1 }],
        customerInfo: { firstName: 'Samir', lastName: 'Bouzid', phone: '0661234567', email: null },
        shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'domicil', address: '5 rue Larbi Ben Mhidi' },
        paymentMethod: 'cash_on_delivery',
      },
    })

    const page = await frenchPage(browser, store.url)
    await signIn(page, store.ownerEmail, store.ownerPassword)

    // The order waits in the "to call" list.
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Commandes' }).click()
    await page.getByRole('button', { name: 'À appeler' }).click()
    await page.waitForURL(/status=pending/)
    await page.getByRole('link', { name: order.trackingNumber }).click()
    await page.getByRole('heading', { level: 1, name: `Commande ${order.trackingNumber}` }).waitFor()

    // The call: confirmed.
    const call = page.getByRole('region', { name: 'Appel de confirmation' })
    assert.equal(await call.getByRole('link', { name: /0661234567/ }).getAttribute('href'), 'tel:0661234567')
    await call.getByLabel('Commande confirmée').check()
    await call.getByRole('button', { name: 'Enregistrer le résultat' }).click()
    await page.getByRole('region', { name: 'Changer le statut' }).getByRole('button', { name: 'Passer en préparation' }).waitFor()
    assert.equal(await page.getByRole('region', { name: 'Appel de confirmation' }).count(), 0)

    // Preparing, handed to the courier, delivered: each button is one of the moves the server allows.
    const moves = page.getByRole('region', { name: 'Changer le statut' })
    await moves.getByRole('button', { name: 'Passer en préparation' }).click()
    await moves.getByRole('button', { name: 'Remettre au livreur' }).click()
    await moves.getByRole('button', { name: 'Marquer livrée' }).click()
    await moves.getByRole('button', { name: 'Marquer livrée' }).waitFor({ state: 'detached' })
    // Delivered is final: only deleting (staff may delete from any status) is left.
    assert.deepEqual(await moves.getByRole('button').allTextContents(), ['Supprimer la commande'])
    const saved = await page.request.get(`/api/v1/admin/orders/${order._id}`)
    const detail = (await saved.json()) as { data: { order: { status: string } } }
    assert.equal(detail.data.order.status, 'delivered')

    const history = page.getByRole('region', { name: 'Historique' })
    for (const status of ['Confirmée', 'En préparation', 'Expédiée', 'Livrée']) {
      await history.getByText(status, { exact: true }).first().waitFor()
    }
    await page.context().close()
  })

  test('an owner creates a product with two sizes and an image, and the storefront shows it', async () => {
    const page = await frenchPage(browser, store.url)
    await signIn(page, store.ownerEmail, store.ownerPassword)
    await page.goto('/admin/products/new')
    await page.getByLabel('Nom en arabe').fill('حذاء رياضي تجريبي')
    await page.getByLabel('Nom en français').fill('Basket e2e')
    await page.getByLabel('Prix (DA)').fill('6500')
    const category = page.getByLabel('Catégorie')
    const firstCategory = await category.locator('option').nth(1).getAttribute('value')
    assert.ok(firstCategory, 'the demo shop has categories')
    await category.selectOption(firstCategory)
    for (const size of ['41', '42']) {
      await page.getByLabel('Nouvelle taille').fill(size)
      await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
    }
    await page.getByText('Noir', { exact: true }).click()
    await page.getByLabel('Stock pour toutes les cases').fill('7')
    await page.getByRole('button', { name: 'Appliquer à tout' }).click()
    await page.getByRole('button', { name: 'Créer le produit' }).click()
    await page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}$/)
    const productId = page.url().split('/').at(-1) ?? ''

    const png = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#2e6b4f' } }).png().toBuffer()
    await page.locator('input[type="file"]').setInputFiles({ name: 'basket.png', mimeType: 'image/png', buffer: png })
    await page.getByRole('img', { name: 'Image du produit 1' }).waitFor()

    const { product } = await publicApi<{ product: PublicProduct }>(`/product/${productId}`)
    assert.equal(product.price, 6500)
    assert.deepEqual([...product.sizes].sort(), ['41', '42'])
    assert.deepEqual(product.variants?.map((v) => v.stock), [7, 7])
    assert.equal(product.images?.length, 1)

    // The storefront's own product page answers for it.
    const storefront = await page.context().newPage()
    const reply = await storefront.goto(`${store.url}/product/${productId}`)
    assert.equal(reply?.status(), 200)
    await page.context().close()
  })

  test('an owner changes the home delivery price of a wilaya and the storefront charges it', async () => {
    const before = await publicApi<{ price: number }>('/shipping/one?wilaya=31&type=domicil')
    const page = await frenchPage(browser, store.url)
    await signIn(page, store.ownerEmail, store.ownerPassword)
    await page.goto('/admin/delivery-prices')
    await page.getByLabel('Chercher une wilaya').fill('Oran')
    const newPrice = before.price === 777 ? 778 : 777
    await page.getByLabel('Domicile · Oran').fill(String(newPrice))
    await page.getByRole('button', { name: 'Enregistrer · Oran' }).click()
    await page.getByRole('button', { name: 'Enregistrer · Oran' }).and(page.locator(':disabled')).waitFor()

    const after = await publicApi<{ price: number }>('/shipping/one?wilaya=31&type=domicil')
    assert.equal(after.price, newPrice)
    await page.context().close()
  })

  test('an owner creates a coupon and a shopper can use it', async () => {
    const page = await frenchPage(browser, store.url)
    await signIn(page, store.ownerEmail, store.ownerPassword)
    await page.goto('/admin/coupons')
    await page.getByLabel('Code', { exact: true }).fill('E2ETEST15')
    await page.getByLabel('Remise (%)').fill('15')
    await page.getByRole('button', { name: 'Créer le code' }).click()
    await page.getByText('Code E2ETEST15 créé.').waitFor()
    await page.getByRole('table', { name: 'Codes promo' }).getByRole('rowheader', { name: 'E2ETEST15' }).waitFor()

    const result = await publicApi<{ orderSummary: { discountAmount: number; finalAmount: number } }>(
      '/coupons/client/validate',
      { method: 'POST', body: { code: 'e2etest15', orderAmount: 10_000 } },
    )
    assert.equal(result.orderSummary.discountAmount, 1500)
    assert.equal(result.orderSummary.finalAmount, 8500)
    await page.context().close()
  })
})
