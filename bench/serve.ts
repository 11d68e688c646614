/**
 * The store as the benchmark runs it: the real app (buildApp + bootstrap, the demo shop) on a fresh
 * database grown by generate.ts, listening on PORT, plus a control server on CONTROL_PORT (127.0.0.1 only)
 * that the runner uses to
 *   - capture one request: its reply bytes and the SQL it sent, statement by statement (POST /capture),
 *   - serve the two ceilings: the captured bytes from a bare Fastify route (GET /ceiling/bytes/:name) and
 *     the captured SQL replayed through the same driver (GET /ceiling/sql/:name),
 *   - EXPLAIN ANALYZE the captured SQL (GET /explain/:name) and run checks (POST /query).
 * Environment: the app's own (DATABASE_URL or DATA_DIR, RATE_LIMIT_*, ...) plus BENCH_PRODUCTS, BENCH_ORDERS,
 * CONTROL_PORT, BENCH_STAFF_EMAIL, BENCH_STAFF_PASSWORD.
 */
import { mkdir } from 'node:fs/promises'
import Fastify from 'fastify'
import pg from 'pg'
import { buildApp } from '../apps/api/src/app.ts'
import { bootstrap } from '../apps/api/src/bootstrap.ts'
import { loadConfig } from '../apps/api/src/config.ts'
import { openDatabase } from '../apps/api/src/db/client.ts'
import { createStaff } from '../apps/api/src/modules/staff/staff.service.ts'
import { generate, type SqlClient } from './generate.ts'

type QueryArgs = unknown[]
interface Capture {
  status: number
  headers: Record<string, string>
  body: string
  /** Statements in the order sent; those sent before any earlier one answered share a batch (they ran in parallel). */
  batches: QueryArgs[][]
}

const config = loadConfig()
const controlPort = Number(process.env.CONTROL_PORT ?? config.PORT + 1)
const database = await openDatabase({ url: config.DATABASE_URL, dir: config.pgliteDir, poolMax: config.DATABASE_POOL_MAX })
await mkdir(config.mediaDir, { recursive: true })
const app = await buildApp({ config, database, logger: false })
await bootstrap(database, config, { info: () => {} })

// The driver object drizzle talks to (pg.Pool or PGlite): every statement goes through its query().
const client = (database.db as unknown as { $client: SqlClient & { query: (...args: unknown[]) => Promise<unknown> } }).$client
// Generation runs statements longer than the app's 5 s statement timeout: on PostgreSQL, its own connection.
const generator: { client: SqlClient; end: () => Promise<void> } = config.DATABASE_URL
  ? await (async () => {
      const own = new pg.Client({ connectionString: config.DATABASE_URL })
      await own.connect()
      // migrate() stored the store's limits as the role's defaults in this database: lift them for this session
      await own.query('set statement_timeout = 0')
      return { client: own, end: () => own.end() }
    })()
  : { client, end: async () => {} }
const generated = await generate(generator.client, Number(process.env.BENCH_PRODUCTS ?? 1000), Number(process.env.BENCH_ORDERS ?? 0), (line) =>
  process.stderr.write(`[serve] ${line}\n`),
)
// The floors (PostgreSQL only): bare tables in their own schema, the store's tables untouched.
if (config.DATABASE_URL) await createFloorTables(generator.client)
await generator.end()
const staffEmail = process.env.BENCH_STAFF_EMAIL ?? 'bench@khatwa.dz'
await createStaff(database.db, { email: staffEmail, password: process.env.BENCH_STAFF_PASSWORD ?? 'bench-password-1', name: 'Bench', role: 'manager' })

// ---------------------------------------------------------------- statement recorder
let recording: { batches: QueryArgs[][]; answeredSinceLast: boolean } | null = null
const originalQuery = client.query.bind(client)
client.query = ((...args: unknown[]) => {
  const rec = recording
  if (rec) {
    if (rec.answeredSinceLast || rec.batches.length === 0) rec.batches.push([])
    rec.answeredSinceLast = false
    rec.batches[rec.batches.length - 1]?.push(args)
    return (originalQuery(...args) as Promise<unknown>).finally(() => {
      rec.answeredSinceLast = true
    })
  }
  return originalQuery(...args)
}) as typeof client.query

const captures = new Map<string, Capture>()

async function replay(batches: QueryArgs[][]): Promise<unknown[]> {
  const out: unknown[] = []
  for (const batch of batches) {
    const results = (await Promise.all(batch.map((args) => originalQuery(...args)))) as { rows: unknown[] }[]
    for (const r of results) out.push(r.rows)
  }
  return out
}

// ---------------------------------------------------------------- control server
const control = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 })

control.get('/info', async () => ({ kind: database.kind, pid: process.pid, generated, staffEmail }))

// Resolves once the requests of the previous load run have all finished (at most 20 s), so that a slow
// run's leftovers do not weigh on the next figure.
control.get('/idle', async () => {
  for (let i = 0; i < 200 && inFlight > 0; i++) await new Promise((resolve) => setTimeout(resolve, 100))
  return { inFlight }
})

control.post<{ Params: { name: string }; Body: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; body?: unknown } }>(
  '/capture/:name',
  async (request) => {
    const { method, url, headers, body } = request.body
    // requests of the previous load run may still be finishing: their statements are not this request's
    for (let i = 0; i < 100 && inFlight > 0; i++) await new Promise((resolve) => setTimeout(resolve, 100))
    await new Promise((resolve) => setTimeout(resolve, 200))
    recording = { batches: [], answeredSinceLast: false }
    let res: Awaited<ReturnType<typeof app.inject>>
    try {
      res = await app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) })
    } finally {
      // statements are only those of this request: nothing else runs while the runner captures
    }
    const batches = recording.batches
    recording = null
    const capture: Capture = {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      body: res.body,
      batches,
    }
    captures.set(request.params.name, capture)
    return { status: capture.status, bytes: Buffer.byteLength(capture.body), statements: batches.flat().length, batches: batches.length, body: res.body }
  },
)

// Framework ceiling: a bare route sending the same bytes.
control.get<{ Params: { name: string } }>('/ceiling/bytes/:name', async (request, reply) => {
  const capture = captures.get(request.params.name)
  if (!capture) return reply.code(404).send('not captured')
  return reply.header('content-type', capture.headers['content-type']).send(capture.body)
})

// Framework + database ceiling: the same statements through the same driver, the rows sent as JSON.
control.get<{ Params: { name: string } }>('/ceiling/sql/:name', async (request, reply) => {
  const capture = captures.get(request.params.name)
  if (!capture) return reply.code(404).send('not captured')
  const rows = await replay(capture.batches)
  return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(rows))
})

control.get<{ Params: { name: string } }>('/explain/:name', async (request, reply) => {
  const capture = captures.get(request.params.name)
  if (!capture) return reply.code(404).send('not captured')
  const plans: { sql: string; plan: string }[] = []
  for (const args of capture.batches.flat()) {
    const first = args[0] as string | { text: string; values?: unknown[] }
    const text = typeof first === 'string' ? first : first.text
    const params = (args[1] as unknown[] | undefined) ?? (typeof first === 'string' ? undefined : first.values)
    const res = (await originalQuery(`explain (analyze, buffers, costs off) ${text}`, params ?? [])) as { rows: Record<string, string>[] }
    plans.push({ sql: text, plan: res.rows.map((r) => Object.values(r)[0]).join('\n') })
  }
  return { plans }
})

control.post<{ Body: { sql: string; params?: unknown[] } }>('/query', async (request) => {
  const res = (await originalQuery(request.body.sql, request.body.params ?? [])) as { rows: unknown[] }
  return { rows: res.rows }
})

// ---------------------------------------------------------------- floors (PostgreSQL)
// The physical floor of "one query, one reply" and of "one order": a bare route with node-postgres on its
// own pool (the store's pool size), no framework plugins, no schema validation, no ORM.
async function createFloorTables(sql: SqlClient): Promise<void> {
  const statements = [
    'drop schema if exists bench_floor cascade',
    'create schema bench_floor',
    ...[
      ['page_1k', 1000],
      ['page_100k', 100_000],
    ].flatMap(([name, rows]) => [
      `create table bench_floor.${name} (id int primary key, name text not null, price int not null, created_at timestamptz not null)`,
      `insert into bench_floor.${name} select i, 'Item ' || i, 1000 + (i * 37) % 9000, now() - i * interval '1 minute' from generate_series(1, ${rows}) i`,
      `create index on bench_floor.${name} (created_at desc, id desc)`,
      `analyze bench_floor.${name}`,
    ]),
    'create table bench_floor.stock (id int primary key, stock int not null)',
    'insert into bench_floor.stock select i, 1000000000 from generate_series(1, 1000) i',
    'create table bench_floor.orders (id bigserial primary key, phone text not null, total int not null, created_at timestamptz not null default now())',
    'create table bench_floor.order_lines (id bigserial primary key, order_id bigint not null references bench_floor.orders(id), stock_id int not null, quantity int not null)',
    'analyze bench_floor.stock',
  ]
  for (const statement of statements) await sql.query(statement)
}

const floorPool = config.DATABASE_URL ? new pg.Pool({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_MAX }) : null

control.get<{ Params: { table: '1k' | '100k' } }>('/floor/page/:table', async (request, reply) => {
  if (!floorPool) return reply.code(404).send('PostgreSQL only')
  const table = request.params.table === '100k' ? 'page_100k' : 'page_1k'
  const res = await floorPool.query({
    name: `floor-page-${table}`,
    text: `select id, name, price, created_at from bench_floor.${table} order by created_at desc, id desc limit 12`,
  })
  return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ items: res.rows }))
})

control.post<{ Body: { stockId: number } }>('/floor/order', async (request, reply) => {
  if (!floorPool) return reply.code(404).send('PostgreSQL only')
  const conn = await floorPool.connect()
  try {
    await conn.query('begin')
    const taken = await conn.query({ name: 'floor-take', text: 'update bench_floor.stock set stock = stock - 1 where id = $1 and stock > 0', values: [request.body.stockId] })
    if (taken.rowCount !== 1) {
      await conn.query('rollback')
      return reply.code(409).send({ error: 'out of stock' })
    }
    const order = await conn.query<{ id: string }>({ name: 'floor-order', text: 'insert into bench_floor.orders (phone, total) values ($1, $2) returning id', values: ['0555000000', 4500] })
    await conn.query({ name: 'floor-line', text: 'insert into bench_floor.order_lines (order_id, stock_id, quantity) values ($1, $2, 1)', values: [order.rows[0]?.id, request.body.stockId] })
    await conn.query('commit')
    return reply.code(201).send({ id: order.rows[0]?.id })
  } catch (error) {
    await conn.query('rollback').catch(() => {})
    throw error
  } finally {
    conn.release()
  }
})

let inFlight = 0
app.server.on('request', (_req, res) => {
  inFlight++
  res.once('close', () => inFlight--)
})
await app.listen({ port: config.PORT, host: '127.0.0.1' })
await control.listen({ port: controlPort, host: '127.0.0.1' })
process.stdout.write(`BENCH READY ${JSON.stringify({ port: config.PORT, controlPort, pid: process.pid })}\n`)

const stop = async () => {
  await app.close().catch(() => {})
  await control.close().catch(() => {})
  await floorPool?.end().catch(() => {})
  await database.close().catch(() => {})
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
