import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Browser } from 'playwright-core'
import { frenchPage, launchBrowser, signIn } from './browser.ts'
import { type RunningStore, startStore } from './server.ts'
import { ownerCookie, productsInStock, storeApi } from './shop.ts'

// The order page in a real browser: the shopper's note stays the shopper's, staff notes go apart and into the
// history, and the variant grid never puts sold units back.

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

interface AdminOrderPage {
  order: { notes: string | null; customerNote: string | null }
  staffNotes: { text: string; staffName: string | null }[]
  history: { kind: string; note: string | null; staffName: string | null }[]
}

describe('back-office orders in a browser', { concurrency: false }, () => {
  test('staff add a note: the customer note is unchanged, the note is listed with its author and kept in the history', async () => {
    const [product] = await productsInStock(store.url, 1)
    const variant = product?.variants?.find((v) => v.stock > 0)
    assert.ok(product && variant)
    const { cities } = await storeApi<{ cities: { _id: number }[] }>(store.url, '/location/states/16/cities')
    const { order } = await storeApi<{ order: { _id: string; trackingNumber: string } }>(store.url, '/order/guest', {
      method: 'POST',
      body: {
        orderItems: [{ productId: product._id, size: variant.size, color: variant.color, quantity: 1 }],
        customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: '0662345678', email: null },
        shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'domicil', address: '3 rue Hassiba Ben Bouali' },
        paymentMethod: 'cash_on_delivery',
        notes: 'Appeler après 17 h',
      },
    })

    const page = await frenchPage(browser, store.url)
    await signIn(page, store.ownerEmail, store.ownerPassword)
    // found by name with the words in either order
    await page.goto(`/admin/orders?search=${encodeURIComponent('Benali Amine')}`)
    await page.getByRole('link', { name: order.trackingNumber }).click()
    await page.getByRole('heading', { level: 1, name: `Commande ${order.trackingNumber}` }).waitFor()

    // the shopper's note is shown beside the call and with the customer, in no field staff can edit
    await page.getByRole('region', { name: 'Appel de confirmation' }).getByText('Appeler après 17 h').waitFor()
    await page.getByRole('region', { name: 'Client et livraison' }).getByText('Appeler après 17 h').waitFor()
    for (const field of await page.locator('textarea, input[type="text"], input:not([type])').all()) {
      assert.notEqual(await field.inputValue(), 'Appeler après 17 h')
    }

    const notes = page.getByRole('region', { name: 'Notes de l’équipe' })
    await notes.getByLabel('Nouvelle note (visible par l’équipe seulement)').fill('Note A')
    await notes.getByRole('button', { name: 'Ajouter la note' }).click()
    const list = notes.getByRole('list', { name: 'Notes de l’équipe, les plus anciennes d’abord' })
    await list.getByText('Note A').waitFor()
    await list.getByText('Owner', { exact: true }).waitFor()
    const history = page.getByRole('region', { name: 'Historique' })
    await history.getByText('Note de l’équipe').waitFor()
    await history.getByText('Note A').waitFor()
    await page.getByRole('region', { name: 'Client et livraison' }).getByText('Appeler après 17 h').waitFor()

    // the courier id: kept in the history too
    const tracking = page.getByRole('region', { name: 'Suivi du livreur' })
    await tracking.getByLabel('N° de suivi du livreur').fill('YAL-4242')
    await tracking.getByRole('button', { name: 'Enregistrer' }).click()
    await history.getByText('YAL-4242').waitFor()

    const cookie = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
    const saved = await storeApi<AdminOrderPage>(store.url, `/admin/orders/${order._id}`, { cookie })
    assert.equal(saved.order.notes, 'Appeler après 17 h')
    assert.deepEqual(saved.staffNotes.map((n) => n.text), ['Note A'])
    assert.deepEqual(saved.history.filter((h) => h.kind !== 'status').map((h) => [h.kind, h.note]), [
      ['staff_note', 'Note A'],
      ['tracking_id', 'YAL-4242'],
    ])
    await page.context().close()
  })

  test('the variant grid saved as loaded plus a new size keeps the units sold meanwhile', async () => {
    const cookie = await ownerCookie(store.url, store.ownerEmail, store.ownerPassword)
    const { categories } = await storeApi<{ categories: { _id: string }[] }>(store.url, '/admin/categories', { cookie })
    const { product } = await storeApi<{ product: { _id: string } }>(store.url, '/admin/products', {
      method: 'POST',
      cookie,
      body: { nameFr: 'Mocassin e2e', price: 5000, categoryId: categories[0]?._id, variants: [{ size: '42', color: 'black', stock: 20 }] },
    })

    const page = await frenchPage(browser, store.url)
    await signIn(page, store.ownerEmail, store.ownerPassword)
    await page.goto(`/admin/products/${product._id}`)
    const grid = page.getByRole('region', { name: 'Tailles, couleurs et stock' })
    await grid.getByLabel('Stock 42 · Noir').waitFor()
    assert.equal(await grid.getByLabel('Stock 42 · Noir').inputValue(), '20')

    // 5 are sold while the grid is open
    const { cities } = await storeApi<{ cities: { _id: number }[] }>(store.url, '/location/states/16/cities')
    await storeApi(store.url, '/order/guest', {
      method: 'POST',
      body: {
        orderItems: [{ productId: product._id, size: '42', color: 'black', quantity: 5 }],
        customerInfo: { firstName: 'Nadia', lastName: 'Kaci', phone: '0663456789', email: null },
        shippingAddress: { wilayaId: '16', communeId: cities[0]?._id, type: 'domicil', address: '8 rue Didouche Mourad' },
        paymentMethod: 'cash_on_delivery',
      },
    })

    await grid.getByLabel('Nouvelle taille').fill('43')
    await grid.getByRole('button', { name: 'Ajouter', exact: true }).click()
    await grid.getByLabel('Stock 43 · Noir').fill('4')
    await grid.getByRole('button', { name: 'Enregistrer le stock et les variantes' }).click()
    await grid.getByLabel('Stock 42 · Noir').and(page.locator('[value="15"]')).waitFor()

    const saved = await storeApi<{ product: { variants: { size: string; stock: number }[] } }>(store.url, `/admin/products/${product._id}`, { cookie })
    assert.deepEqual(Object.fromEntries(saved.product.variants.map((v) => [v.size, v.stock])), { '42': 15, '43': 4 })

    // a changed cell whose stock moved is refused in view, the typed value kept
    await storeApi(store.url, '/admin/variants/stock', {
      method: 'PATCH',
      cookie,
      body: { items: [{ variantId: (saved.product.variants as { _id?: string; size: string }[]).find((v) => v.size === '43')?._id, stock: 9 }] },
    })
    await grid.getByLabel('Stock 43 · Noir').fill('6')
    await grid.getByRole('button', { name: 'Enregistrer le stock et les variantes' }).click()
    const alert = grid.getByRole('alert')
    await alert.getByText('43 · Noir : 4 à l’ouverture, 9 maintenant, vous avez saisi 6').waitFor()
    assert.equal(await grid.getByLabel('Stock 43 · Noir').inputValue(), '6')
    await alert.getByRole('button', { name: 'Reprendre le stock actuel' }).click()
    assert.equal(await grid.getByLabel('Stock 43 · Noir').inputValue(), '9')
    await page.context().close()
  })
})
