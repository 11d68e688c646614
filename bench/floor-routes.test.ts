import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { PGlite } from '@electric-sql/pglite'
import Fastify from 'fastify'
import { createFloorTables, floorRoutes, pgliteFloor } from './floor-routes.ts'

// The PGlite floor, on an in-process PGlite as the store's PGlite target has it (small tables: same shape)
const db = new PGlite()
const app = Fastify({ logger: false })

before(async () => {
  await createFloorTables(db, { page_1k: 30, page_100k: 40, stock: 3 })
  floorRoutes(app, pgliteFloor(db))
  await app.ready()
})

after(async () => {
  await app.close()
  await db.close()
})

test('the PGlite page floor answers 12 rows, newest first, from the table asked for', async () => {
  const res = await app.inject({ method: 'GET', url: '/floor/page/1k' })
  assert.equal(res.statusCode, 200)
  const items = (res.json() as { items: { id: number; name: string; price: number }[] }).items
  // created_at = now() - i minutes: the newest rows are 1, 2, 3, ...
  assert.deepEqual(items.map((i) => i.id), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  assert.equal(items[0]?.name, 'Item 1')
  const big = await app.inject({ method: 'GET', url: '/floor/page/100k' })
  assert.equal(big.statusCode, 200)
  assert.equal((big.json() as { items: unknown[] }).items.length, 12)
  const count = await db.query<{ n: number }>('select count(*)::int as n from bench_floor.page_100k')
  assert.equal(count.rows[0]?.n, 40)
})

test('the PGlite order floor takes one unit and writes one order and one line in a transaction; no stock is a 409 that writes nothing', async () => {
  await db.query('update bench_floor.stock set stock = 1 where id = 2')
  const first = await app.inject({ method: 'POST', url: '/floor/order', payload: { stockId: 2 } })
  assert.equal(first.statusCode, 201)
  const id = (first.json() as { id: string }).id
  const line = await db.query<{ stock_id: number; quantity: number }>('select stock_id, quantity from bench_floor.order_lines where order_id = $1', [id])
  assert.deepEqual(line.rows, [{ stock_id: 2, quantity: 1 }])
  const second = await app.inject({ method: 'POST', url: '/floor/order', payload: { stockId: 2 } })
  assert.equal(second.statusCode, 409)
  const state = await db.query<{ stock: number; orders: number; lines: number }>(
    'select (select stock from bench_floor.stock where id = 2) as stock, (select count(*)::int from bench_floor.orders) as orders, (select count(*)::int from bench_floor.order_lines) as lines',
  )
  assert.deepEqual(state.rows[0], { stock: 0, orders: 1, lines: 1 })
})
