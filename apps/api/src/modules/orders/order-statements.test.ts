import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { randomPhone, type Shop, startShop } from '../../test/shop-fixture.ts'

/**
 * Round trips of one guest order: placing an order is the busiest write of the shop, and the variant's
 * row lock is held from the stock decrement to the commit, so the decrement is in the last statement
 * and nothing is read after it: the reply is built from what was read and written. A one-variant order
 * is one statement committed by itself (no BEGIN, no COMMIT: PostgreSQL's recording shows drizzle's
 * transactions, PGlite's does not).
 */
for (const target of ['pglite', 'postgres'] as const) describe(`statements of one guest order (${target})`, () => {
  let shop: Shop
  let recording: string[] | null = null
  before(async () => {
    shop = await startShop(target, {}, { onQuery: (query) => recording?.push(query) })
  })
  after(async () => shop.close())

  test('a one-variant guest order with its key runs in two statements, the key looked up and the rate limits counted by the quote, the order and its stock in the last one with no transaction around it, and its reply is the order as read later', async () => {
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
    const statements = recording.map((s) => s.trim())
    recording = null
    if (process.env.SHOW_STATEMENTS) for (const [i, s] of statements.entries()) console.log(i, s.slice(0, 160))
    assert.equal(res.status, 201, JSON.stringify(res.body))
    // the quote, with the replay check (the request has a key) and both rate limits, then the order
    assert.equal(statements.length, 2, statements.map((s) => s.slice(0, 60)).join('\n'))
    assert.match(statements[0] ?? '', /from "shop_settings"/, 'the quote')
    assert.match(statements[0] ?? '', /from "idempotency_keys" k where k.scope = /, "the key's holder read by the quote")
    assert.match(statements[0] ?? '', /insert into rate_limits[\s\S]*insert into rate_limits/, 'both order limits counted by the quote')
    const quoteRead = (statements[0] ?? '').slice((statements[0] ?? '').indexOf('select "shop_settings"'))
    assert.doesNotMatch(quoteRead, /pg_advisory|for update|insert |update /i, 'beyond the limits, the quote writes nothing and takes no lock')
    const stock = statements.findIndex((s) => /update "variants"/i.test(s))
    assert.equal(stock, statements.length - 1, 'the stock is taken by the last statement')
    assert.match(statements[stock] ?? '', /insert into "orders"/)
    assert.match(statements[stock] ?? '', /insert into "idempotency_keys"/, 'the key claimed by the order itself')
    assert.match(statements[stock] ?? '', /phone_open_orders\(/, "the phone's open orders counted under its lock")
    assert.match(statements[stock] ?? '', /refuse_order\(/, 'the refusals checked by the statement')
    assert.match(statements[stock] ?? '', /insert into "pending_sold_units"/, 'the units sold appended, not written on the product')
    assert.doesNotMatch(statements[stock] ?? '', /update "products"/)

    // the reply, built with no read after the commit, is the order as its page reads it
    const placed = res.body.data.order
    const read = await shop.http('GET', `/api/v1/order/guest/${placed._id}`, { headers: { 'x-session-id': sessionId } })
    assert.equal(read.status, 200)
    assert.deepEqual(placed, read.body.data.order)
    assert.equal(placed.orderItems.length, 1)
    assert.ok(placed.shippingAddress.cityName && placed.shippingAddress.stateName, 'the commune and wilaya are named')
  })
  test('the rate-limit counters the quote writes are kept without WAL (an unlogged table), so its commit waits for no disk flush', async () => {
    const result = await shop.database.db.execute(sql`select relpersistence from pg_class where oid = 'rate_limits'::regclass`)
    assert.deepEqual((result as unknown as { rows: unknown[] }).rows, [{ relpersistence: 'u' }])
  })

  test('an order of three lines of two products is one statement too, its variants taken one after the other; it names each product by its own key (a statement PostgreSQL can keep planned), built once for two orders of that shape', async () => {
    const cities = await shop.http('GET', '/api/v1/location/states/16/cities')
    const commune = cities.body.data.cities[0]._id
    const place = async () => {
      const sessionId = await shop.guestSession()
      return shop.http('POST', '/api/v1/order/guest', {
        headers: { 'x-session-id': sessionId },
        body: {
          orderItems: [
            { productId: shop.catalogue.runner.id, quantity: 1, size: '41', color: 'black' },
            { productId: shop.catalogue.runner.id, quantity: 1, size: '42', color: 'black' },
            { productId: shop.catalogue.scarf.id, quantity: 2, size: 'M', color: 'red' },
          ],
          customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: randomPhone() },
          shippingAddress: { wilayaId: '16', communeId: commune, type: 'domicil', address: '12 rue Didouche Mourad' },
          paymentMethod: 'cash_on_delivery',
        },
      })
    }
    const stockOf = async () => {
      const product = async (slug: string) => (await shop.http('GET', `/api/v1/product/${slug}`)).body.data.product.variants as { size: string; stock: number }[]
      const runner = await product('runner')
      const scarf = await product('scarf')
      return [runner.find((v) => v.size === '41')?.stock, runner.find((v) => v.size === '42')?.stock, scarf[0]?.stock]
    }
    const before = await stockOf()
    recording = []
    const first = await place()
    const firstStatements = recording
    recording = []
    const second = await place()
    const secondStatements = recording
    recording = null
    assert.equal(first.status, 201, JSON.stringify(first.body))
    assert.equal(second.status, 201, JSON.stringify(second.body))
    const quote = (statements: string[]) => statements.find((s) => /from "shop_settings"/.test(s)) ?? ''
    assert.match(quote(firstStatements), /from "products" p left join "variants" v on v.product_id = p.id\s+where p.id in \(\$\d+, \$\d+\)/, 'one key per product, not an array')
    // the same texts for the second order of the same shape (the statements were built once)
    assert.equal(quote(secondStatements), quote(firstStatements))
    const write = (statements: string[]) => statements.find((s) => /insert into "orders"/.test(s)) ?? ''
    assert.equal(write(secondStatements), write(firstStatements))
    // several variants: one statement too, which takes them one after the other (each UPDATE waits for the previous one)
    const placing = firstStatements.slice(firstStatements.findIndex((s) => /from "shop_settings"/.test(s)))
    assert.equal(placing.length, 2, firstStatements.map((s) => s.slice(0, 60)).join('\n'))
    assert.match(write(firstStatements), /"take0" as \(\s*update "variants" v set stock = v\.stock - \$\d+::int, updated_at = now\(\)\s*where v\.id = \$\d+::uuid and v\.stock >= \$\d+::int\s*returning/)
    assert.match(write(firstStatements), /"take2" as \(\s*update "variants" v[\s\S]*and \(select count\(\*\) from "take1"\) >= 0/)
    // and each order took exactly its units
    assert.deepEqual(await stockOf(), before.map((n, i) => (n ?? 0) - (i === 2 ? 4 : 2)))
    const lines = (order: { orderItems: { product: { _id: string }; quantity: number }[] }) =>
      order.orderItems.map((l) => [l.product._id, l.quantity]).sort()
    const expected = [[shop.catalogue.runner.id, 1], [shop.catalogue.runner.id, 1], [shop.catalogue.scarf.id, 2]].sort()
    assert.deepEqual(lines(first.body.data.order), expected)
    assert.deepEqual(lines(second.body.data.order), expected)
  })
})
