import assert from 'node:assert/strict'
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chmodSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type Database, openDatabase } from '../db/client.ts'
import {
  addCoupon,
  addProduct,
  type ApiProcess,
  call,
  cleanupTemp,
  countRows,
  createPgDatabase,
  delay,
  freePort,
  newKey,
  orderBody,
  prepareShop,
  REPO_ROOT,
  type Reply,
  type ShopData,
  startApi,
  stockOf,
  tally,
  tempDir,
  together,
} from './harness.ts'
import { assertInvariants } from './invariants.ts'

/**
 * `npm run test:pgbouncer`: the store behind Debian's PgBouncer in transaction mode (the production layout
 * of docs/operations.md). PgBouncer runs on a spare port in front of the machine's PostgreSQL
 * (TEST_DATABASE_URL, trust auth), started by this suite (its PID kept) and stopped by that PID.
 * Two API processes reach the database only through it while shoppers race for the same stock, then the
 * whole order race suite (races.test.ts, two API processes behind a round-robin proxy) runs through it.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL
if (!ADMIN_URL) throw new Error('TEST_DATABASE_URL is not set: this suite needs the PostgreSQL server that PgBouncer pools')
const PGBOUNCER = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer'

/** PgBouncer in transaction mode on 127.0.0.1:<port>, for every database of the server in ADMIN_URL. */
class Bouncer {
  port = 0
  child: ChildProcess | null = null
  output = ''

  async start() {
    const dir = await tempDir('pgbouncer')
    // PgBouncer will not run as root: it switches to the postgres user, who must read the files
    chmodSync(dir, 0o755)
    this.port = await freePort(6433, 6449)
    const server = new URL(ADMIN_URL as string)
    const ini = path.join(dir, 'pgbouncer.ini')
    writeFileSync(path.join(dir, 'userlist.txt'), `"${decodeURIComponent(server.username || 'postgres')}" ""\n`)
    writeFileSync(
      ini,
      [
        '[databases]',
        `* = host=${server.hostname} port=${server.port || 5432}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${this.port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${path.join(dir, 'userlist.txt')}`,
        'pool_mode = transaction',
        'max_client_conn = 400',
        'default_pool_size = 12',
        `admin_users = ${decodeURIComponent(server.username || 'postgres')}`,
        // no ignore_startup_parameters: the store must connect with what PgBouncer accepts by itself
        '',
      ].join('\n'),
    )
    chmodSync(ini, 0o644)
    chmodSync(path.join(dir, 'userlist.txt'), 0o644)
    const asRoot = process.getuid?.() === 0
    this.child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), ini], { stdio: ['ignore', 'pipe', 'pipe'] })
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-16_384)
    }
    this.child.stdout?.on('data', keep)
    this.child.stderr?.on('data', keep)
    const deadline = Date.now() + 15_000
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`pgbouncer exited with ${this.child.exitCode}:\n${this.output}`)
      if (await accepts(this.port)) return
      await delay(100)
    }
    throw new Error(`pgbouncer did not listen on ${this.port}:\n${this.output}`)
  }

  /**
   * The URL of `database` through PgBouncer. PgBouncer 1.18 in transaction mode hands each transaction to any
   * server connection and keeps no prepared statement across them: the store's URL turns its named statements
   * off (`prepared_statements=false`, docs/operations.md); `plain` leaves it out (PgBouncer's console).
   */
  url(database: string, { plain = false } = {}): string {
    const url = new URL(ADMIN_URL as string)
    url.port = String(this.port)
    url.pathname = `/${database}`
    if (!plain) url.searchParams.set('prepared_statements', 'false')
    return url.toString()
  }

  async stop() {
    const child = this.child
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    process.kill(child.pid, 'SIGINT')
    await Promise.race([exited, delay(5_000)])
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, 'SIGKILL')
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

const no5xx = (replies: Reply[], what: string) => {
  const bad = replies.filter((r) => r.status >= 500 || r.status === 0)
  assert.equal(bad.length, 0, `${what}: server errors or timeouts: ${JSON.stringify(bad.slice(0, 3).map((r) => [r.status, r.error, r.body]))}`)
}

describe('the store behind PgBouncer in transaction mode', () => {
  const bouncer = new Bouncer()
  const created: { drop: () => Promise<void> }[] = []
  const opened: Database[] = []
  const apis: ApiProcess[] = []
  let dbName = ''
  let shop: ShopData

  before(async () => {
    assert.match(execFileSync(PGBOUNCER, ['--version']).toString(), /PgBouncer/)
    await bouncer.start()
    const db = await createPgDatabase(ADMIN_URL, 'rel_bouncer')
    created.push(db)
    dbName = db.name
  })

  after(async () => {
    await Promise.all(apis.map((api) => api.stop()))
    await Promise.all(opened.map((database) => database.close().catch(() => {})))
    await shop?.database.close().catch(() => {})
    await bouncer.stop()
    for (const db of created) await db.drop().catch(() => {})
    await cleanupTemp()
  })

  test('PgBouncer refuses the startup parameter "options" the store used to send its timeouts in', async () => {
    const client = new pg.Client({ connectionString: bouncer.url(dbName, { plain: true }), options: '-c statement_timeout=5000' })
    client.on('error', () => {})
    await assert.rejects(client.connect(), /unsupported startup parameter: options/)
    await client.end().catch(() => {})
  })

  test('two processes migrate at once through PgBouncer: both succeed, each migration runs once, no lock is left held', async () => {
    const [a, b] = await Promise.all([openDatabase({ url: bouncer.url(dbName), poolMax: 3 }), openDatabase({ url: bouncer.url(dbName), poolMax: 3 })])
    opened.push(a, b)
    await Promise.all([a.migrate(), b.migrate()])
    await a.migrate()
    const direct = new pg.Client({ connectionString: new URL(`/${dbName}`, ADMIN_URL).toString() })
    await direct.connect()
    try {
      const { rows: applied } = await direct.query<{ n: number; distinct: number }>(
        'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
      )
      assert.ok((applied[0]?.n ?? 0) > 0)
      assert.equal(applied[0]?.n, applied[0]?.distinct, 'no migration recorded twice')
      // a session-level advisory lock taken through PgBouncer stays held by a pooled server connection
      const { rows: locks } = await direct.query<{ n: number }>(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = $1)`,
        [dbName],
      )
      assert.equal(locks[0]?.n, 0, 'no advisory lock left on any server connection')
    } finally {
      await direct.end()
    }
  })

  test('the session limits hold on every connection through PgBouncer', async () => {
    // PgBouncer's server connections opened before the first migration stored the limits (by the
    // migrations just above) keep the server's defaults until they are recycled: RECONNECT in its console,
    // as docs/operations.md says to do once after the first migration
    const adminConsole = new pg.Client({ connectionString: bouncer.url('pgbouncer', { plain: true }) })
    await adminConsole.connect()
    await adminConsole.query('RECONNECT')
    await adminConsole.end()
    const database = await openDatabase({ url: bouncer.url(dbName), poolMax: 4 })
    opened.push(database)
    const show = async (name: string) => {
      const result = await database.db.execute(sql.raw(`show ${name}`))
      return (result as unknown as { rows: Record<string, string>[] }).rows[0]?.[name]
    }
    // several at once: PgBouncer hands out several server connections
    const values = await Promise.all(Array.from({ length: 6 }, () => Promise.all([show('statement_timeout'), show('lock_timeout'), show('idle_in_transaction_session_timeout')])))
    for (const value of values) assert.deepEqual(value, ['5s', '3s', '10s'])
    // and they act: a statement running past 5 s is cancelled by the server
    await assert.rejects(database.db.execute(sql`select pg_sleep(6)`), (error: unknown) => {
      const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string })
      assert.equal((cause as { code?: string }).code, '57014')
      return true
    })
  })

  test('two API processes through PgBouncer: concurrent orders sell exactly the stock, a coupon never passes its limit, no 5xx', async () => {
    shop = await prepareShop(bouncer.url(dbName))
    const a = await startApi({ databaseUrl: bouncer.url(dbName) })
    apis.push(a)
    const b = await startApi({ databaseUrl: bouncer.url(dbName) })
    apis.push(b)
    const bases = [a.url, b.url]

    // stock 7 and 10, buyers of 1-3 units split over both processes
    for (const [stock, buyers, maxQty] of [
      [7, 40, 1],
      [10, 80, 3],
    ] as const) {
      const product = await addProduct(shop, { '40': stock })
      const variantId = product.variantOf['40'] as string
      const quantities = Array.from({ length: buyers }, () => 1 + Math.floor(Math.random() * maxQty))
      const replies = await together(
        quantities.map((quantity, n) => () =>
          call(bases[n % 2] as string, 'POST', '/api/v1/order/guest', {
            headers: { 'idempotency-key': newKey() },
            body: orderBody(shop.communeId, [{ productId: product.id, size: '40', quantity }]),
          }),
        ),
      )
      no5xx(replies, `stock ${stock}`)
      const finalStock = await stockOf(shop, variantId)
      const sold = quantities.filter((_q, n) => replies[n]?.status === 201).reduce((x, y) => x + y, 0)
      assert.equal(sold, stock - finalStock, 'units sold = stock taken')
      assert.equal(await countRows(shop, 'order_items', `variant_id = '${variantId}'`), replies.filter((r) => r.status === 201).length)
      assert.ok(finalStock >= 0)
      if (maxQty === 1) assert.deepEqual(tally(replies), { 201: stock, 422: buyers - stock }, 'exactly the stock is sold')
      quantities.forEach((quantity, n) => {
        const reply = replies[n] as Reply
        if (reply.status === 201) return
        assert.equal(reply.status, 422)
        assert.ok(quantity > finalStock, `refused ${quantity} while ${finalStock} remain`)
      })
      await assertInvariants(shop.database.db, { initialStock: new Map([[variantId, stock]]) })
    }

    const product = await addProduct(shop, { '41': 100 })
    const coupon = await addCoupon(shop, { maxUses: 5, value: 300 })
    const replies = await together(
      Array.from({ length: 20 }, (_x, n) => () =>
        call(bases[n % 2] as string, 'POST', '/api/v1/order/guest', {
          headers: { 'idempotency-key': newKey() },
          body: orderBody(shop.communeId, [{ productId: product.id, size: '41', quantity: 1 }], { couponCode: coupon.code }),
        }),
      ),
    )
    no5xx(replies, 'coupon limit')
    assert.deepEqual(tally(replies), { 201: 5, 422: 15 })
    assert.equal(await countRows(shop, 'coupons', `id = '${coupon.id}' and used_count = 5`), 1)
  })

  test('the order race suite (races.test.ts, two API processes behind a round-robin proxy) passes through PgBouncer', async (t) => {
    // a test run of its own (not a child of this runner, which would report to it in its private format)
    const { NODE_TEST_CONTEXT: _runner, ...env } = process.env
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=tap', '--test-concurrency=1', 'src/reliability/races.test.ts'], {
      cwd: path.join(REPO_ROOT, 'apps/api'),
      env: { ...env, TEST_DATABASE_URL: bouncer.url(new URL(ADMIN_URL).pathname.slice(1) || 'postgres'), RACE_REPEAT: process.env.RACE_REPEAT ?? '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    const summary = output.split('\n').filter((line) => /^# (tests|pass|fail)|^\s*not ok/.test(line))
    t.diagnostic(`races.test.ts through PgBouncer: ${summary.join(', ')}`)
    assert.equal(code, 0, `races.test.ts through PgBouncer failed:\n${summary.join('\n')}\n${output.slice(-6_000)}\n${bouncer.output.slice(-2_000)}`)
    assert.ok(summary.some((line) => /^# pass [1-9]/.test(line)), `races.test.ts ran its tests: ${summary.join(' | ')}`)
    assert.ok(summary.some((line) => line === '# fail 0'))
  })
})
