/**
 * The store as the benchmark runs it: the real app (buildApp + bootstrap, the demo shop) on a fresh
 * database grown by generate.ts, listening on PORT, plus a control server on CONTROL_PORT (127.0.0.1 only)
 * that the runner uses to
 *   - capture one request: its reply bytes and the SQL it sent, statement by statement (POST /capture),
 *   - serve the two ceilings: the captured bytes from a bare Fastify route (GET /ceiling/bytes/:name) and
 *     the captured SQL replayed through the same driver (GET /ceiling/sql/:name),
 *   - serve the floors (floor-routes.ts: a bare page and a bare order transaction over bare tables),
 *   - EXPLAIN ANALYZE the captured SQL (GET /explain/:name) and run checks (POST /query).
 * Environment: the app's own (DATABASE_URL or DATA_DIR, RATE_LIMIT_*, ...) plus BENCH_PRODUCTS, BENCH_ORDERS,
 * CONTROL_PORT, BENCH_STAFF_EMAIL, BENCH_STAFF_PASSWORD.
 */
import { mkdir } from 'node:fs/promises'
import type { PGlite } from '@electric-sql/pglite'
import Fastify, { type FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildApp } from '../apps/api/src/app.ts'
import { bootstrap } from '../apps/api/src/bootstrap.ts'
import { loadConfig } from '../apps/api/src/config.ts'
import { openDatabase } from '../apps/api/src/db/client.ts'
import { createStaff } from '../apps/api/src/modules/staff/staff.service.ts'
import { floorRoutes, createFloorTables, pgFloor, pgliteFloor } from './floor-routes.ts'
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
// The floors: bare tables in their own schema, the store's tables untouched.
await createFloorTables(generator.client)
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

// Requests still being worked on, the store's and the control server's ceilings and floors: counted from
// the request's arrival until its handler has sent (or failed), whether or not the client is still there
// (when a load run ends, autocannon closes its connections while their requests are still running).
let inFlight = 0
const working = new WeakSet<object>()
function countInFlight(server: FastifyInstance, counted: (url: string) => boolean): void {
  server.addHook('onRequest', async (request) => {
    if (!counted(request.url)) return
    working.add(request)
    inFlight++
  })
  const done = (request: object) => {
    if (working.delete(request)) inFlight--
  }
  server.addHook('onSend', async (request, _reply, payload) => {
    done(request)
    return payload
  })
  server.addHook('onResponse', async (request) => done(request))
}
countInFlight(app, () => true)
countInFlight(control, (url) => /^\/(floor|ceiling)\//.test(url))

control.get('/info', async () => ({ kind: database.kind, pid: process.pid, generated, staffEmail }))

// Resolves once the requests of the previous load run have all finished (at most 20 s), so that a slow
// run's leftovers do not weigh on the next figure.
control.get('/idle', async () => {
  for (let i = 0; i < 200 && inFlight > 0; i++) await new Promise((resolve) => setTimeout(resolve, 100))
  // a request whose client has gone ("close") may still be running its statements: wait for the database too
  const busy = await databaseQuiet()
  return { inFlight, busy }
})

/**
 * Resolves once the database has been quiet twice in a row 100 ms apart (at most 20 s): on PostgreSQL no
 * other session of this database running a statement or inside a transaction; on PGlite (one connection,
 * statements in turn) a trivial statement answered at once, nothing queued before it.
 */
async function databaseQuiet(): Promise<number> {
  let quiet = 0
  let busy = 0
  for (let i = 0; i < 200 && quiet < 2; i++) {
    if (config.DATABASE_URL) {
      const res = (await originalQuery(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state is not null and state <> 'idle'",
      )) as { rows: { n: number }[] }
      busy = Number(res.rows[0]?.n)
    } else {
      const started = performance.now()
      await originalQuery('select 1')
      busy = performance.now() - started > 5 ? 1 : 0
    }
    quiet = busy ? 0 : quiet + 1
    if (quiet < 2) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return busy
}

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

// ---------------------------------------------------------------- floors
// Bare routes over bare tables (floor-routes.ts): node-postgres on a pool of its own (the store's pool size) on
// PostgreSQL, the store's own PGlite instance on PGlite.
const floorPool = config.DATABASE_URL ? new pg.Pool({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_MAX }) : null
floorRoutes(control, floorPool ? pgFloor(floorPool) : pgliteFloor(client as unknown as PGlite))

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
