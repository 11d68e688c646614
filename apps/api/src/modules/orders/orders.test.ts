import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { coupons, orders, variants } from '../../db/schema.ts'
import { randomPhone, type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'

/** Commune 554 is in Alger (16) in both divisions of the reference data. */
async function communeOf(shop: Shop, wilaya: number): Promise<number> {
  const res = await shop.http('GET', `/api/v1/location/states/${wilaya}/cities`)
  return res.body.data.cities[0]._id
}

for (const target of TEST_TARGETS) {
  describe(`cart, coupons and orders on ${target}`, () => {
    let shop: Shop
    let algiersCommune: number
    let oranCommune: number
    before(async () => {
      shop = await startShop(target)
      algiersCommune = await communeOf(shop, 16)
      oranCommune = await communeOf(shop, 31)
    })
    after(async () => shop.close())

    const guest = () => shop.guestSession()
    const orderBody = (overrides: Record<string, unknown> = {}) => ({
      orderItems: [{ productId: shop.catalogue.derby.id, quantity: 1, size: '42', color: 'brown', price: 1 }],
      customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: randomPhone() },
      shippingAddress: { wilayaId: '16', communeId: algiersCommune, type: 'domicil', address: '12 rue Didouche Mourad' },
      paymentMethod: 'cash_on_delivery',
      ...overrides,
    })
    const stockOf = async (variantId: string) =>
      (await shop.database.db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId)))[0]?.stock

    test('a guest gets a session id, adds a variant, sees the whole cart; the quantity is capped at stock', async () => {
      const sessionId = await guest()
      assert.match(sessionId, /^[0-9a-f-]{36}$/)
      const headers = { 'x-session-id': sessionId, 'accept-language': 'fr' }
      const add = await shop.http('POST', '/api/v1/cart/guest/add', {
        headers,
        body: { productId: shop.catalogue.runner.id, quantity: 2, size: '41', color: 'black' },
      })
      assert.equal(add.status, 200)
      const cart = add.body.data.cart
      assert.equal(cart.cartCount, 2)
      assert.equal(cart.subtotal, 9800)
      assert.equal(cart.items[0].priceAtAdd, 4900)
      assert.equal(cart.items[0].product.name, 'Basket de course')
      const tooMany = await shop.http('POST', '/api/v1/cart/guest/add', {
        headers,
        body: { productId: shop.catalogue.runner.id, quantity: 6, size: '41', color: 'black' },
      })
      // 2 in the cart, 7 in stock: asking for 6 more adds the 5 that are left and says so
      assert.equal(tooMany.status, 200)
      assert.equal(tooMany.body.data.added, 5)
      assert.equal(tooMany.body.data.cart.cartCount, 7)
      assert.match(tooMany.body.message, /7/)
      const full = await shop.http('POST', '/api/v1/cart/guest/add', {
        headers,
        body: { productId: shop.catalogue.runner.id, quantity: 1, size: '41', color: 'black' },
      })
      assert.equal(full.status, 422)
      assert.equal(full.body.code, 'QUANTITY_ABOVE_STOCK')
      const soldOut = await shop.http('POST', '/api/v1/cart/guest/add', { headers, body: { productId: shop.catalogue.runner.id, quantity: 1, size: '43' } })
      assert.equal(soldOut.body.code, 'OUT_OF_STOCK')
      const ambiguous = await shop.http('POST', '/api/v1/cart/guest/add', { headers, body: { productId: shop.catalogue.runner.id, quantity: 1 } })
      assert.equal(ambiguous.body.code, 'VARIANT_REQUIRED')
      const single = await shop.http('POST', '/api/v1/cart/guest/add', { headers, body: { productId: shop.catalogue.scarf.id, quantity: 1 } })
      assert.equal(single.body.data.cart.items.length, 2, 'a one-variant product needs no size or colour')
      const itemId = cart.items[0]._id
      const update = await shop.http('PATCH', `/api/v1/cart/guest/item/${itemId}`, { headers, body: { quantity: 5 } })
      assert.equal(update.body.data.cart.cartCount, 6)
      const remove = await shop.http('DELETE', `/api/v1/cart/guest/item/${itemId}`, { headers })
      assert.equal(remove.body.data.cart.cartCount, 1)
      const clear = await shop.http('DELETE', '/api/v1/cart/guest/clear', { headers })
      assert.equal(clear.body.data.cart.isEmpty, true)
    })

    test('negative, zero, fractional, huge and textual quantities are refused', async () => {
      const headers = { 'x-session-id': await guest() }
      for (const quantity of [-1, 0, 1.5, 1e9, '2']) {
        const res = await shop.http('POST', '/api/v1/cart/guest/add', { headers, body: { productId: shop.catalogue.scarf.id, quantity } })
        assert.equal(res.status, 400, `quantity ${quantity}`)
        assert.equal(res.body.errors[0].field, 'quantity')
      }
      for (const quantity of [0, -3, 2.5]) {
        const res = await shop.http('POST', '/api/v1/order/guest', { body: orderBody({ orderItems: [{ productId: shop.catalogue.scarf.id, quantity }] }) })
        assert.equal(res.status, 400, `order quantity ${quantity}`)
      }
    })

    test("guest A cannot read or change guest B's cart items; malformed session ids get 400", async () => {
      const a = await guest()
      const b = await guest()
      const added = await shop.http('POST', '/api/v1/cart/guest/add', { headers: { 'x-session-id': b }, body: { productId: shop.catalogue.scarf.id, quantity: 1 } })
      const itemOfB = added.body.data.cart.items[0]._id
      const patch = await shop.http('PATCH', `/api/v1/cart/guest/item/${itemOfB}`, { headers: { 'x-session-id': a }, body: { quantity: 3 } })
      assert.equal(patch.status, 404)
      const del = await shop.http('DELETE', `/api/v1/cart/guest/item/${itemOfB}`, { headers: { 'x-session-id': a } })
      assert.equal(del.status, 404)
      const bCart = await shop.http('GET', '/api/v1/cart/guest', { headers: { 'x-session-id': b } })
      assert.equal(bCart.body.data.cart.items[0].quantity, 1)
      const aCart = await shop.http('GET', '/api/v1/cart/guest', { headers: { 'x-session-id': a } })
      assert.equal(aCart.body.data.cart.items.length, 0)
      const bad = await shop.http('GET', '/api/v1/cart/guest', { headers: { 'x-session-id': 'not-a-uuid' } })
      assert.equal(bad.status, 400)
      assert.equal(bad.body.code, 'BAD_SESSION_ID')
      // an id the server never issued reads as an empty cart and is not taken up (sessionId null)
      const unknown = await shop.http('GET', '/api/v1/cart/guest', { headers: { 'x-session-id': randomUUID() } })
      assert.equal(unknown.body.data.sessionId, null)
      assert.equal(unknown.body.data.cart.isEmpty, true)
      const client = await shop.http('GET', '/api/v1/cart/client')
      assert.equal(client.status, 401)
    })

    test('coupons: valid, expired, inactive, unknown, minimum order with the amount, each with its own code', async () => {
      const ok = await shop.http('POST', '/api/v1/coupons/client/validate', { body: { code: ' ten ', orderAmount: 5000 } })
      assert.equal(ok.status, 200)
      assert.deepEqual(ok.body.data.orderSummary, { discountAmount: 500, finalAmount: 4500 })
      const cases: [string, number, string][] = [
        ['OLD', 5000, 'COUPON_EXPIRED'],
        ['OFF', 5000, 'COUPON_INACTIVE'],
        ['NOPE', 5000, 'COUPON_UNKNOWN'],
        ['FIVEHUNDRED', 5000, 'COUPON_MIN_ORDER'],
      ]
      for (const [code, orderAmount, expected] of cases) {
        const res = await shop.http('POST', '/api/v1/coupons/client/validate', { body: { code, orderAmount }, headers: { 'accept-language': 'fr' } })
        assert.equal(res.status, 422, code)
        assert.equal(res.body.code, expected)
      }
      const min = await shop.http('POST', '/api/v1/coupons/client/validate', { body: { code: 'FIVEHUNDRED', orderAmount: 100 }, headers: { 'accept-language': 'fr' } })
      assert.match(min.body.message, /6\u202F000 DA/)
      const available = await shop.http('GET', '/api/v1/coupons/client/available')
      const codes = available.body.data.coupons.map((c: { code: string }) => c.code)
      assert.ok(codes.includes('TEN') && !codes.includes('OLD') && !codes.includes('OFF'))
    })

    test('an order is priced by the server: sent prices are ignored, a differing total gets 409 with the quote', async () => {
      const fee = (await shop.http('GET', '/api/v1/shipping/one?wilaya=16&type=domicil')).body.data.price
      const wrong = await shop.http('POST', '/api/v1/order/guest', { body: orderBody({ totalAmount: 10 }) })
      assert.equal(wrong.status, 409)
      assert.equal(wrong.body.code, 'PRICE_CHANGED')
      assert.equal(wrong.body.data.quote.totalAmount, 8900 + fee)
      const right = await shop.http('POST', '/api/v1/order/guest', { body: orderBody({ totalAmount: 8900 + fee }) })
      assert.equal(right.status, 201)
      const order = right.body.data.order
      assert.equal(order.subtotal, 8900)
      assert.equal(order.shippingFee, fee)
      assert.equal(order.totalAmount, 8900 + fee)
      assert.equal(order.orderItems[0].priceAtPurchase, 8900)
      assert.equal(order.status, 'pending')
      assert.match(order.trackingNumber, /^KH[2-9A-Z]{8}$/)
      assert.equal(shop.mails.length, 0, 'no e-mail given, none sent')
      const withEmail = await shop.http('POST', '/api/v1/order/guest', {
        body: orderBody({ customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: randomPhone(), email: 'amine@example.dz' } }),
        headers: { 'accept-language': 'fr' },
      })
      assert.equal(withEmail.status, 201)
      // the confirmation e-mail is a job (mail.send) written with the order, sent by the job runner
      await shop.app.jobs.drain()
      const mail = shop.mails.at(-1)
      assert.equal(mail?.to, 'amine@example.dz')
      assert.match(mail?.subject ?? '', new RegExp(withEmail.body.data.order.trackingNumber))
    })

    test('bad orders are refused with field errors and change nothing', async () => {
      const before = await stockOf(shop.catalogue.derby.variants[0]?.id as string)
      const [{ n: ordersBefore }] = (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(orders)) as [{ n: number }]
      const cases: [Record<string, unknown>, string, string][] = [
        [{ customerInfo: { firstName: 'A', lastName: 'Benali', phone: '0551234567' } }, 'customerInfo.firstName', 'VALIDATION_FAILED'],
        [{ customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: '0123' } }, 'customerInfo.phone', 'VALIDATION_FAILED'],
        [{ shippingAddress: { wilayaId: '16', communeId: algiersCommune, type: 'domicil', address: 'short' } }, 'shippingAddress.address', 'VALIDATION_FAILED'],
        [{ orderItems: [] }, 'orderItems', 'VALIDATION_FAILED'],
        [{ notes: 'x'.repeat(501) }, 'notes', 'VALIDATION_FAILED'],
      ]
      for (const [overrides, field, code] of cases) {
        const res = await shop.http('POST', '/api/v1/order/guest', { body: orderBody(overrides), headers: { 'accept-language': 'ar' } })
        assert.equal(res.status, 400, field)
        assert.equal(res.body.code, code)
        assert.ok(res.body.errors.some((e: { field: string }) => e.field === field), `${field}: ${JSON.stringify(res.body.errors)}`)
      }
      const wrongCommune = await shop.http('POST', '/api/v1/order/guest', {
        body: orderBody({ shippingAddress: { wilayaId: 16, communeId: oranCommune, type: 'domicil', address: '12 rue Didouche Mourad' } }),
      })
      assert.equal(wrongCommune.body.code, 'COMMUNE_NOT_IN_WILAYA')
      const bank = await shop.http('POST', '/api/v1/order/guest', { body: orderBody({ paymentMethod: 'bank_transfer' }) })
      assert.equal(bank.body.code, 'PAYMENT_METHOD_UNAVAILABLE')
      const [{ n: ordersAfter }] = (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(orders)) as [{ n: number }]
      assert.equal(ordersAfter, ordersBefore)
      assert.equal(await stockOf(shop.catalogue.derby.variants[0]?.id as string), before)
    })

    test('script-like names and notes are stored and returned as text', async () => {
      const notes = '<script>alert(1)</script> "quoted" & done'
      const res = await shop.http('POST', '/api/v1/order/guest', {
        body: orderBody({ notes, customerInfo: { firstName: "Ali'O", lastName: 'Benali', phone: randomPhone() } }),
      })
      assert.equal(res.status, 201)
      assert.equal(res.body.data.order.notes, notes)
      assert.equal(res.headers['content-type']?.toString().startsWith('application/json'), true)
      const xssName = await shop.http('POST', '/api/v1/order/guest', {
        body: orderBody({ customerInfo: { firstName: '<img src=x>', lastName: 'Benali', phone: randomPhone() } }),
      })
      assert.equal(xssName.status, 400, 'a name must be letters')
    })

    test('a retried order with the same Idempotency-Key returns the same order and takes stock once', async () => {
      const variantId = shop.catalogue.scarf.variants[0]?.id as string
      const before = await stockOf(variantId)
      const key = `retry-${randomUUID()}`
      const body = orderBody({ orderItems: [{ productId: shop.catalogue.scarf.id, quantity: 2 }] })
      const sessionId = await guest()
      const headers = { 'idempotency-key': key, 'x-session-id': sessionId }
      const results = await Promise.all([1, 2, 3].map(() => shop.http('POST', '/api/v1/order/guest', { body, headers })))
      const ids = new Set(results.map((r) => r.body.data.order._id))
      assert.equal(ids.size, 1)
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 200, 201])
      assert.equal(await stockOf(variantId), (before as number) - 2)
      const reused = await shop.http('POST', '/api/v1/order/guest', { body: { ...body, notes: 'different' }, headers })
      assert.equal(reused.status, 422)
      assert.equal(reused.body.code, 'IDEMPOTENCY_KEY_REUSED')
      const readBack = await shop.http('GET', `/api/v1/order/guest/${[...ids][0]}`, { headers: { 'x-session-id': sessionId } })
      assert.equal(readBack.status, 200)
      const otherGuest = await shop.http('GET', `/api/v1/order/guest/${[...ids][0]}`, { headers: { 'x-session-id': await guest() } })
      assert.equal(otherGuest.status, 404)
    })

    test('30 concurrent orders for a variant with 7 units: exactly 7 succeed, stock 0, never negative', async () => {
      const variantId = shop.catalogue.runner.variants[0]?.id as string
      await shop.database.db.update(variants).set({ stock: 7 }).where(eq(variants.id, variantId))
      const attempts = Array.from({ length: 30 }, () =>
        shop.http('POST', '/api/v1/order/guest', {
          body: orderBody({ orderItems: [{ productId: shop.catalogue.runner.id, quantity: 1, size: '41', color: 'black' }] }),
        }),
      )
      const results = await Promise.all(attempts)
      const placed = results.filter((r) => r.status === 201).length
      const refused = results.filter((r) => r.status === 422 && r.body.code === 'OUT_OF_STOCK').length
      assert.equal(placed, 7)
      assert.equal(refused, 23)
      assert.equal(await stockOf(variantId), 0)
    })

    test('a coupon with 5 uses left holds under 20 concurrent orders: exactly 5 get it', async () => {
      await shop.database.db.update(variants).set({ stock: 1000 }).where(eq(variants.id, shop.catalogue.scarf.variants[0]?.id as string))
      const attempts = Array.from({ length: 20 }, () =>
        shop.http('POST', '/api/v1/order/guest', {
          body: orderBody({ orderItems: [{ productId: shop.catalogue.scarf.id, quantity: 1 }], couponCode: 'few' }),
        }),
      )
      const results = await Promise.all(attempts)
      assert.equal(results.filter((r) => r.status === 201).length, 5)
      assert.ok(results.filter((r) => r.status !== 201).every((r) => r.body.code === 'COUPON_LIMIT_REACHED'))
      const [few] = await shop.database.db.select().from(coupons).where(eq(coupons.code, 'FEW'))
      assert.equal(few?.usedCount, 5)
    })

    test('one coupon use per phone number', async () => {
      const phone = randomPhone()
      const body = (n: number) =>
        orderBody({
          orderItems: [{ productId: shop.catalogue.scarf.id, quantity: n }],
          couponCode: 'TEN',
          customerInfo: { firstName: 'Sara', lastName: 'Haddad', phone },
        })
      assert.equal((await shop.http('POST', '/api/v1/order/guest', { body: body(1) })).status, 201)
      const second = await shop.http('POST', '/api/v1/order/guest', { body: body(2) })
      assert.equal(second.body.code, 'COUPON_ALREADY_USED')
      const check = await shop.http('POST', '/api/v1/coupons/client/validate', { body: { code: 'TEN', orderAmount: 3000, phone } })
      assert.equal(check.body.code, 'COUPON_ALREADY_USED')
    })

    test('an order from the cart empties the ordered lines of that cart', async () => {
      const sessionId = await guest()
      const headers = { 'x-session-id': sessionId }
      await shop.http('POST', '/api/v1/cart/guest/add', { headers, body: { productId: shop.catalogue.scarf.id, quantity: 1 } })
      const res = await shop.http('POST', '/api/v1/order/guest', {
        headers,
        body: orderBody({ orderItems: [{ productId: shop.catalogue.scarf.id, quantity: 1 }], source: 'cart' }),
      })
      assert.equal(res.status, 201)
      const cart = await shop.http('GET', '/api/v1/cart/guest', { headers })
      assert.equal(cart.body.data.cart.isEmpty, true)
    })
  })
}
