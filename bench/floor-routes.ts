/**
 * The floors: the physical floor of "one query, one reply" and of "one order", as bare Fastify routes
 * (no plugins, no schema validation, no ORM) over bare tables in a `bench_floor` schema of the store's
 * database (the store's tables untouched):
 *   - GET /floor/page/1k and /floor/page/100k: a 12-row page by an index from a 1 000-row and a 100 000-row table;
 *   - POST /floor/order {stockId}: one transaction that takes one unit of a stock row and inserts one order
 *     and one line (201), or 409 when the row has no stock left.
 * On PostgreSQL the routes use node-postgres on their own pool (the store's pool size); on PGlite the store's
 * in-process PGlite instance itself (one connection, as the store has).
 */
import type { PGlite } from '@electric-sql/pglite'
import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import type { SqlClient } from './generate.ts'

export const FLOOR_TABLE_ROWS = { page_1k: 1000, page_100k: 100_000, stock: 1000 } as const

/** Creates (or re-creates) the floor tables; `rows` shrinks them for tests. */
export async function createFloorTables(sql: SqlClient, rows: { page_1k: number; page_100k: number; stock: number } = FLOOR_TABLE_ROWS): Promise<void> {
  const statements = [
    'drop schema if exists bench_floor cascade',
    'create schema bench_floor',
    ...(['page_1k', 'page_100k'] as const).flatMap((name) => [
      `create table bench_floor.${name} (id int primary key, name text not null, price int not null, created_at timestamptz not null)`,
      `insert into bench_floor.${name} select i, 'Item ' || i, 1000 + (i * 37) % 9000, now() - i * interval '1 minute' from generate_series(1, ${Number(rows[name])}) i`,
      `create index on bench_floor.${name} (created_at desc, id desc)`,
      `analyze bench_floor.${name}`,
    ]),
    'create table bench_floor.stock (id int primary key, stock int not null)',
    `insert into bench_floor.stock select i, 1000000000 from generate_series(1, ${Number(rows.stock)}) i`,
    'create table bench_floor.orders (id bigserial primary key, phone text not null, total int not null, created_at timestamptz not null default now())',
    'create table bench_floor.order_lines (id bigserial primary key, order_id bigint not null references bench_floor.orders(id), stock_id int not null, quantity int not null)',
    'analyze bench_floor.stock',
  ]
  for (const statement of statements) await sql.query(statement)
}

/** What the floor routes need from a database: one page, and one order transaction (null: out of stock). */
export interface FloorDriver {
  page(table: 'page_1k' | 'page_100k'): Promise<unknown[]>
  order(stockId: number): Promise<{ id: unknown } | null>
}

const pageSql = (table: string) => `select id, name, price, created_at from bench_floor.${table} order by created_at desc, id desc limit 12`
const TAKE = 'update bench_floor.stock set stock = stock - 1 where id = $1 and stock > 0'
const ORDER = 'insert into bench_floor.orders (phone, total) values ($1, $2) returning id'
const LINE = 'insert into bench_floor.order_lines (order_id, stock_id, quantity) values ($1, $2, 1)'

/** node-postgres on a pool of its own: named (prepared) statements, begin/commit on one connection. */
export function pgFloor(pool: pg.Pool): FloorDriver {
  return {
    async page(table) {
      return (await pool.query({ name: `floor-page-${table}`, text: pageSql(table) })).rows
    },
    async order(stockId) {
      const conn = await pool.connect()
      try {
        await conn.query('begin')
        const taken = await conn.query({ name: 'floor-take', text: TAKE, values: [stockId] })
        if (taken.rowCount !== 1) {
          await conn.query('rollback')
          return null
        }
        const order = await conn.query<{ id: string }>({ name: 'floor-order', text: ORDER, values: ['0555000000', 4500] })
        await conn.query({ name: 'floor-line', text: LINE, values: [order.rows[0]?.id, stockId] })
        await conn.query('commit')
        return { id: order.rows[0]?.id }
      } catch (error) {
        await conn.query('rollback').catch(() => {})
        throw error
      } finally {
        conn.release()
      }
    },
  }
}

class OutOfStock extends Error {}

/** The in-process PGlite instance: its own transaction() (statements of others wait for it, as in the store). */
export function pgliteFloor(db: PGlite): FloorDriver {
  return {
    async page(table) {
      return (await db.query(pageSql(table))).rows
    },
    async order(stockId) {
      try {
        return await db.transaction(async (tx) => {
          const taken = await tx.query(TAKE, [stockId])
          if (taken.affectedRows !== 1) throw new OutOfStock()
          const order = await tx.query<{ id: string }>(ORDER, ['0555000000', 4500])
          await tx.query(LINE, [order.rows[0]?.id, stockId])
          return { id: String(order.rows[0]?.id) }
        })
      } catch (error) {
        if (error instanceof OutOfStock) return null
        throw error
      }
    },
  }
}

/** The floor routes on a bare Fastify instance (the bench's control server). */
export function floorRoutes(app: FastifyInstance, driver: FloorDriver | null): void {
  app.get<{ Params: { table: string } }>('/floor/page/:table', async (request, reply) => {
    if (!driver) return reply.code(404).send('no floor tables')
    const rows = await driver.page(request.params.table === '100k' ? 'page_100k' : 'page_1k')
    return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ items: rows }))
  })
  app.post<{ Body: { stockId: number } }>('/floor/order', async (request, reply) => {
    if (!driver) return reply.code(404).send('no floor tables')
    const order = await driver.order(Number(request.body.stockId))
    return order ? reply.code(201).send(order) : reply.code(409).send({ error: 'out of stock' })
  })
}
