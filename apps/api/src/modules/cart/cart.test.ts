import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { products, variants } from '../../db/schema.ts'
import { type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'

for (const target of TEST_TARGETS) {
  describe(`client cart and merge on ${target}`, () => {
    let shop: Shop
    let cookie = ''
    before(async () => {
      shop = await startShop(target)
      const res = await shop.http('POST', '/api/v1/auth/client/signup', {
        body: { firstName: 'Lina', lastName: 'Khelifi', email: 'lina@example.dz', password: 'jardin-des-plantes' },
      })
      cookie = res.cookie
    })
    after(async () => shop.close())

    test('the client cart: add (both paths), update, remove, clear', async () => {
      const add = await shop.http('POST', '/api/v1/cart/client', { cookie, body: { productId: shop.catalogue.scarf.id, quantity: 1 } })
      assert.equal(add.status, 200)
      const again = await shop.http('POST', '/api/v1/cart/client/add', { cookie, body: { productId: shop.catalogue.scarf.id, quantity: 2 } })
      assert.equal(again.body.data.cart.items.length, 1)
      assert.equal(again.body.data.cart.cartCount, 3)
      const itemId = again.body.data.cart.items[0]._id
      const patch = await shop.http('PATCH', `/api/v1/cart/client/item/${itemId}`, { cookie, body: { quantity: 1 } })
      assert.equal(patch.body.data.cart.subtotal, 1500)
      const del = await shop.http('DELETE', `/api/v1/cart/client/item/${itemId}`, { cookie })
      assert.equal(del.body.data.cart.isEmpty, true)
      await shop.http('POST', '/api/v1/cart/client/add', { cookie, body: { productId: shop.catalogue.coat.id, quantity: 1 } })
      const clear = await shop.http('DELETE', '/api/v1/cart/client/clear', { cookie })
      assert.equal(clear.body.data.cart.isEmpty, true)
    })

    test('adding more than the stock adds what is left and says how many; a full line or a sold-out variant is refused', async () => {
      const sessionId = (await shop.guestSession())
      const headers = { 'x-session-id': sessionId, 'accept-language': 'fr' }
      const coat = shop.catalogue.coat // one variant, stock 2
      const partial = await shop.http('POST', '/api/v1/cart/guest/add', { headers, body: { productId: coat.id, quantity: 5 } })
      assert.equal(partial.status, 200, JSON.stringify(partial.body))
      assert.equal(partial.body.data.requested, 5)
      assert.equal(partial.body.data.added, 2)
      assert.equal(partial.body.message, 'Il ne reste que 2 en stock.')
      assert.equal(partial.body.data.cart.items[0].quantity, 2)
      const full = await shop.http('POST', '/api/v1/cart/guest/add', { headers, body: { productId: coat.id, quantity: 1 } })
      assert.equal(full.status, 422)
      assert.equal(full.body.code, 'QUANTITY_ABOVE_STOCK')
      const whole = await shop.http('POST', '/api/v1/cart/guest/add', { headers, body: { productId: shop.catalogue.scarf.id, quantity: 3 } })
      assert.equal(whole.body.data.added, 3)
      assert.equal(whole.body.message, 'Article ajouté au panier !')
      const soldOut = await shop.http('POST', '/api/v1/cart/guest/add', { headers, body: { productId: shop.catalogue.runner.id, size: '43' } })
      assert.equal(soldOut.status, 422)
      assert.equal(soldOut.body.code, 'OUT_OF_STOCK')
      const cart = (await shop.http('GET', '/api/v1/cart/guest', { headers })).body.data.cart
      assert.deepEqual(cart.items.map((i: { quantity: number }) => i.quantity).sort(), [2, 3])
    })

    test('merge adds quantities of the same variant, capped at stock, and removes the guest cart', async () => {
      const coatVariant = shop.catalogue.coat.variants[0]?.id as string // stock 2
      await shop.http('POST', '/api/v1/cart/client/add', { cookie, body: { productId: shop.catalogue.coat.id, quantity: 1 } })
      const sessionId = (await shop.guestSession())
      const headers = { 'x-session-id': sessionId }
      await shop.http('POST', '/api/v1/cart/guest/add', { headers, body: { productId: shop.catalogue.coat.id, quantity: 2 } })
      await shop.http('POST', '/api/v1/cart/guest/add', { headers, body: { productId: shop.catalogue.derby.id, quantity: 1 } })
      const merged = await shop.http('POST', '/api/v1/cart/merge', { cookie, headers, body: { sessionId } })
      assert.equal(merged.status, 200)
      const coat = merged.body.data.cart.items.find((i: { variantId: string }) => i.variantId === coatVariant)
      assert.equal(coat.quantity, 2, '1 + 2 capped at the stock of 2')
      assert.equal(merged.body.data.cart.items.length, 2)
      const guestAfter = await shop.http('GET', '/api/v1/cart/guest', { headers })
      assert.notEqual(guestAfter.body.data.sessionId, sessionId)
    })

    test('items whose product is withdrawn or sold out are flagged, not removed, and leave the subtotal', async () => {
      await shop.http('DELETE', '/api/v1/cart/client/clear', { cookie })
      await shop.http('POST', '/api/v1/cart/client/add', { cookie, body: { productId: shop.catalogue.derby.id, quantity: 1 } })
      await shop.http('POST', '/api/v1/cart/client/add', { cookie, body: { productId: shop.catalogue.scarf.id, quantity: 1 } })
      await shop.database.db.update(products).set({ isActive: false }).where(eq(products.id, shop.catalogue.derby.id))
      await shop.database.db.update(variants).set({ stock: 0 }).where(eq(variants.productId, shop.catalogue.scarf.id))
      const cart = (await shop.http('GET', '/api/v1/cart/client', { cookie })).body.data.cart
      assert.equal(cart.items.length, 2)
      assert.ok(cart.items.every((i: { available: boolean }) => !i.available))
      assert.equal(cart.hasUnavailable, true)
      assert.equal(cart.subtotal, 0)
    })

    test('the OpenAPI document lists every storefront route', async () => {
      const res = await shop.http('GET', '/api/docs')
      const paths = Object.keys(res.body.paths)
      for (const path of ['/api/v1/product', '/api/v1/cart/guest/add', '/api/v1/order/guest', '/api/v1/tracking', '/api/v1/coupons/client/validate', '/api/v1/auth/client/reset-password']) {
        assert.ok(paths.includes(path), path)
      }
    })
  })
}
