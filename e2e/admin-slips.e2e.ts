import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Browser } from 'playwright-core'
import { frenchPage, launchBrowser, signIn } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { productsInStock, storeApi } from './shop.ts'

// Delivery slips printed in a batch, and the product editor's unsaved-changes warning, in a real browser
// against the real server on a fresh demo shop.

let store: RunningStore
let browser: Browser

before(async () => {
  store = await startStore()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await store?.stop()
})

/** A guest order of one unit of the product's first variant in stock, as the storefront places it. */
async function placeOrder(productId: string, size: string, color: string, phone: string) {
  const { cities } = await storeApi<{ cities: { _id: number }[] }>(store.url, '/location/states/16/cities')
  const { order } = await storeApi<{ order: { _id: string; trackingNumber: string } }>(store.url, '/order/guest', {
    method: 'POST',
    body: {
      orderItems: [{ productId, size, color, quantity: 1 }],
      customerInfo: { firstName: 'Nadia', lastName: 'Kaci', phone, email: null },
      shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'domicil', address: '8 rue Hassiba Ben Bouali' },
      paymentMethod: 'cash_on_delivery',
    },
  })
  return order
}

describe('back office: slips and unsaved changes', { concurrency: false }, () => {
  test('two orders ticked in the list print as one document: two slips, two pages, each with its barcode and products', async () => {
    const products = await productsInStock(store.url, 2)
    const orders = []
    for (const [i, product] of products.entries()) {
      const variant = product.variants?.find((v) => v.stock > 0)
      assert.ok(variant, 'a variant in stock')
      orders.push({ ...(await placeOrder(product._id, variant.size, variant.color, `066123450${i}`)), variant })
    }

    const page = await frenchPage(browser, store.url)
    await signIn(page, store.ownerEmail, store.ownerPassword)
    await page.goto('/admin/orders')
    for (const order of orders) {
      await page.getByRole('checkbox', { name: new RegExp(`Choisir la commande .${order.trackingNumber}.`) }).check()
    }
    await page.getByRole('link', { name: 'Imprimer les bordereaux (2)' }).click()
    await page.waitForURL(/\/admin\/orders\/slips\?ids=/)
    await page.getByRole('heading', { name: '2 bordereaux de livraison' }).waitFor()

    await page.emulateMedia({ media: 'print' })
    const slips = page.locator('article.delivery-slip')
    await slips.nth(1).waitFor()
    assert.equal(await slips.count(), 2)
    for (const [i, order] of orders.entries()) {
      const slip = slips.nth(i)
      assert.equal(await slip.getAttribute('data-slip'), order.trackingNumber)
      const barcode = slip.locator(`svg[data-barcode="${order.trackingNumber}"]`)
      assert.ok((await barcode.locator('rect').count()) > 20, 'the barcode has bars')
      assert.equal(await slip.locator('figcaption').textContent(), order.trackingNumber)
      const line = slip.locator('tbody tr')
      assert.equal(await line.count(), 1)
      const cells = await line.locator('td').allTextContents()
      assert.equal(cells[1], order.variant.size)
      assert.ok((cells[2] ?? '').length > 0, 'the colour is written')
      assert.equal(cells[3], '1')
      assert.ok(((await slip.textContent()) ?? '').includes('Montant à encaisser'))
    }
    // the shell (menu, buttons) is not printed, each slip is its own page
    assert.equal(await page.getByRole('button', { name: 'Imprimer' }).isVisible(), false)
    const pdf = await page.pdf({ preferCSSPageSize: true })
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []
    assert.equal(pages.length, 2, 'one slip per printed page')
    await page.context().close()
  })

  test('the product editor warns before unsaved changes are lost, in the app and on closing the tab', async () => {
    const [product] = await productsInStock(store.url, 1)
    assert.ok(product)
    const page = await frenchPage(browser, store.url)
    await signIn(page, store.ownerEmail, store.ownerPassword)
    await page.goto(`/admin/products/${product._id}`)
    const name = page.getByLabel('Nom en français')
    await name.waitFor()
    const original = await name.inputValue()
    await name.fill(`${original} modifié`)

    await page.getByRole('link', { name: /Retour aux produits/ }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Modifications non enregistrées' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Rester et continuer' }).click()
    await dialog.waitFor({ state: 'detached' })
    assert.match(page.url(), new RegExp(`/admin/products/${product._id}$`))
    assert.equal(await name.inputValue(), `${original} modifié`)

    // closing the tab: the browser's own "leave the site?" question
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', async (question) => {
        resolve(question.type())
        await question.accept()
      })
    })
    await page.close({ runBeforeUnload: true })
    assert.equal(await asked, 'beforeunload')
  })
})
