import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { chownSync, rmSync } from 'node:fs'
import net from 'node:net'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase } from '../db/client.ts'
import {
  addProduct,
  type ApiProcess,
  call,
  cleanupTemp,
  delay,
  freePort,
  newKey,
  orderBody,
  prepareShop,
  type Reply,
  type ShopData,
  startApi,
  stockOf,
  tempDir,
  waitReady,
} from './harness.ts'
import { assertInvariants, leftovers } from './invariants.ts'

/**
 * docs/reliability-test-plan.md B2 (`npm run test:faults`): faults survived. A throwaway PostgreSQL 15 cluster of the
 * suite's own (initdb + pg_ctl as user postgres, on a spare port, data under /tmp), reached by the API
 * through a TCP proxy of ours that can cut connections; the API runs as a real process. The suite
 * removes the cluster, the proxy, the processes and the temp directories even when a test fails.
 */

const PG_BIN = '/usr/lib/postgresql/15/bin'
const asPostgres = (args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'pipe', timeout: 60_000 }).toString()

class Cluster {
  dir = ''
  port = 0
  async create() {
    this.dir = await tempDir('pg')
    this.port = await freePort(55400, 55449)
    chownSync(this.dir, Number(asPostgres(['id', '-u']).trim()), Number(asPostgres(['id', '-g']).trim()))
    asPostgres([`${PG_BIN}/initdb`, '-D', `${this.dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'])
    this.start()
  }
  start() {
    asPostgres([`${PG_BIN}/pg_ctl`, '-D', `${this.dir}/data`, '-l', `${this.dir}/log`, '-w', '-o', `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=60`, 'start'])
  }
  stopImmediate() {
    asPostgres([`${PG_BIN}/pg_ctl`, '-D', `${this.dir}/data`, '-m', 'immediate', '-w', 'stop'])
  }
  remove() {
    if (!this.dir) return
    try {
      asPostgres([`${PG_BIN}/pg_ctl`, '-D', `${this.dir}/data`, '-m', 'immediate', '-w', 'stop'])
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true })
  }
  url(database = 'postgres', port = this.port) {
    return `postgres://postgres@127.0.0.1:${port}/${database}`
  }
}

/** A TCP proxy between the API and the database that can cut every connection. */
async function tcpProxy(targetPort: number) {
  const port = await freePort(55450, 55499)
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1')
    sockets.add(client).add(upstream)
    client.pipe(upstream).pipe(client)
    const drop = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    port,
    /** Resets every open connection (what a network cut or a firewall reset looks like). */
    cut() {
      for (const socket of sockets) socket.resetAndDestroy()
      sockets.clear()
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

interface Attempt {
  key: string
  body: ReturnType<typeof orderBody>
  reply: Reply
  at: number
}

/** Guest orders for `variant` from `workers` loops during `ms` milliseconds. */
async function load(base: string, product: { id: string }, size: string, communeId: number, ms: number, workers = 6, alive: () => boolean = () => true): Promise<Attempt[]> {
  const attempts: Attempt[] = []
  const end = Date.now() + ms
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < end && alive()) {
        const key = newKey()
        const body = orderBody(communeId, [{ productId: product.id, size, quantity: 1 }])
        const reply = await call(base, 'POST', '/api/v1/order/guest', { headers: { 'idempotency-key': key }, body, timeoutMs: 10_000 })
        attempts.push({ key, body, reply, at: Date.now() })
        if (reply.status === 0 || reply.status >= 500) await delay(100)
      }
    }),
  )
  return attempts
}

interface Figures {
  attempted: number
  placed: number
  oversells: number
  lostAcknowledged: number
  serverErrors: number
  recoveryMs: number
}
const report: Record<string, Figures> = {}

/**
 * I-ACK: every order acknowledged with 2xx exists; every 5xx or timeout, retried with its key after
 * recovery, yields exactly one order (a replay or a new one) — never two. Returns the figures.
 */
async function checkAcknowledged(label: string, shop: ShopData, base: string, attempts: Attempt[], variantId: string, initial: number, faultAt: number): Promise<Figures> {
  const db = shop.database.db
  const acknowledged = attempts.filter((a) => a.reply.status === 201 || a.reply.status === 200)
  const ids = acknowledged.map((a) => a.reply.body.data.order._id as string)
  const found = ids.length === 0 ? 0 : await countOrders(shop, ids)
  const failed = attempts.filter((a) => a.reply.status === 0 || a.reply.status >= 500)
  for (const f of failed) {
    if (f.reply.status >= 500) {
      assert.equal(f.reply.status, 503, `${label}: database trouble is a 503, got ${f.reply.status}`)
      assert.deepEqual(Object.keys(f.reply.body).sort(), ['code', 'message', 'status'], 'generic body, no stack')
      assert.equal(f.reply.body.code, 'UNAVAILABLE')
    }
    const retry = await call(base, 'POST', '/api/v1/order/guest', { headers: { 'idempotency-key': f.key }, body: f.body })
    assert.ok([200, 201, 422].includes(retry.status), `${label}: retry ${retry.status} ${JSON.stringify(retry.body)}`)
  }
  const keys = await db.execute(
    sql`select count(*)::int as n from idempotency_keys where key = any(${`{${attempts.map((a) => a.key).join(',')}}`}::text[]) and order_id is not null`,
  )
  const withOrder = Number((keys as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0)
  const stock = await stockOf(shop, variantId)
  const unitsSold = initial - stock
  assert.equal(unitsSold, withOrder, `${label}: one order per key that got one (I-IDEM/I-ACK)`)
  const afterFault = attempts.filter((a) => a.at > faultAt && (a.reply.status === 201 || a.reply.status === 200)).sort((a, b) => a.at - b.at)[0]
  const figures: Figures = {
    attempted: attempts.length,
    placed: acknowledged.length,
    oversells: Math.max(0, -stock),
    lostAcknowledged: ids.length - found,
    serverErrors: failed.length,
    recoveryMs: afterFault ? afterFault.at - faultAt : -1,
  }
  report[label] = figures
  assert.equal(figures.lostAcknowledged, 0, `${label}: acknowledged orders lost`)
  assert.equal(figures.oversells, 0)
  await assertInvariants(db, { initialStock: new Map([[variantId, initial]]) })
  return figures
}

async function countOrders(shop: ShopData, ids: string[]): Promise<number> {
  const result = await shop.database.db.execute(sql`select count(*)::int as n from orders where id = any(${`{${ids.join(',')}}`}::uuid[])`)
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0)
}

describe('B2 faults: throwaway PostgreSQL cluster, API as a real process', () => {
  const cluster = new Cluster()
  let proxy: Awaited<ReturnType<typeof tcpProxy>>
  let shop: ShopData
  let api: ApiProcess | undefined
  let apiUrl = ''
  const processes: ApiProcess[] = []
  const start = async (env: Record<string, string> = {}) => {
    const started = await startApi({ databaseUrl: apiUrl, env: { SHUTDOWN_GRACE_MS: '10000', ...env } })
    processes.push(started)
    return started
  }

  before(async () => {
    await cluster.create()
    const admin = new pg.Client({ connectionString: cluster.url() })
    await admin.connect()
    await admin.query(`create database shop template template0 encoding 'UTF8'`)
    await admin.end()
    proxy = await tcpProxy(cluster.port)
    apiUrl = cluster.url('shop', proxy.port)
    shop = await prepareShop(cluster.url('shop'))
    api = await start()
  })

  after(async () => {
    for (const p of processes) await p.kill()
    await shop?.database.close().catch(() => {})
    await proxy?.close()
    cluster.remove()
    await cleanupTemp()
    process.stdout.write(`\nfault figures:\n${JSON.stringify(report, null, 2)}\n`)
  })

  test('13. backends terminated under load: process alive, 503 with a generic body, recovery within 5 s, I-ACK, I-STOCK, I-ORDER', async () => {
    const product = await addProduct(shop, { '42': 100_000 })
    const variantId = product.variantOf['42'] as string
    const running = load((api as ApiProcess).url, product, '42', shop.communeId, 10_000)
    await delay(3_000)
    const killer = new pg.Client({ connectionString: cluster.url() })
    await killer.connect()
    const faultAt = Date.now()
    await killer.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'shop-api'`)
    await killer.end()
    const attempts = await running
    assert.equal((api as ApiProcess).child.exitCode, null, 'API process alive')
    const figures = await checkAcknowledged('13 terminate backends', shop, (api as ApiProcess).url, attempts, variantId, 100_000, faultAt)
    assert.ok(figures.recoveryMs >= 0 && figures.recoveryMs < 5_000, `recovered in ${figures.recoveryMs} ms`)
  })

  test('14. database crash and restart: /healthz 200 throughout, /readyz 503 while down then 200; every 2xx order durable; retries give one order', async () => {
    const product = await addProduct(shop, { '41': 100_000 })
    const variantId = product.variantOf['41'] as string
    const base = (api as ApiProcess).url
    const health: number[] = []
    const ready: number[] = []
    let probing = true
    const probe = (async () => {
      while (probing) {
        health.push((await call(base, 'GET', '/healthz', { timeoutMs: 3_000 })).status)
        ready.push((await call(base, 'GET', '/readyz', { timeoutMs: 3_000 })).status)
        await delay(250)
      }
    })()
    const running = load(base, product, '41', shop.communeId, 10_000)
    await delay(3_000)
    const faultAt = Date.now()
    cluster.stopImmediate() // crash-like: no checkpoint, recovery from the WAL at start
    await delay(3_000)
    cluster.start()
    const attempts = await running
    await waitReady(api as ApiProcess, 30_000)
    probing = false
    await probe
    assert.ok(health.every((s) => s === 200), `healthz: ${[...new Set(health)]}`)
    assert.ok(ready.includes(503), 'readyz said 503 while the database was down')
    assert.equal(ready.at(-1), 200)
    assert.equal((api as ApiProcess).child.exitCode, null, 'no crash')
    const fresh = await openDatabase({ url: cluster.url('shop'), poolMax: 2 })
    await fresh.close()
    await checkAcknowledged('14 database restart', shop, base, attempts, variantId, 100_000, faultAt)
  })

  test('15b. connections reset by the network mid-load: same guarantees; no session idle in a transaction, no lock left', async () => {
    const product = await addProduct(shop, { '40': 100_000 })
    const variantId = product.variantOf['40'] as string
    const base = (api as ApiProcess).url
    const running = load(base, product, '40', shop.communeId, 8_000)
    await delay(3_000)
    const faultAt = Date.now()
    proxy.cut()
    const attempts = await running
    await checkAcknowledged('15b network reset', shop, base, attempts, variantId, 100_000, faultAt)
    await delay(500)
    const left = await leftovers(shop.database.db)
    assert.deepEqual(left, { idleInTransaction: 0, locksHeld: 0 })
    const after = await call(base, 'POST', '/api/v1/order/guest', { body: orderBody(shop.communeId, [{ productId: product.id, size: '40', quantity: 1 }]) })
    assert.equal(after.status, 201, 'a checkout of the same variant succeeds right after')
  })

  test('16. SIGTERM under load: new requests and /readyz 503 at once, in-flight orders finish, exit code 0, every 2xx durable', async () => {
    const victim = await start()
    const product = await addProduct(shop, { '39': 100_000 })
    const variantId = product.variantOf['39'] as string
    const running = load(victim.url, product, '39', shop.communeId, 6_000, 8)
    await delay(3_000)
    const faultAt = Date.now()
    victim.child.kill('SIGTERM')
    await delay(30)
    const [readyz, fresh] = await Promise.all([call(victim.url, 'GET', '/readyz'), call(victim.url, 'GET', '/api/v1/category')])
    assert.ok([503, 0].includes(readyz.status), `readyz ${readyz.status}`)
    assert.ok([503, 0].includes(fresh.status), `new request ${fresh.status}`)
    const code = await victim.exited
    assert.equal(code, 0, `exit code: ${victim.output()}`)
    const attempts = await running
    const inFlightFailures = attempts.filter((a) => a.at - faultAt < 100 && a.at >= faultAt && a.reply.status >= 500 && a.reply.status !== 503)
    assert.equal(inFlightFailures.length, 0)
    await checkAcknowledged('16 SIGTERM', shop, (api as ApiProcess).url, attempts.filter((a) => a.reply.status !== 0 || a.at < faultAt + 10_000), variantId, 100_000, faultAt)
  })

  test('17. SIGKILL during load, 5 times, each followed by a restart: acknowledged orders all there, retries give one order, I-* hold', async () => {
    const product = await addProduct(shop, { '38': 100_000 })
    const variantId = product.variantOf['38'] as string
    const all: Attempt[] = []
    let firstFault = 0
    for (let round = 0; round < 5; round++) {
      const victim = await start()
      const running = load(victim.url, product, '38', shop.communeId, 60_000, 6, () => victim.child.exitCode === null && victim.child.signalCode === null)
      await delay(1_000 + Math.floor(Math.random() * 1_500))
      firstFault ||= Date.now()
      await victim.kill()
      const attempts = await running.catch(() => [] as Attempt[])
      all.push(...attempts)
    }
    await checkAcknowledged('17 SIGKILL x5', shop, (api as ApiProcess).url, all, variantId, 100_000, firstFault)
    const left = await leftovers(shop.database.db)
    assert.deepEqual(left, { idleInTransaction: 0, locksHeld: 0 })
  })

  test('20. backup drill: pg_dump -Fc, pg_restore into a scratch database, equal row counts, invariants hold, the app boots on it', async () => {
    const dump = `${await tempDir('dump')}/shop.dump`
    chownSync(dump.replace(/\/shop\.dump$/, ''), Number(asPostgres(['id', '-u']).trim()), Number(asPostgres(['id', '-g']).trim()))
    asPostgres([`${PG_BIN}/pg_dump`, '-Fc', '-h', '127.0.0.1', '-p', String(cluster.port), '-U', 'postgres', '-f', dump, 'shop'])
    const admin = new pg.Client({ connectionString: cluster.url() })
    await admin.connect()
    await admin.query(`create database shop_restore template template0 encoding 'UTF8'`)
    await admin.end()
    asPostgres([`${PG_BIN}/pg_restore`, '-h', '127.0.0.1', '-p', String(cluster.port), '-U', 'postgres', '-d', 'shop_restore', '--exit-on-error', dump])
    const count = async (database: string) => {
      const client = new pg.Client({ connectionString: cluster.url(database) })
      await client.connect()
      const tables = ['orders', 'order_items', 'variants', 'coupons', 'coupon_redemptions', 'idempotency_keys', 'clients', 'communes']
      const out: Record<string, number> = {}
      for (const t of tables) out[t] = Number((await client.query(`select count(*)::int as n from ${t}`)).rows[0].n)
      await client.end()
      return out
    }
    const original = await count('shop')
    assert.ok((original.orders ?? 0) > 0, 'the dump holds orders')
    assert.deepEqual(await count('shop_restore'), original)
    const restored = await openDatabase({ url: cluster.url('shop_restore'), poolMax: 2 })
    try {
      await assertInvariants(restored.db)
    } finally {
      await restored.close()
    }
    const booted = await startApi({ databaseUrl: cluster.url('shop_restore') })
    processes.push(booted)
    assert.equal((await call(booted.url, 'GET', '/readyz')).status, 200)
    assert.equal((await call(booted.url, 'GET', '/api/v1/category')).status, 200)
    await booted.stop()
  })
})

