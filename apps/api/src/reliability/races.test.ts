import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { Redis } from 'ioredis'
import { eq, sql } from 'drizzle-orm'
import { clients, orders } from '../db/schema.ts'
import {
  addCoupon,
  addProduct,
  type ApiProcess,
  call,
  cleanupTemp,
  countRows,
  createPgDatabase,
  guestWithCart,
  newKey,
  orderBody,
  ownerCookie,
  prepareShop,
  type Proxy,
  randomPhone,
  type Reply,
  serverErrors,
  type ShopData,
  startApi,
  startReplyDropper,
  startRoundRobin,
  stockOf,
  tally,
  together,
} from './harness.ts'
import { assertInvariants } from './invariants.ts'

/**
 * docs/reliability-test-plan.md B1 (tests 1-11): correctness under concurrency, against a PostgreSQL server with the API
 * running as real processes on 127.0.0.1 — one process, and two behind a round-robin proxy. Every
 * race is repeated RACE_REPEAT times (default 5) and followed by the invariant checks.
 *
 * PGlite serializes every query in one process, so these races only mean something on a PostgreSQL
 * server: the suite runs when TEST_DATABASE_URL is set (as in CI) and is an empty list otherwise.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL
const REPEAT = Math.max(1, Number(process.env.RACE_REPEAT ?? 5))

const no5xx = (replies: Reply[], what: string) => {
  const bad = replies.filter((r) => r.status >= 500 || r.status === 0)
  if (bad.length > 0) {
    assert.fail(`${what}: ${bad.length} server errors or timeouts: ${JSON.stringify(bad.slice(0, 3).map((r) => [r.status, r.error, r.body]))}\n${serverErrors()}`)
  }
}
const codes = (replies: Reply[]) => [...new Set(replies.filter((r) => r.status >= 400).map((r) => r.body?.code as string))].sort()

async function redisReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1_000 })
  try {
    await redis.connect()
    return (await redis.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    redis.disconnect()
  }
}

for (const adminUrl of ADMIN_URL ? [ADMIN_URL] : []) {
  describe('B1 races: PostgreSQL server, API as real processes', () => {
    let dropDatabase: () => Promise<void> = async () => {}
    let shop: ShopData
    let api: ApiProcess
    const started: ApiProcess[] = []
    let proxy: Proxy | undefined

    before(async () => {
      const created = await createPgDatabase(adminUrl, 'rel_races')
      dropDatabase = created.drop
      shop = await prepareShop(created.url)
      api = await startApi({ databaseUrl: created.url })
      started.push(api)
      ;(shop as ShopData & { url: string }).url = created.url
    })

    after(async () => {
      await proxy?.close()
      await Promise.all(started.map((p) => p.stop()))
      await shop?.database.close()
      await dropDatabase()
      await cleanupTemp()
    })

    // -------------------------------------------------------------- scenarios (run on one process, then via the proxy)

    /** Test 1: stock 1, 50 guests with it in their carts check out at once. */
    async function lastUnit(base: string) {
      const product = await addProduct(shop, { '42': 1 })
      const variantId = product.variantOf['42'] as string
      const line = { productId: product.id, size: '42', quantity: 1 }
      const sessions = await Promise.all(Array.from({ length: 50 }, () => guestWithCart(base, [line])))
      const replies = await together(
        sessions.map((sessionId) => () =>
          call(base, 'POST', '/api/v1/order/guest', {
            headers: { 'x-session-id': sessionId, 'idempotency-key': newKey() },
            body: orderBody(shop.communeId, [line], { source: 'cart' }),
          }),
        ),
      )
      no5xx(replies, 'last unit')
      assert.deepEqual(tally(replies), { 201: 1, 422: 49 })
      assert.deepEqual(codes(replies), ['OUT_OF_STOCK'])
      assert.equal(await stockOf(shop, variantId), 0)
      assert.equal(await countRows(shop, 'order_items', `variant_id = '${variantId}'`), 1)
      // every refusal left its cart as it was
      assert.equal(await countRows(shop, 'cart_items', `variant_id = '${variantId}'`), 49)
      await assertInvariants(shop.database.db, { initialStock: new Map([[variantId, 1]]) })
    }

    /** Test 5: one session submits its cart 10 times at once, (a) with one key, (b) with ten keys. */
    async function doubleSubmit(base: string) {
      const product = await addProduct(shop, { '40': 50 })
      const variantId = product.variantOf['40'] as string
      const line = { productId: product.id, size: '40', quantity: 1 }

      const sessionA = await guestWithCart(base, [line])
      const bodyA = orderBody(shop.communeId, [line], { source: 'cart' })
      const key = newKey()
      const send = () => call(base, 'POST', '/api/v1/order/guest', { headers: { 'x-session-id': sessionA, 'idempotency-key': key }, body: bodyA })
      const same = await together(Array.from({ length: 10 }, () => send))
      no5xx(same, 'double submit, one key')
      assert.ok(same.every((r) => [200, 201, 409].includes(r.status)), JSON.stringify(tally(same)))
      assert.equal(same.filter((r) => r.status === 201).length, 1)
      for (const r of same.filter((x) => x.status === 409)) assert.equal(r.body.code, 'IDEMPOTENCY_IN_PROGRESS')
      const ids = new Set(same.filter((r) => r.status < 300).map((r) => r.body.data.order._id))
      assert.equal(ids.size, 1, 'every acknowledged reply names the same order')
      const replay = await send()
      assert.equal(replay.status, 200)
      assert.equal(replay.body.data.replayed, true)
      assert.ok(ids.has(replay.body.data.order._id))

      const sessionB = await guestWithCart(base, [line])
      const bodyB = orderBody(shop.communeId, [line], { source: 'cart' })
      const distinct = await together(
        Array.from({ length: 10 }, () => () =>
          call(base, 'POST', '/api/v1/order/guest', { headers: { 'x-session-id': sessionB, 'idempotency-key': newKey() }, body: bodyB }),
        ),
      )
      no5xx(distinct, 'double submit, ten keys')
      assert.deepEqual(tally(distinct), { 201: 1, 422: 9 })
      assert.deepEqual(codes(distinct), ['CART_EMPTY'])

      assert.equal(await countRows(shop, 'order_items', `variant_id = '${variantId}'`), 2, 'one order per session')
      assert.equal(await stockOf(shop, variantId), 48, 'stock taken once per session')
      assert.equal(await countRows(shop, 'cart_items i join carts c on c.id = i.cart_id', `c.session_id in ('${sessionA}', '${sessionB}')`), 0)
      await assertInvariants(shop.database.db, { initialStock: new Map([[variantId, 50]]) })
    }

    /** Test 6: a coupon with `maxUses` uses, `buyers` guests use it at once. */
    async function couponLimit(base: string, maxUses: number, buyers: number) {
      const product = await addProduct(shop, { '41': 500 })
      const variantId = product.variantOf['41'] as string
      const coupon = await addCoupon(shop, { maxUses, value: 300 })
      const replies = await together(
        Array.from({ length: buyers }, () => () =>
          call(base, 'POST', '/api/v1/order/guest', {
            headers: { 'idempotency-key': newKey() },
            body: orderBody(shop.communeId, [{ productId: product.id, size: '41', quantity: 1 }], { couponCode: coupon.code }),
          }),
        ),
      )
      no5xx(replies, 'coupon limit')
      assert.deepEqual(tally(replies), { 201: maxUses, 422: buyers - maxUses })
      assert.deepEqual(codes(replies), ['COUPON_LIMIT_REACHED'])
      for (const r of replies.filter((x) => x.status === 201)) assert.equal(r.body.data.order.discountAmount ?? r.body.data.order.discount, 300)
      // no order was created without its discount
      assert.equal(await countRows(shop, 'order_items', `variant_id = '${variantId}'`), maxUses)
      assert.equal(await countRows(shop, 'orders', `coupon_id = '${coupon.id}' and discount = 300`), maxUses)
      assert.equal(await countRows(shop, 'coupons', `id = '${coupon.id}' and used_count = ${maxUses}`), 1)
      await assertInvariants(shop.database.db, { initialStock: new Map([[variantId, 500]]) })
    }

    // -------------------------------------------------------------- tests

    test(`1. last unit: 50 carts, stock 1 → one 201, 49 × 422 OUT_OF_STOCK (×${REPEAT})`, async () => {
      for (let i = 0; i < REPEAT; i++) await lastUnit(api.url)
    })

    test(`2. K units, N buyers: stock 7 / 30 buyers, stock 10 / 100 buyers of 1-3 (×${REPEAT})`, async () => {
      for (let i = 0; i < REPEAT; i++) {
        for (const [stock, buyers, maxQty] of [
          [7, 30, 1],
          [10, 100, 3],
        ] as const) {
          const product = await addProduct(shop, { '39': stock })
          const variantId = product.variantOf['39'] as string
          const quantities = Array.from({ length: buyers }, () => 1 + Math.floor(Math.random() * maxQty))
          const replies = await together(
            quantities.map((quantity) => () =>
              call(api.url, 'POST', '/api/v1/order/guest', {
                headers: { 'idempotency-key': newKey() },
                body: orderBody(shop.communeId, [{ productId: product.id, size: '39', quantity }]),
              }),
            ),
          )
          no5xx(replies, `stock ${stock}`)
          const finalStock = await stockOf(shop, variantId)
          const sold = quantities.filter((_q, n) => replies[n]?.status === 201).reduce((a, b) => a + b, 0)
          assert.equal(sold, stock - finalStock, 'units sold = stock taken')
          assert.ok(finalStock >= 0)
          quantities.forEach((quantity, n) => {
            const reply = replies[n] as Reply
            if (reply.status === 201) return
            assert.equal(reply.status, 422)
            assert.ok(['OUT_OF_STOCK', 'QUANTITY_ABOVE_STOCK'].includes(reply.body.code), reply.body.code)
            // stock only falls: a refusal is right only if the final stock cannot serve it either
            assert.ok(quantity > finalStock, `refused ${quantity} while ${finalStock} remain`)
          })
          await assertInvariants(shop.database.db, { initialStock: new Map([[variantId, stock]]) })
        }
      }
    })

    test(`3. lock order: 100 checkouts of 2-4 of 5 hot variants in random order, no deadlock (×${REPEAT})`, async () => {
      for (let i = 0; i < REPEAT; i++) {
        const sizes = ['38', '39', '40', '41', '42']
        const product = await addProduct(shop, Object.fromEntries(sizes.map((s) => [s, 1000])))
        const replies = await together(
          Array.from({ length: 100 }, () => {
            const picked = [...sizes].sort(() => Math.random() - 0.5).slice(0, 2 + Math.floor(Math.random() * 3))
            return () =>
              call(api.url, 'POST', '/api/v1/order/guest', {
                headers: { 'idempotency-key': newKey() },
                body: orderBody(shop.communeId, picked.map((size) => ({ productId: product.id, size, quantity: 1 }))),
              })
          }),
        )
        no5xx(replies, 'hot variants')
        assert.deepEqual(tally(replies), { 201: 100 })
        await assertInvariants(shop.database.db, { initialStock: new Map(sizes.map((s) => [product.variantOf[s] as string, 1000])) })
      }
    })

    test(`3b. lock order across paths: 100 checkouts of 1-4 variants of two products in random order, a third with a coupon; then one phone's 12 orders of all three kinds at once: no deadlock (×${REPEAT})`, async () => {
      for (let i = 0; i < REPEAT; i++) {
        const sizes = ['38', '39', '40']
        const first = await addProduct(shop, Object.fromEntries(sizes.map((s) => [s, 1000])))
        const second = await addProduct(shop, Object.fromEntries(sizes.map((s) => [s, 1000])))
        const coupon = await addCoupon(shop, { maxUses: null, perCustomerLimit: 100 })
        const all = [first, second].flatMap((product) => sizes.map((size) => ({ productId: product.id, size })))
        // a one-statement order locks the phone, then its variants in id order; a coupon order the phone in its
        // statement, then the variants (lockLines) and the coupon: the same order whatever the path
        const checkout = (n: number, phone?: string) => {
          const picked = [...all].sort(() => Math.random() - 0.5).slice(0, 1 + (n % 4))
          const body = orderBody(shop.communeId, picked.map((line) => ({ ...line, quantity: 1 })), n % 3 === 0 ? { couponCode: coupon.code } : {})
          if (phone) body.customerInfo.phone = phone
          return () => call(api.url, 'POST', '/api/v1/order/guest', { headers: { 'idempotency-key': newKey() }, body })
        }
        const replies = await together(Array.from({ length: 100 }, (_, n) => checkout(n)))
        no5xx(replies, 'two products, three paths')
        assert.deepEqual(tally(replies), { 201: 100 })
        const phone = randomPhone()
        const samePhone = await together(Array.from({ length: 12 }, (_, n) => checkout(n, phone)))
        no5xx(samePhone, 'one phone, three paths')
        assert.deepEqual(tally(samePhone), { 201: 3, 422: 9 }, 'the phone has three open orders at most')
        assert.deepEqual(codes(samePhone), ['OPEN_ORDERS_LIMIT'])
        const initial = new Map([first, second].flatMap((product) => sizes.map((size) => [product.variantOf[size] as string, 1000] as const)))
        await assertInvariants(shop.database.db, { initialStock: initial })
      }
    })

    test(`4. the same variant twice in one order (two lines, two spellings), stock 1 → refused, never an order (×${REPEAT})`, async () => {
      for (let i = 0; i < REPEAT; i++) {
        const product = await addProduct(shop, { '42': 1 })
        const variantId = product.variantOf['42'] as string
        const shapes = [
          [
            { productId: product.id, size: '42', quantity: 1 },
            { productId: product.id, size: '42', quantity: 1 },
          ],
          [
            { productId: product.id, size: '42', quantity: 1, color: 'black' },
            { productId: product.id, size: '42', quantity: 1, color: 'BLACK' },
          ],
          [
            { productId: product.id, size: '42', quantity: 1, color: 'black' },
            { productId: product.id.toUpperCase(), size: '42', quantity: 1, color: 'Black' },
          ],
        ]
        const replies = await together(
          shapes.map((lines) => () => call(api.url, 'POST', '/api/v1/order/guest', { body: orderBody(shop.communeId, lines) })),
        )
        no5xx(replies, 'duplicate lines')
        assert.deepEqual(tally(replies), { 422: 3 })
        assert.deepEqual(codes(replies), ['QUANTITY_ABOVE_STOCK'])
        assert.equal(await countRows(shop, 'order_items', `variant_id = '${variantId}'`), 0)
        assert.equal(await stockOf(shop, variantId), 1)
      }
    })

    test(`5. double submit: one key → one order and replays; ten keys → one 201 and 9 × 422 CART_EMPTY (×${REPEAT})`, async () => {
      for (let i = 0; i < REPEAT; i++) await doubleSubmit(api.url)
    })

    test(`6. coupon limit: max 5 with 20 buyers, max 1 with 50 buyers; a CHECK backs it (×${REPEAT})`, async () => {
      const check = await shop.database.db.execute(sql`select 1 from pg_constraint where conname = 'coupons_used_within_max' and contype = 'c'`)
      assert.equal((check as unknown as { rows: unknown[] }).rows.length, 1, 'CHECK (used_count <= max_uses) exists')
      for (let i = 0; i < REPEAT; i++) {
        await couponLimit(api.url, 5, 20)
        await couponLimit(api.url, 1, 50)
      }
    })

    test(`7. coupon release race: 5 cancels of an order with the last coupon use + 5 new orders wanting it (×${REPEAT})`, async () => {
      const cookie = await ownerCookie(api.url, shop)
      for (let i = 0; i < REPEAT; i++) {
        const product = await addProduct(shop, { '40': 10 })
        const variantId = product.variantOf['40'] as string
        const coupon = await addCoupon(shop, { maxUses: 1, value: 200 })
        const line = [{ productId: product.id, size: '40', quantity: 2 }]
        const first = await call(api.url, 'POST', '/api/v1/order/guest', { body: orderBody(shop.communeId, line, { couponCode: coupon.code }) })
        assert.equal(first.status, 201)
        const orderId = first.body.data.order._id as string
        const [{ version }] = (await shop.database.db.select({ version: orders.version }).from(orders).where(eq(orders.id, orderId))) as [{ version: number }]
        const cancel = () =>
          call(api.url, 'POST', `/api/v1/admin/orders/${orderId}/status`, { headers: { cookie }, body: { status: 'cancelled', version } })
        const place = () => call(api.url, 'POST', '/api/v1/order/guest', { body: orderBody(shop.communeId, line, { couponCode: coupon.code }) })
        const replies = await together([cancel, place, cancel, place, cancel, place, cancel, place, cancel, place])
        no5xx(replies, 'cancel and reuse')
        const cancels = replies.filter((_r, n) => n % 2 === 0)
        const places = replies.filter((_r, n) => n % 2 === 1)
        assert.deepEqual(tally(cancels), { 200: 1, 409: 4 }, 'one cancel wins; the others meet an already cancelled order')
        const placed = places.filter((r) => r.status === 201).length
        assert.ok(placed <= 1, `${placed} orders got the single freed use`)
        for (const r of places.filter((x) => x.status !== 201)) assert.equal(r.body.code, 'COUPON_LIMIT_REACHED')
        // stock back exactly once: 10 - the units of the orders still live
        assert.equal(await stockOf(shop, variantId), 10 - 2 * placed)
        assert.equal(await countRows(shop, 'coupons', `id = '${coupon.id}' and used_count = ${placed}`), 1)
        // cancelling again with the fresh version is refused and changes nothing
        const [{ version: now }] = (await shop.database.db.select({ version: orders.version }).from(orders).where(eq(orders.id, orderId))) as [{ version: number }]
        const again = await call(api.url, 'POST', `/api/v1/admin/orders/${orderId}/status`, { headers: { cookie }, body: { status: 'cancelled', version: now } })
        assert.equal(again.status, 422)
        assert.equal(again.body.code, 'STATUS_MOVE_NOT_ALLOWED')
        assert.equal(await stockOf(shop, variantId), 10 - 2 * placed)
        await assertInvariants(shop.database.db, { initialStock: new Map([[variantId, 10]]) })
      }
    })

    test(`8. a fresh session adds 4 more variants at once, then the same variant 5 times: one cart, capped at stock (×${REPEAT})`, async () => {
      for (let i = 0; i < REPEAT; i++) {
        const sizes = ['38', '39', '40', '41', '42']
        const product = await addProduct(shop, Object.fromEntries(sizes.map((s) => [s, 4])))
        // the first add issues the session; the other 4 sizes then arrive at once under it
        const start = await call(api.url, 'POST', '/api/v1/cart/guest/add', { body: { productId: product.id, size: '38', color: 'black', quantity: 1 } })
        const sessionId = start.body.data.sessionId as string
        const add = (size: string) => () =>
          call(api.url, 'POST', '/api/v1/cart/guest/add', { headers: { 'x-session-id': sessionId }, body: { productId: product.id, size, color: 'black', quantity: 1 } })
        const first = await together(sizes.slice(1).map(add))
        no5xx(first, 'first adds')
        assert.deepEqual(tally(first), { 200: 4 })
        assert.equal(await countRows(shop, 'carts', `session_id = '${sessionId}'`), 1, 'one cart')
        assert.equal(await countRows(shop, 'cart_items i join carts c on c.id = i.cart_id', `c.session_id = '${sessionId}'`), 5)
        const again = await together(Array.from({ length: 5 }, () => add('40')))
        no5xx(again, 'same variant')
        assert.ok(again.every((r) => r.status === 200 || r.body?.code === 'QUANTITY_ABOVE_STOCK'), JSON.stringify(tally(again)))
        const cart = await call(api.url, 'GET', '/api/v1/cart/guest', { headers: { 'x-session-id': sessionId } })
        const lines = (cart.body.data.cart.items as { size: string; quantity: number }[]).filter((l) => l.size === '40')
        assert.equal(lines.length, 1, 'one line for the variant')
        assert.equal(lines[0]?.quantity, 4, '1 + 5 capped at the stock of 4')
        assert.equal(cart.body.data.cart.items.length, 5)
        await assertInvariants(shop.database.db)
      }
    })

    test(`9. ten concurrent sign-ups with Ali@x.dz / ali@x.dz → one account, others 409 (×${REPEAT})`, async () => {
      for (let i = 0; i < REPEAT; i++) {
        const local = `ali${Date.now()}r${i}`
        const replies = await together(
          Array.from({ length: 10 }, (_v, n) => () =>
            call(api.url, 'POST', '/api/v1/auth/client/signup', {
              body: { firstName: 'Ali', lastName: 'Benali', email: n % 2 ? `${local}@x.dz` : `${local.replace('ali', 'Ali')}@X.dz`, password: 'a-long-password-1' },
            }),
          ),
        )
        no5xx(replies, 'sign-ups')
        assert.deepEqual(tally(replies), { 201: 1, 409: 9 })
        assert.deepEqual(codes(replies), ['EMAIL_TAKEN'])
        const rows = await shop.database.db.select({ id: clients.id }).from(clients).where(sql`lower(${clients.email}) = ${`${local}@x.dz`}`)
        assert.equal(rows.length, 1)
      }
    })

    test(`18. lost reply: the order commits but the reply never arrives; the retry with the same key gets that order (×${REPEAT})`, async () => {
      const dropper = await startReplyDropper(api.port)
      try {
        for (let i = 0; i < REPEAT; i++) {
          const product = await addProduct(shop, { '43': 5 })
          const variantId = product.variantOf['43'] as string
          const line = { productId: product.id, size: '43', quantity: 1 }
          const sessionId = await guestWithCart(api.url, [line])
          const key = newKey()
          const body = orderBody(shop.communeId, [line], { source: 'cart' })
          const headers = { 'x-session-id': sessionId, 'idempotency-key': key }
          const lost = await call(dropper.url, 'POST', '/api/v1/order/guest', { headers, body })
          assert.equal(lost.status, 0, 'the client saw no reply')
          assert.equal(dropper.dropped.at(-1), 201, 'the API had answered 201: the order is committed')
          const retry = await call(api.url, 'POST', '/api/v1/order/guest', { headers, body })
          assert.equal(retry.status, 200)
          assert.equal(retry.body.data.replayed, true)
          assert.equal(await countRows(shop, 'order_items', `variant_id = '${variantId}'`), 1, 'one order, not two')
          assert.equal(await stockOf(shop, variantId), 4)
          const changed = await call(api.url, 'POST', '/api/v1/order/guest', {
            headers,
            body: orderBody(shop.communeId, [{ ...line, quantity: 2 }], { source: 'cart' }),
          })
          assert.equal(changed.status, 422)
          assert.equal(changed.body.code, 'IDEMPOTENCY_KEY_REUSED')
          await assertInvariants(shop.database.db, { initialStock: new Map([[variantId, 5]]) })
        }
      } finally {
        await dropper.close()
      }
    })

    describe('10. two API processes behind a round-robin proxy', () => {
      let redisUsed = false
      before(async () => {
        const url = (shop as ShopData & { url: string }).url
        const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
        redisUsed = await redisReachable(redisUrl)
        const env = {
          RATE_LIMIT_TRACKING: '6/600',
          // Redis when one answers (counters shared through it), else the PostgreSQL counters; a fresh prefix per run
          ...(redisUsed ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `shop-test-${Date.now()}-${process.pid}:` } : {}),
        }
        const [a, b] = await Promise.all([startApi({ databaseUrl: url, env }), startApi({ databaseUrl: url, env })])
        started.push(a, b)
        proxy = await startRoundRobin([a.port, b.port])
      })

      test(`1, 5 and 6 give the same results through the proxy (×${REPEAT})`, async () => {
        const p = proxy as Proxy
        for (let i = 0; i < REPEAT; i++) {
          await lastUnit(p.url)
          await doubleSubmit(p.url)
          await couponLimit(p.url, 5, 20)
        }
        assert.ok((p.counts[0] ?? 0) > 50 * REPEAT && (p.counts[1] ?? 0) > 50 * REPEAT, `both processes served: ${p.counts.join('/')}`)
      })

      test(`rate limits count across both processes (${'store'}: Redis when reachable, else PostgreSQL)`, async () => {
        const p = proxy as Proxy
        const phone = randomPhone()
        const before = [...p.counts]
        const statuses: number[] = []
        for (let n = 0; n < 10; n++) statuses.push((await call(p.url, 'POST', '/api/v1/tracking', { body: { phoneNumber: phone } })).status)
        assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 429, 429, 429, 429], `store: ${redisUsed ? 'redis' : 'postgres'}`)
        assert.ok((p.counts[0] ?? 0) - (before[0] ?? 0) === 5 && (p.counts[1] ?? 0) - (before[1] ?? 0) === 5, 'the requests were split over both')
      })
    })

    describe('11. hoarding: guest orders capped per phone (open orders) and per client address', () => {
      let hoard: ApiProcess
      before(async () => {
        // three open orders per phone (the shop's default) and three orders per address per hour; the test poses as many addresses
        // through X-Forwarded-For, which this process trusts because TRUST_PROXY names the test's address
        hoard = await startApi({
          databaseUrl: (shop as ShopData & { url: string }).url,
          env: { RATE_LIMIT_ORDER_ADDRESS: '3/3600', TRUST_PROXY: '127.0.0.1' },
        })
        started.push(hoard)
      })

      test(`past the open orders of a phone 422, past the address cap 429; refusals leave no order; cancelling puts the stock back (×${REPEAT})`, async () => {
        const cookie = await ownerCookie(hoard.url, shop)
        for (let i = 0; i < REPEAT; i++) {
          const product = await addProduct(shop, { '42': 20 })
          const variantId = product.variantOf['42'] as string
          const line = [{ productId: product.id, size: '42', quantity: 1 }]
          const phone = randomPhone()
          const samePhone: Reply[] = []
          for (let n = 0; n < 5; n++) {
            const body = orderBody(shop.communeId, line)
            body.customerInfo.phone = phone
            samePhone.push(await call(hoard.url, 'POST', '/api/v1/order/guest', { headers: { 'x-forwarded-for': `10.${i}.${n}.1` }, body }))
          }
          assert.deepEqual(samePhone.map((r) => r.status), [201, 201, 201, 422, 422], 'one phone, many addresses')
          assert.ok(samePhone.slice(3).every((r) => r.body.code === 'OPEN_ORDERS_LIMIT'))
          const address = `10.200.${i}.7`
          const sameAddress: Reply[] = []
          for (let n = 0; n < 5; n++) {
            sameAddress.push(await call(hoard.url, 'POST', '/api/v1/order/guest', { headers: { 'x-forwarded-for': address }, body: orderBody(shop.communeId, line) }))
          }
          assert.deepEqual(sameAddress.map((r) => r.status), [201, 201, 201, 429, 429], 'one address, many phones')
          assert.ok([...samePhone, ...sameAddress].filter((r) => r.status === 429).every((r) => r.body.code === 'TOO_MANY_REQUESTS' && r.headers.get('retry-after')))
          assert.equal(await stockOf(shop, variantId), 14)
          assert.equal(await countRows(shop, 'order_items', `variant_id = '${variantId}'`), 6)
          const placed = [...samePhone, ...sameAddress].filter((r) => r.status === 201).map((r) => r.body.data.order._id as string)
          for (const id of placed) {
            const [{ version }] = (await shop.database.db.select({ version: orders.version }).from(orders).where(eq(orders.id, id))) as [{ version: number }]
            const res = await call(hoard.url, 'POST', `/api/v1/admin/orders/${id}/status`, { headers: { cookie }, body: { status: 'cancelled', version } })
            assert.equal(res.status, 200)
          }
          assert.equal(await stockOf(shop, variantId), 20, 'cancelling released every unit')
          await assertInvariants(shop.database.db, { initialStock: new Map([[variantId, 20]]) })
        }
      })
    })
  })
}
