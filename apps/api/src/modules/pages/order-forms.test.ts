import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { orders } from '../../db/schema.ts'
import { WEB_DIST } from '../../paths.ts'
import { randomPhone, type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'
import { formFields, readPlacedOrder, signPlacedOrder } from './order-forms.ts'

const ORDER_ID = '0b7f6a1e-2c3d-4e5f-8a9b-0c1d2e3f4a5b'

describe('plain order forms: thank-you cookie and posted fields', () => {
  test('the thank-you cookie names its order while it is signed and fresh; a changed or old one names none', () => {
    const now = Date.UTC(2026, 10, 24, 12)
    const cookie = signPlacedOrder(ORDER_ID, now)
    assert.equal(readPlacedOrder(cookie, now + 60_000), ORDER_ID)
    assert.equal(readPlacedOrder(cookie, now + 16 * 60_000), null, 'expired after 15 minutes')
    const other = cookie.replace(ORDER_ID, '1b7f6a1e-2c3d-4e5f-8a9b-0c1d2e3f4a5b')
    assert.equal(readPlacedOrder(other, now), null, 'another order id under the same signature')
    const [id, expires, signature] = cookie.split('.') as [string, string, string]
    assert.equal(readPlacedOrder(`${id}.${Number(expires) + 3600}.${signature}`, now), null, 'a longer life under the same signature')
    assert.equal(readPlacedOrder(undefined, now), null)
    assert.equal(readPlacedOrder('garbage', now), null)
  })

  test('posted fields are text, a repeated name keeps its first value, values are cut to a sane length', () => {
    assert.deepEqual(formFields({ a: 'x', b: ['y', 'z'], c: 3, [`${'n'.repeat(41)}`]: 'long name' }), { a: 'x', b: 'y' })
    assert.equal(formFields({ notes: 'x'.repeat(5000) }).notes?.length, 2000)
    assert.deepEqual(formFields(null), {})
  })
})

const built = existsSync(path.join(WEB_DIST, '..', 'dist-server', 'entry-server.js'))

for (const target of TEST_TARGETS) {
  describe(`the quick order posted as a plain HTML form on ${target}`, () => {
    let shop: Shop
    let commune: number
    before(async () => {
      shop = await startShop(target)
      commune = (await shop.http('GET', '/api/v1/location/states/16/cities')).body.data.cities[0]._id
    })
    after(async () => shop.close())

    const post = (fields: Record<string, string>, headers: Record<string, string> = {}, productId?: string) =>
      shop.app.inject({
        method: 'POST',
        url: `/product/${productId ?? shop.catalogue.derby.id}?lang=fr`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(fields).toString(),
      })

    const fieldsFor = (phone: string, overrides: Record<string, string> = {}) => ({
      variant: shop.catalogue.derby.variants[0]?.id ?? '',
      quantity: '1',
      firstName: 'Amine',
      lastName: 'Benali',
      phone,
      email: '',
      wilaya: '16',
      commune: String(commune),
      type: 'domicil',
      address: '12 rue Didouche Mourad',
      notes: '',
      ...overrides,
    })

    const ordersOf = async (phone: string) => {
      return shop.database.db.select({ trackingNumber: orders.trackingNumber }).from(orders).where(eq(orders.phone, phone))
    }

    test('an order taken redirects (303) to the thank-you page, which the server renders with it; sent again it is replayed', async () => {
      // the form handler is the storefront's server renderer: it exists once the storefront is built (npm run build)
      if (!built) {
        const res = await post(fieldsFor(randomPhone()))
        assert.equal(res.statusCode, 404)
        return
      }
      const phone = randomPhone()
      const first = await post(fieldsFor(phone))
      assert.equal(first.statusCode, 303, first.body)
      assert.equal(first.headers.location, '/thank-you?lang=fr')
      assert.equal(first.headers['cache-control'], 'private, no-store')
      const setCookie = String(first.headers['set-cookie'])
      assert.match(setCookie, /^placed_order=[^;]+;.*HttpOnly/i)
      assert.match(setCookie, /Path=\/thank-you/)
      assert.match(setCookie, /SameSite=Lax/i)
      const again = await post(fieldsFor(phone))
      assert.equal(again.statusCode, 303)
      const orders = await ordersOf(phone)
      assert.equal(orders.length, 1, 'the same order sent twice is placed once')

      const cookie = setCookie.split(';')[0] ?? ''
      const thanks = await shop.app.inject({ url: '/thank-you?lang=fr', headers: { cookie } })
      assert.equal(thanks.statusCode, 200)
      assert.equal(thanks.headers['cache-control'], 'private, no-store')
      assert.ok(thanks.body.includes(orders[0]?.trackingNumber ?? 'no tracking number'), 'the order number is in the page')
      assert.ok(thanks.body.includes('Derby en cuir'), 'what was ordered is in the page')
      const forged = await shop.app.inject({ url: '/thank-you?lang=fr', headers: { cookie: `${cookie.slice(0, -2)}xx` } })
      assert.ok(!forged.body.includes(orders[0]?.trackingNumber ?? '-'), 'a forged cookie shows no order')

      // another order (other quantity) from the same shopper is another order
      const second = await post(fieldsFor(phone, { quantity: '2' }))
      assert.equal(second.statusCode, 303)
      assert.equal((await ordersOf(phone)).length, 2)
    })

    test('a refusal renders the product page again (422) with the values kept and the messages by the fields, never cached', async () => {
      if (!built) return
      const phone = randomPhone()
      const bad = await post(fieldsFor('12345', { firstName: 'Samir' }))
      assert.equal(bad.statusCode, 422)
      assert.equal(bad.headers['cache-control'], 'private, no-store')
      assert.match(String(bad.headers['content-type']), /text\/html/)
      assert.match(bad.body, /<input[^>]*aria-invalid="true"[^>]*name="phone"[^>]*value="12345"|<input[^>]*name="phone"[^>]*aria-invalid="true"/)
      assert.match(bad.body, /name="firstName"[^>]*value="Samir"|value="Samir"[^>]*name="firstName"/)
      assert.ok(bad.body.includes('Veuillez saisir un numéro') || /num[ée]ro/i.test(bad.body), 'the French phone message')
      // a wilaya without its commune: the page lists that wilaya's communes and asks for one
      const noCommune = await post(fieldsFor(phone, { commune: '' }))
      assert.equal(noCommune.statusCode, 422)
      assert.ok(noCommune.body.includes(`value="${commune}"`), 'the communes of the chosen wilaya are listed')
      assert.ok(noCommune.body.includes('Choisissez une commune'))
      assert.equal((await ordersOf(phone)).length, 0)
      // the API's own refusal: more than the stock
      const tooMany = await post(fieldsFor(phone, { quantity: '99' }))
      assert.ok(tooMany.statusCode >= 400 && tooMany.statusCode < 500, `refused: ${tooMany.statusCode}`)
      assert.equal(tooMany.headers['cache-control'], 'private, no-store')
      assert.equal((await ordersOf(phone)).length, 0)
      // the API's JSON routes still take JSON only
      const json = await shop.app.inject({
        method: 'POST',
        url: '/api/v1/order/guest',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=b',
      })
      assert.equal(json.statusCode, 415)
    })
  })
}

for (const target of TEST_TARGETS) {
  describe(`the thank-you page of a plain form's order and the public cache on ${target}`, () => {
    let shop: Shop
    before(async () => {
      // the page cache is off under NODE_ENV=test: this runs the app as it runs in production
      shop = await startShop(target, { NODE_ENV: 'production' })
    })
    after(async () => shop.close())

    test('the thank-you page with the order is never served from, nor put in, the public page cache', async () => {
      if (!built) return
      const commune = (await shop.http('GET', '/api/v1/location/states/16/cities')).body.data.cities[0]._id
      const anonymous = await shop.app.inject({ url: '/thank-you?lang=fr' })
      assert.equal(anonymous.statusCode, 200)
      const phone = randomPhone()
      const placed = await shop.app.inject({
        method: 'POST',
        url: `/product/${shop.catalogue.scarf.id}?lang=fr`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          variant: shop.catalogue.scarf.variants[0]?.id ?? '',
          quantity: '1',
          firstName: 'Nadia',
          lastName: 'Saidi',
          phone,
          wilaya: '16',
          commune: String(commune),
          type: 'domicil',
          address: '5 rue Hassiba Ben Bouali',
        }).toString(),
      })
      assert.equal(placed.statusCode, 303, placed.body)
      const cookie = String(placed.headers['set-cookie']).split(';')[0] ?? ''
      const [order] = await shop.database.db.select({ trackingNumber: orders.trackingNumber }).from(orders).where(eq(orders.phone, phone))
      assert.ok(order)
      for (let i = 0; i < 2; i++) {
        const mine = await shop.app.inject({ url: '/thank-you?lang=fr', headers: { cookie } })
        assert.notEqual(mine.headers['x-cache'], 'hit')
        assert.equal(mine.headers['cache-control'], 'private, no-store')
        assert.ok(mine.body.includes(order.trackingNumber), 'the shopper sees the order')
      }
      const other = await shop.app.inject({ url: '/thank-you?lang=fr' })
      assert.ok(!other.body.includes(order.trackingNumber), 'another visitor never gets the shopper’s page')
      assert.ok(!other.body.includes(phone))
    })
  })
}

for (const target of TEST_TARGETS) {
  describe(`the checkout posted as a plain HTML form on ${target}`, () => {
    let shop: Shop
    let commune: number
    before(async () => {
      shop = await startShop(target)
      commune = (await shop.http('GET', '/api/v1/location/states/16/cities')).body.data.cities[0]._id
    })
    after(async () => shop.close())

    /** A guest cart holding one derby, made as the storefront's scripts make it; its session id. */
    const guestCart = async (): Promise<string> => {
      const derby = shop.catalogue.derby.variants[0]
      const added = await shop.http('POST', '/api/v1/cart/guest/add', {
        body: { productId: shop.catalogue.derby.id, quantity: 1, size: derby?.size, color: derby?.color },
      })
      const session = added.body.data?.sessionId as string | undefined
      assert.ok(session, JSON.stringify(added.body))
      return session
    }

    const checkoutFields = (phone: string, overrides: Record<string, string> = {}) => ({
      firstName: 'Karim',
      lastName: 'Mansouri',
      phone,
      email: '',
      wilaya: '16',
      commune: String(commune),
      deliveryType: 'domicil',
      address: '8 rue Hassiba Ben Bouali',
      notes: '',
      paymentMethod: 'cash_on_delivery',
      coupon: '',
      ...overrides,
    })

    const post = (fields: Record<string, string>, cookie?: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/place-order?lang=fr',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        payload: new URLSearchParams(fields).toString(),
      })

    const ordersOf = (phone: string) =>
      shop.database.db.select({ id: orders.id, discount: orders.discount, couponCode: orders.couponCode }).from(orders).where(eq(orders.phone, phone))

    const cartLines = async (session: string): Promise<number> =>
      (await shop.http('GET', '/api/v1/cart/guest', { headers: { 'x-session-id': session } })).body.data.cart.items.length

    test('the checkout page is drawn with the cart its cookie names, for that shopper only', async () => {
      if (!built) return
      const session = await guestCart()
      const page = await shop.app.inject({ url: '/place-order?lang=fr', headers: { cookie: `cart_session=${session}` } })
      assert.equal(page.statusCode, 200)
      assert.equal(page.headers['cache-control'], 'private, no-store')
      assert.ok(page.body.includes('Derby en cuir'), 'the cart’s line is in the HTML')
      assert.match(page.body, /<form(?=[^>]*\saction="\/place-order\?lang=fr")(?=[^>]*\smethod="post")/)
      const other = await shop.app.inject({ url: '/place-order?lang=fr' })
      assert.ok(!other.body.includes('Derby en cuir'), 'a visitor without the cookie sees no cart')
    })

    test('an order taken redirects to the thank-you page and empties the cart; posted again, no second order', async () => {
      if (!built) return
      const session = await guestCart()
      const phone = randomPhone()
      const cookie = `cart_session=${session}`
      const placed = await post(checkoutFields(phone, { coupon: 'ten' }), cookie)
      assert.equal(placed.statusCode, 303, placed.body.slice(0, 400))
      assert.equal(placed.headers.location, '/thank-you?lang=fr')
      assert.match(String(placed.headers['set-cookie']), /^placed_order=/)
      const [order, ...more] = await ordersOf(phone)
      assert.equal(more.length, 0)
      assert.equal(order?.couponCode, 'TEN', 'the typed coupon is applied by the server')
      assert.ok((order?.discount ?? 0) > 0)
      assert.equal(await cartLines(session), 0, 'the order emptied the cart')
      const again = await post(checkoutFields(phone, { coupon: 'ten' }), cookie)
      assert.notEqual(again.statusCode, 303, 'nothing left to order')
      assert.equal((await ordersOf(phone)).length, 1)
    })

    test('refusals come back as the checkout with the values and messages, and write nothing', async () => {
      if (!built) return
      const session = await guestCart()
      const cookie = `cart_session=${session}`
      const phone = randomPhone()
      const badPhone = await post(checkoutFields('12345', { firstName: 'Samir' }), cookie)
      assert.equal(badPhone.statusCode, 422)
      assert.equal(badPhone.headers['cache-control'], 'private, no-store')
      assert.match(badPhone.body, /name="firstName"[^>]*value="Samir"|value="Samir"[^>]*name="firstName"/)
      assert.match(badPhone.body, /aria-invalid="true"[^>]*name="phone"|name="phone"[^>]*aria-invalid="true"/)
      const expired = await post(checkoutFields(phone, { coupon: 'OLD' }), cookie)
      assert.ok(expired.statusCode >= 400 && expired.statusCode < 500, `refused: ${expired.statusCode}`)
      assert.match(expired.body, /id="coupon-message"[^>]*>[^<]+</, 'the coupon’s refusal is shown by the coupon box')
      const noCommune = await post(checkoutFields(phone, { commune: '' }), cookie)
      assert.equal(noCommune.statusCode, 422)
      assert.ok(noCommune.body.includes(`value="${commune}"`), 'the communes of the chosen wilaya are listed')
      assert.equal((await ordersOf(phone)).length, 0)
      assert.equal(await cartLines(session), 1, 'the cart is kept')
      // no cart cookie: nothing to order, no order
      const noCart = await post(checkoutFields(phone))
      assert.notEqual(noCart.statusCode, 303)
      assert.equal((await ordersOf(phone)).length, 0)
    })
  })
}
