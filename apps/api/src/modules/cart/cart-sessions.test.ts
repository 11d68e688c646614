import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { count, eq } from 'drizzle-orm'
import { cartItems, carts, shopSettings } from '../../db/schema.ts'
import { type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'

for (const target of TEST_TARGETS) {
  describe(`guest cart sessions on ${target}`, () => {
    let shop: Shop
    before(async () => {
      shop = await startShop(target)
    })
    after(async () => shop.close())

    const cartRows = async () => Number((await shop.database.db.select({ n: count() }).from(carts))[0]?.n ?? 0)
    const scarf = () => ({ productId: shop.catalogue.scarf.id, quantity: 1 })

    test('reading the guest cart creates nothing: GET /cart/guest x 40, without a session id or with an unknown one', async () => {
      const before = await cartRows()
      for (let i = 0; i < 20; i++) {
        const res = await shop.http('GET', '/api/v1/cart/guest')
        assert.equal(res.status, 200)
        assert.equal(res.body.data.sessionId, null)
        assert.equal(res.body.data.cart.isEmpty, true)
      }
      for (let i = 0; i < 20; i++) {
        const res = await shop.http('GET', '/api/v1/cart/guest', { headers: { 'x-session-id': randomUUID() } })
        assert.equal(res.status, 200)
        assert.equal(res.body.data.sessionId, null, 'an id the server never issued is not taken up')
      }
      assert.equal(await cartRows(), before, 'no cart row was written')
    })

    test('the first add issues the session id; an add under an id the server never issued gets a fresh one', async () => {
      const first = await shop.http('POST', '/api/v1/cart/guest/add', { body: scarf() })
      assert.equal(first.status, 200)
      const issued = first.body.data.sessionId as string
      assert.match(issued, /^[0-9a-f-]{36}$/)
      assert.equal(first.body.data.cart.sessionId, issued)
      const again = await shop.http('POST', '/api/v1/cart/guest/add', { headers: { 'x-session-id': issued }, body: scarf() })
      assert.equal(again.body.data.sessionId, issued, 'a known id is kept')
      assert.equal(again.body.data.cart.cartCount, 2)
      const read = await shop.http('GET', '/api/v1/cart/guest', { headers: { 'x-session-id': issued } })
      assert.equal(read.body.data.sessionId, issued)
      assert.equal(read.body.data.cart.cartCount, 2)

      const invented = randomUUID()
      const planted = await shop.http('POST', '/api/v1/cart/guest/add', { headers: { 'x-session-id': invented }, body: scarf() })
      assert.equal(planted.status, 200)
      const fresh = planted.body.data.sessionId as string
      assert.notEqual(fresh, invented, 'the invented id is replaced by a server-issued one')
      assert.equal(planted.body.data.cart.cartCount, 1)
      const [row] = await shop.database.db.select({ n: count() }).from(carts).where(eq(carts.sessionId, invented))
      assert.equal(Number(row?.n), 0, 'no cart under the invented id')
    })

    test('after a merge the old guest id is answered CART_MERGED for every change, and reads as an empty cart', async () => {
      const signup = await shop.http('POST', '/api/v1/auth/client/signup', {
        body: { firstName: 'Nour', lastName: 'Haddad', email: 'nour@example.dz', password: 'oliviers-de-kabylie' },
      })
      const first = await shop.http('POST', '/api/v1/cart/guest/add', { body: scarf() })
      const sessionId = first.body.data.sessionId as string
      const itemId = first.body.data.cart.items[0]._id as string
      const headers = { 'x-session-id': sessionId }
      const merged = await shop.http('POST', '/api/v1/cart/merge', { cookie: signup.cookie, headers, body: { sessionId } })
      assert.equal(merged.status, 200)
      const late = await shop.http('POST', '/api/v1/cart/guest/add', { headers, body: scarf() })
      assert.equal(late.status, 409)
      assert.equal(late.body.code, 'CART_MERGED')
      const patch = await shop.http('PATCH', `/api/v1/cart/guest/item/${itemId}`, { headers, body: { quantity: 2 } })
      assert.equal(patch.body.code, 'CART_MERGED')
      const del = await shop.http('DELETE', `/api/v1/cart/guest/item/${itemId}`, { headers })
      assert.equal(del.body.code, 'CART_MERGED')
      const clear = await shop.http('DELETE', '/api/v1/cart/guest/clear', { headers })
      assert.equal(clear.body.code, 'CART_MERGED')
      const read = await shop.http('GET', '/api/v1/cart/guest', { headers })
      assert.equal(read.body.data.sessionId, null)
      assert.equal(read.body.data.cart.isEmpty, true)
      const client = await shop.http('GET', '/api/v1/cart/client', { cookie: signup.cookie })
      assert.equal(client.body.data.cart.cartCount, 1, 'nothing was added behind the merge')
    })

    test('adds fired while the login merges the guest cart: never 500, never lost', async () => {
      const email = `race-${randomUUID().slice(0, 8)}@example.dz`
      const password = 'palmeraie-de-biskra'
      await shop.http('POST', '/api/v1/auth/client/signup', { body: { firstName: 'Samir', lastName: 'Brahimi', email, password } })
      // the waves add up to 40 units of one item: above the shop's default per-item limit
      await shop.database.db.update(shopSettings).set({ maxLineQuantity: 100, maxOrderQuantity: 100 }).where(eq(shopSettings.id, 1))
      for (let round = 0; round < 3; round++) {
        const first = await shop.http('POST', '/api/v1/cart/guest/add', { body: scarf() })
        const sessionId = first.body.data.sessionId as string
        const headers = { 'x-session-id': sessionId }
        const replies: { status: number; body: { code?: string; data?: { sessionId?: string } } }[] = []
        let loggedIn = false
        const login = shop.http('POST', '/api/v1/auth/client/login', { headers, body: { email, password } }).then((res) => {
          loggedIn = true
          return res
        })
        const wave = async () =>
          replies.push(...(await Promise.all(Array.from({ length: 5 }, () => shop.http('POST', '/api/v1/cart/guest/add', { headers, body: scarf() })))))
        // waves of adds while the login runs, then one more that comes after the merge
        while (!loggedIn && replies.length < 35) await wave()
        const signedIn = await login
        await wave()
        assert.equal(signedIn.status, 200)

        const failures = replies.filter((r) => r.status >= 500)
        assert.deepEqual(failures, [], 'no add failed with a server error')
        for (const r of replies) {
          if (r.status === 200) assert.equal(r.body.data?.sessionId, sessionId, 'an accepted add went into this guest cart')
          else assert.equal(r.body.code, 'CART_MERGED', JSON.stringify(r.body))
        }
        assert.ok(replies.slice(-5).every((r) => r.body.code === 'CART_MERGED'), 'adds after the merge are told so')
        const accepted = replies.filter((r) => r.status === 200).length
        const guestCarts = await shop.database.db.select({ n: count() }).from(carts).where(eq(carts.sessionId, sessionId))
        assert.equal(Number(guestCarts[0]?.n), 0, 'no guest cart came back under the merged id')
        const client = await shop.http('GET', '/api/v1/cart/client', { cookie: signedIn.cookie })
        const line = client.body.data.cart.items.find((i: { product: { _id: string } }) => i.product._id === shop.catalogue.scarf.id)
        assert.equal(line?.quantity, 1 + accepted, 'every accepted unit is in the client cart')
        await shop.database.db.delete(cartItems).where(eq(cartItems.productId, shop.catalogue.scarf.id))
      }
    })
  })
}
