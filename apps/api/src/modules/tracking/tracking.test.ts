import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { randomPhone, type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'

for (const target of TEST_TARGETS) {
  describe(`tracking, contact and rate limits on ${target}`, () => {
    let shop: Shop
    let limited: Shop
    const phone = randomPhone()
    let orderId = ''
    before(async () => {
      shop = await startShop(target)
      limited = await startShop(target, { RATE_LIMIT_TRACKING: '3/60', RATE_LIMIT_LOGIN: '2/60' })
      const commune = (await shop.http('GET', '/api/v1/location/states/16/cities')).body.data.cities[0]._id
      const res = await shop.http('POST', '/api/v1/order/guest', {
        body: {
          orderItems: [{ productId: shop.catalogue.derby.id, quantity: 1 }],
          customerInfo: { firstName: 'Karima', lastName: 'Saadi', phone, email: 'karima@example.dz' },
          shippingAddress: { wilayaId: 16, communeId: commune, type: 'domicil', address: '12 rue Didouche Mourad, Alger' },
        },
      })
      orderId = res.body.data.order._id
    })
    after(async () => {
      await shop.close()
      await limited.close()
    })

    test('tracking by phone shows a parcel slip: masked address, initial, no e-mail, hundredths, no-store', async () => {
      const res = await shop.http('POST', '/api/v1/tracking', { body: { phoneNumber: phone } })
      assert.equal(res.status, 200)
      assert.equal(res.headers['cache-control'], 'no-store')
      const [order] = res.body.data.orders
      assert.equal(order._id, orderId)
      assert.equal(order.customerName, 'Karima S.')
      assert.equal(order.totalAmount % 100, 0)
      assert.ok(order.totalAmount >= 8900 * 100)
      assert.ok(!order.shippingAddress.address.includes('Didouche'))
      const text = JSON.stringify(res.body)
      assert.ok(!text.includes('karima@example.dz') && !text.includes('Saadi') && !text.includes(phone))
    })

    test('details need the matching phone, in the query or the body; unknown numbers get an empty list', async () => {
      const ok = await shop.http('POST', `/api/v1/tracking/${orderId}`, { body: { phoneNumber: phone } })
      assert.equal(ok.status, 200)
      assert.equal(ok.body.data.order.history[0].status, 'pending')
      const query = await shop.http('GET', `/api/v1/tracking/${orderId}?phoneNumber=${phone}`)
      assert.equal(query.status, 200)
      const wrong = await shop.http('POST', `/api/v1/tracking/${orderId}`, { body: { phoneNumber: randomPhone() } })
      assert.equal(wrong.status, 404)
      const empty = await shop.http('POST', '/api/v1/tracking', { body: { phoneNumber: randomPhone() } })
      assert.deepEqual(empty.body.data.orders, [])
      const bad = await shop.http('POST', '/api/v1/tracking', { body: { phoneNumber: '12345' }, headers: { 'accept-language': 'fr' } })
      assert.equal(bad.status, 400)
      assert.equal(bad.body.errors[0].field, 'phoneNumber')
    })

    test('details give each line its size and colour, and the subtotal, discount and delivery fee of the total', async () => {
      const linesPhone = randomPhone()
      const commune = (await shop.http('GET', '/api/v1/location/states/16/cities')).body.data.cities[0]._id
      const placed = await shop.http('POST', '/api/v1/order/guest', {
        body: {
          orderItems: [
            { productId: shop.catalogue.derby.id, quantity: 1, size: '42', color: 'brown' },
            { productId: shop.catalogue.scarf.id, quantity: 2, size: 'M', color: 'red' },
          ],
          customerInfo: { firstName: 'Nadia', lastName: 'Hamidi', phone: linesPhone, email: null },
          shippingAddress: { wilayaId: 16, communeId: commune, type: 'domicil', address: '5 rue Larbi Ben Mhidi, Alger' },
          couponCode: 'TEN',
        },
      })
      assert.equal(placed.status, 201, JSON.stringify(placed.body))
      const placedOrder = placed.body.data.order
      const res = await shop.http('POST', `/api/v1/tracking/${placedOrder._id}`, { body: { phoneNumber: linesPhone } })
      assert.equal(res.status, 200)
      const order = res.body.data.order
      assert.deepEqual(
        order.items
          .map((item: { size: string; color: string; quantity: number; price: number }) => [item.size, item.color, item.quantity, item.price])
          .sort((a: unknown[], b: unknown[]) => Number(b[3]) - Number(a[3])),
        [
          ['42', 'brown', 1, 8900],
          ['M', 'red', 2, 1500],
        ],
      )
      assert.equal(order.subtotal, 8900 + 3000)
      assert.equal(order.discountAmount, 1190)
      assert.equal(order.shippingFee, placedOrder.shippingFee)
      assert.ok(order.shippingFee > 0)
      assert.equal(order.subtotal - order.discountAmount + order.shippingFee, order.totalAmount / 100)
      // the list shows the same lines
      const list = await shop.http('POST', '/api/v1/tracking', { body: { phoneNumber: linesPhone } })
      assert.equal(list.body.data.orders[0].shippingFee, order.shippingFee)
    })

    test('orders older than 180 days are not shown', async () => {
      await shop.database.db.execute(sql`update orders set created_at = now() - interval '200 days' where id = ${orderId}`)
      const res = await shop.http('POST', '/api/v1/tracking', { body: { phoneNumber: phone } })
      assert.deepEqual(res.body.data.orders, [])
      await shop.database.db.execute(sql`update orders set created_at = now() where id = ${orderId}`)
    })

    test('tracking is rate-limited per address and a forged X-Forwarded-For does not reset it', async () => {
      const statuses = []
      for (let i = 0; i < 5; i++) {
        const res = await limited.http('POST', '/api/v1/tracking', {
          body: { phoneNumber: randomPhone() },
          headers: { 'x-forwarded-for': `10.0.0.${i}` },
        })
        statuses.push(res.status)
        if (res.status === 429) assert.ok(Number(res.headers['retry-after']) > 0)
      }
      assert.deepEqual(statuses, [200, 200, 200, 429, 429])
    })

    test('login attempts are rate-limited per e-mail and per address', async () => {
      const tries = []
      for (let i = 0; i < 3; i++) {
        tries.push((await limited.http('POST', '/api/v1/auth/client/login', { body: { email: 'who@example.dz', password: 'whatever-x' } })).status)
      }
      assert.deepEqual(tries, [401, 401, 429])
    })

    test('newsletter and contact messages are stored', async () => {
      const sub = await shop.http('POST', '/api/v1/newsletter', { body: { email: 'News@Example.dz' } })
      assert.equal(sub.status, 201)
      const again = await shop.http('POST', '/api/v1/newsletter', { body: { email: 'news@example.dz' } })
      assert.equal(again.status, 201)
      const msg = await shop.http('POST', '/api/v1/contact', {
        body: { name: 'Omar', email: 'omar@example.dz', subject: 'Taille 44 ?', message: '<b>Bonjour</b>, avez-vous la taille 44 ?' },
      })
      assert.equal(msg.status, 201)
      const rows = await shop.database.db.execute(sql`select message from contact_messages`)
      assert.match(JSON.stringify(rows), /<b>Bonjour<\/b>/)
      const short = await shop.http('POST', '/api/v1/contact', { body: { name: 'O', email: 'bad', subject: 'x', message: 'y' } })
      assert.equal(short.status, 400)
      assert.equal(short.body.errors.length, 4)
    })
  })
}
