import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { type Database, openDatabase } from '../db/client.ts'
import { categories, communes, coupons, products, variants } from '../db/schema.ts'
import { REPO_ROOT } from '../paths.ts'
import { createStaff } from '../modules/staff/staff.service.ts'
import { ensureShopSettings, loadReferenceData } from '../seed/reference.ts'

/**
 * What the race and fault suites share: throwaway databases, the API started as real processes
 * (`node --import tsx apps/api/src/server.ts`), a round-robin HTTP proxy in front of several of them,
 * a small catalogue of our own, and an HTTP client whose requests can be released together.
 */

export { REPO_ROOT }

/** Every child process and server started here, so a failing test still leaves nothing running. */
const children = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL')
})

const outputs = new Map<ChildProcess, () => string>()

/** The error lines the API processes of this run logged (for failure messages). */
export function serverErrors(maxChars = 4_000): string {
  const lines: string[] = []
  for (const read of outputs.values()) lines.push(...read().split('\n').filter((l) => /"level":(50|60)|error/i.test(l)))
  return lines.join('\n').slice(-maxChars)
}

/** Temp directories (/tmp/rel-*) created by this run, removed by `cleanupTemp`. */
const tempDirs = new Set<string>()

export async function tempDir(label: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `rel-${label}-`))
  tempDirs.add(dir)
  return dir
}

export async function cleanupTemp(): Promise<void> {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true }).catch(() => {})
  tempDirs.clear()
}

// ------------------------------------------------------------------ ports

let nextPort = 3600 + Math.floor(Math.random() * 50)

/** A free TCP port in 3600-3699 (the range the reliability suites own). */
export async function freePort(from = 3600, to = 3699): Promise<number> {
  for (let i = 0; i <= to - from; i++) {
    const port = from + ((nextPort - from + i) % (to - from + 1))
    if (await portIsFree(port)) {
      nextPort = port + 1
      return port
    }
  }
  throw new Error(`no free port in ${from}-${to}`)
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

// ------------------------------------------------------------------ databases

/** A new, empty database on the PostgreSQL server of `adminUrl`; `drop` removes it (forcing out sessions). */
export async function createPgDatabase(adminUrl: string, prefix = 'rel') {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name} template template0 encoding 'UTF8'`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

export interface ShopData {
  database: Database
  communeId: number
  categoryId: string
  ownerEmail: string
  ownerPassword: string
}

/** Migrations, reference data, settings, one category and an owner account: what the API needs to take orders. */
export async function prepareShop(url: string): Promise<ShopData> {
  const database = await openDatabase({ url, poolMax: 4, applicationName: 'shop-reliability-check' })
  await database.migrate()
  await loadReferenceData(database.db)
  await ensureShopSettings(database.db)
  const [category] = await database.db
    .insert(categories)
    .values({ slug: `rel-${randomBytes(3).toString('hex')}`, nameAr: 'أحذية', nameFr: 'Chaussures' })
    .returning()
  const [commune] = await database.db.select().from(communes).where(eq(communes.wilayaCode58, 16)).limit(1)
  if (!category || !commune) throw new Error('shop not prepared')
  const ownerPassword = 'reliability-owner-password'
  await createStaff(database.db, { email: 'owner@rel.test', name: 'Owner', password: ownerPassword, role: 'owner' })
  return { database, communeId: commune.id, categoryId: category.id, ownerEmail: 'owner@rel.test', ownerPassword }
}

/** A product with the given stock per size (colour "black"); returns its id and variant ids by size. */
export async function addProduct(shop: ShopData, stockBySize: Record<string, number>, price = 2500) {
  const slug = `p-${randomBytes(5).toString('hex')}`
  const [product] = await shop.database.db
    .insert(products)
    .values({ slug, categoryId: shop.categoryId, nameAr: 'حذاء', nameFr: `Chaussure ${slug}`, price })
    .returning()
  if (!product) throw new Error('product not created')
  const rows = await shop.database.db
    .insert(variants)
    .values(Object.entries(stockBySize).map(([size, stock]) => ({ productId: product.id, size, color: 'black', stock, sku: `${slug}-${size}`.toUpperCase() })))
    .returning()
  const variantOf = Object.fromEntries(rows.map((v) => [v.size, v.id])) as Record<string, string>
  return { id: product.id, price, variantOf }
}

export async function addCoupon(shop: ShopData, values: { maxUses?: number | null; value?: number; type?: 'fixed' | 'percentage'; perCustomerLimit?: number }) {
  const code = `REL${randomBytes(4).toString('hex').toUpperCase()}`
  const [coupon] = await shop.database.db
    .insert(coupons)
    .values({ code, type: values.type ?? 'fixed', value: values.value ?? 300, maxUses: values.maxUses ?? null, perCustomerLimit: values.perCustomerLimit ?? 1 })
    .returning()
  if (!coupon) throw new Error('coupon not created')
  return coupon
}

export async function stockOf(shop: ShopData, variantId: string): Promise<number> {
  const [row] = await shop.database.db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId))
  return row?.stock ?? Number.NaN
}

export async function countRows(shop: ShopData, table: string, where = 'true'): Promise<number> {
  const result = await shop.database.db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`))
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0)
}

// ------------------------------------------------------------------ API processes

/** Rate limits high enough that only the tests that aim at them meet them. */
export const RAISED_LIMITS = {
  RATE_LIMIT_LOGIN: '100000/60',
  RATE_LIMIT_STAFF_LOGIN: '100000/60',
  RATE_LIMIT_SIGNUP: '100000/60',
  RATE_LIMIT_PASSWORD_RESET: '100000/60',
  RATE_LIMIT_TRACKING: '100000/60',
  RATE_LIMIT_COUPON: '100000/60',
  RATE_LIMIT_ORDER: '100000/60',
  RATE_LIMIT_ORDER_ADDRESS: '100000/60',
}

export interface ApiProcess {
  port: number
  url: string
  pid: number
  child: ChildProcess
  /** The last 64 KiB of stdout and stderr, for failure messages. */
  output(): string
  /** Resolves with the exit code (or signal name) once the process is gone. */
  exited: Promise<number | string>
  /** SIGTERM (graceful) and wait for the exit. */
  stop(): Promise<number | string>
  /** SIGKILL and wait for the exit. */
  kill(): Promise<number | string>
}

/** Starts `node --import tsx apps/api/src/server.ts` on 127.0.0.1 and waits until /readyz answers 200. */
export async function startApi(options: { databaseUrl: string; env?: Record<string, string>; port?: number; waitReady?: boolean }): Promise<ApiProcess> {
  const port = options.port ?? (await freePort())
  const dataDir = await tempDir('api')
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/root',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...RAISED_LIMITS,
    ...options.env,
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  children.add(child)
  let buffer = ''
  const keep = (chunk: Buffer) => {
    buffer = (buffer + chunk.toString()).slice(-65_536)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  outputs.set(child, () => buffer)
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child)
      resolve(code ?? signal ?? 'unknown')
    })
  })
  const url = `http://127.0.0.1:${port}`
  const api: ApiProcess = {
    port,
    url,
    pid: child.pid as number,
    child,
    output: () => buffer,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      return exited
    },
  }
  if (options.waitReady !== false) await waitReady(api)
  return api
}

export async function waitReady(api: ApiProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let gone = false
  void api.exited.then(() => {
    gone = true
  })
  while (Date.now() < deadline) {
    if (gone) throw new Error(`API process exited before it was ready:\n${api.output()}`)
    try {
      const res = await fetch(`${api.url}/readyz`, { signal: AbortSignal.timeout(2_000) })
      if (res.status === 200) return
    } catch {
      // not listening yet
    }
    await delay(200)
  }
  throw new Error(`API not ready after ${timeoutMs} ms:\n${api.output()}`)
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

// ------------------------------------------------------------------ round-robin proxy

export interface Proxy {
  port: number
  url: string
  /** Requests sent to each target, in target order. */
  counts: number[]
  close(): Promise<void>
}

/** A minimal HTTP reverse proxy on 127.0.0.1 sending each request to the next target in turn. */
export async function startRoundRobin(targets: number[], port?: number): Promise<Proxy> {
  const listenPort = port ?? (await freePort())
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
  const counts = targets.map(() => 0)
  let next = 0
  const server = http.createServer((req, res) => {
    const index = next++ % targets.length
    counts[index] = (counts[index] ?? 0) + 1
    const upstream = http.request(
      { host: '127.0.0.1', port: targets[index], method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' }, agent },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers)
        upstreamRes.pipe(res)
      },
    )
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' })
      res.end('{"status":"error","code":"BAD_GATEWAY"}')
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve))
  return {
    port: listenPort,
    url: `http://127.0.0.1:${listenPort}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * A proxy that loses every reply: the request reaches the API and is answered (the order commits),
 * then the client's connection is cut before a byte of the reply comes back. `dropped` keeps the
 * status each lost reply had.
 */
export async function startReplyDropper(target: number): Promise<Proxy & { dropped: number[] }> {
  const listenPort = await freePort()
  const dropped: number[] = []
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers },
      (upstreamRes) => {
        upstreamRes.resume()
        upstreamRes.on('end', () => {
          dropped.push(upstreamRes.statusCode ?? 0)
          res.socket?.destroy()
        })
      },
    )
    upstream.on('error', () => res.socket?.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve))
  return {
    port: listenPort,
    url: `http://127.0.0.1:${listenPort}`,
    counts: [],
    dropped,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

// ------------------------------------------------------------------ HTTP client

export interface Reply {
  status: number
  body: any
  headers: Headers
  /** "timeout" or the network error code when no reply came. */
  error?: string
}

export async function call(
  base: string,
  method: string,
  urlPath: string,
  options: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Reply> {
  try {
    const res = await fetch(`${base}${urlPath}`, {
      method,
      headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    })
    const text = await res.text()
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = text
    }
    return { status: res.status, body, headers: res.headers }
  } catch (error) {
    const name = (error as { name?: string }).name
    const code = (error as { cause?: { code?: string } }).cause?.code
    return { status: 0, body: undefined, headers: new Headers(), error: name === 'TimeoutError' ? 'timeout' : (code ?? String(error)) }
  }
}

/**
 * Runs the request builders together: each is started only once all are built and the gate opens,
 * so the requests overlap on the server.
 */
export async function together<T>(builders: (() => Promise<T>)[]): Promise<T[]> {
  let open!: () => void
  const gate = new Promise<void>((resolve) => {
    open = resolve
  })
  const running = builders.map((build) => gate.then(build))
  open()
  return Promise.all(running)
}

export const randomPhone = () => `05${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`

const FIRST = ['Amine', 'Yacine', 'Sara', 'Lina', 'Karim', 'Nadia', 'Walid', 'Imane']
export const randomName = () => FIRST[(randomBytes(1)[0] ?? 0) % FIRST.length] as string

/** A guest order body for one or more lines of our products. */
export function orderBody(
  communeId: number,
  lines: { productId: string; size: string; quantity: number; color?: string }[],
  extra: Record<string, unknown> = {},
) {
  return {
    orderItems: lines.map((l) => ({ productId: l.productId, size: l.size, color: l.color ?? 'black', quantity: l.quantity })),
    customerInfo: { firstName: randomName(), lastName: 'Benali', phone: randomPhone() },
    shippingAddress: { wilayaId: 16, communeId, type: 'domicil', address: '12 rue Didouche Mourad' },
    paymentMethod: 'cash_on_delivery',
    ...extra,
  }
}

/** A guest session issued by the API (on the first add), with `lines` in its cart. */
export async function guestWithCart(base: string, lines: { productId: string; size: string; quantity: number }[]): Promise<string> {
  let sessionId = ''
  for (const line of lines) {
    const added = await call(base, 'POST', '/api/v1/cart/guest/add', {
      headers: sessionId ? { 'x-session-id': sessionId } : {},
      body: { productId: line.productId, size: line.size, color: 'black', quantity: line.quantity },
    })
    if (added.status !== 200) throw new Error(`cart add failed: ${added.status} ${JSON.stringify(added.body)}\n${serverErrors()}`)
    sessionId = added.body?.data?.sessionId as string
  }
  if (!sessionId) throw new Error('no session id: a guest cart needs at least one line')
  return sessionId
}

/** Signs the shop owner in on the back office and returns the cookie header. */
export async function ownerCookie(base: string, shop: ShopData): Promise<string> {
  const res = await fetch(`${base}/api/v1/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: shop.ownerEmail, password: shop.ownerPassword }),
  })
  if (res.status !== 200) throw new Error(`owner login failed: ${res.status}`)
  return (res.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ')
}

/** Counts replies by status, e.g. { 201: 1, 422: 49 }. */
export function tally(replies: Reply[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const r of replies) out[String(r.status)] = (out[String(r.status)] ?? 0) + 1
  return out
}

export const newKey = () => `rel-${randomUUID()}`
