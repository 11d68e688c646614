import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { randomPhone, type Shop, startShop } from '../../test/shop-fixture.ts'

/**
 * Round trips of one guest order: placing an order is the busiest write of the shop, and the variant's
 * row lock is held from the stock decrement to the commit, so what runs after it is kept short.
 */
describe('statements of one guest order (pglite)', () => {
  let shop: Shop
  let recording: string[] | null = null
  before(async () => {
    shop = await startShop('pglite', {}, { onQuery: (query) => recording?.push(query) })
  })
  after(async () => shop.close())

  test('a guest order runs in a few statements, the stock decrement among the last', async () => {
    const cities = await shop.http('GET', '/api/v1/location/states/16/cities')
    const commune = cities.body.data.cities[0]._id
    const sessionId = await shop.guestSession()
    recording = []
    const res = await shop.http('POST', '/api/v1/order/guest', {
      headers: { 'x-session-id': sessionId, 'idempotency-key': 'statements-1' },
      body: {
        orderItems: [{ productId: shop.catalogue.derby.id, quantity: 1, size: '42', color: 'brown' }],
        customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: randomPhone() },
        shippingAddress: { wilayaId: '16', communeId: commune, type: 'domicil', address: '12 rue Didouche Mourad' },
        paymentMethod: 'cash_on_delivery',
      },
    })
    const statements = recording
    recording = null
    assert.equal(res.status, 201, JSON.stringify(res.body))
    if (process.env.SHOW_STATEMENTS) for (const [i, s] of statements.entries()) console.log(i, s.slice(0, 160))
    const stock = statements.findIndex((s) => /update "variants"/i.test(s))
    assert.ok(stock >= 0, 'the stock decrement runs')
    // inside the transaction only the sold count follows the decrement; what comes after is the reply's reads
    assert.match(statements[stock + 1] ?? '', /^update "products" set "sold_count"/)
    for (const later of statements.slice(stock + 2)) assert.match(later.trim(), /^select/i)
    assert.ok(statements.length <= 21, `${statements.length} statements`)
  })
})
