/**
 * `npm run bench` — the store under load, its ceilings, the storefront in Lighthouse and the route bundles,
 * written as a Markdown report (and the raw figures as JSON) under bench/results/.
 *
 *   npm run bench                                   full run: 1 000 products, PGlite and PostgreSQL, Lighthouse
 *   npm run bench -- --quick                        the same in about two minutes (short runs, fewer pages)
 *   npm run bench -- --products 100000 --orders 1000000
 *                                                   scale run on PostgreSQL: a 1 000-product baseline, then the
 *                                                   same figures and EXPLAINs at scale, each compared with 2x
 * Other options: --targets pglite,postgres  --seconds N  --connections N  --no-build  --no-lighthouse  --only key,key  --pool N
 *                --pg postgres://postgres@127.0.0.1:5432  --port 3700
 * The exit code is 0 whether budgets pass or miss (1 only when the run itself breaks).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { routeJavaScript, type RouteJs } from './bundle.ts'
import { SEARCH_TERMS } from './generate.ts'
import { lighthousePages, type PageScore } from './lighthouse.ts'
import { load, type LoadRequest, type LoadResult } from './load.ts'
import { BUDGETS, budgetTable, type Figures, markdownReport } from './report.ts'

const repoRoot = fileURLToPath(new URL('../', import.meta.url))

// ---------------------------------------------------------------- options
const argv = process.argv.slice(2)
const flag = (name: string) => argv.includes(`--${name}`)
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`)
  return i >= 0 && argv[i + 1] ? (argv[i + 1] as string) : fallback
}
const quick = flag('quick')
const products = Number(option('products', '1000'))
const orders = Number(option('orders', '1000'))
const scale = products > 1000 || orders > 1000
const seconds = Number(option('seconds', quick ? '2' : '10'))
const warmup = quick ? 1 : 2
const connections = Number(option('connections', '50'))
const pgBase = option('pg', 'postgres://postgres@127.0.0.1:5432')
const basePort = Number(option('port', '3700'))
const targets = option('targets', scale ? 'postgres' : 'pglite,postgres').split(',') as ('pglite' | 'postgres')[]
/** --only list,detail: just those figures (while working on one of them). */
const onlyKeys = argv.includes('--only') ? option('only', '').split(',').filter(Boolean) : undefined
const log = (line: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`)

// ---------------------------------------------------------------- store process
interface Store {
  kind: 'pglite' | 'postgres'
  port: number
  controlPort: number
  pid: number
  child: ChildProcess
  cleanup: () => Promise<void>
}

const cleanups: (() => Promise<void>)[] = []

async function startStore(kind: 'pglite' | 'postgres', productCount: number, orderCount: number, port: number): Promise<Store> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-${kind}-`))
  let dbName: string | undefined
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    CONTROL_PORT: String(port + 1),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    // the bench sends a different client address per request (X-Forwarded-For from 127.0.0.1), as shoppers have
    TRUST_PROXY: '127.0.0.1',
    // the app's default pool (10) unless --pool says otherwise
    ...(option('pool', '') ? { DATABASE_POOL_MAX: option('pool', '') } : {}),
    BENCH_PRODUCTS: String(productCount),
    BENCH_ORDERS: String(orderCount),
  }
  for (const name of ['LOGIN', 'STAFF_LOGIN', 'SIGNUP', 'PASSWORD_RESET', 'TRACKING', 'COUPON', 'ORDER', 'ORDER_ADDRESS']) env[`RATE_LIMIT_${name}`] = '1000000000/3600'
  if (kind === 'postgres') {
    dbName = `bench_${Date.now()}`
    const admin = new pg.Client({ connectionString: `${pgBase}/postgres` })
    await admin.connect()
    await admin.query(`create database ${dbName} template template0 encoding 'UTF8' lc_ctype 'C.UTF-8' lc_collate 'C.UTF-8'`)
    await admin.end()
    env.DATABASE_URL = `${pgBase}/${dbName}`
  }
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/serve.ts')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stopped = false
  const cleanup = async () => {
    if (!stopped) {
      stopped = true
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await new Promise((resolve) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL')
            resolve(null)
          }, 10_000)
          child.once('exit', () => {
            clearTimeout(t)
            resolve(null)
          })
        })
      }
      if (dbName) {
        const admin = new pg.Client({ connectionString: `${pgBase}/postgres` })
        await admin.connect()
        await admin.query(`drop database if exists ${dbName} with (force)`)
        await admin.end()
      }
      await rm(dataDir, { recursive: true, force: true })
    }
  }
  cleanups.push(cleanup)
  const ready = await new Promise<{ pid: number }>((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const line = /BENCH READY (\{.*\})/.exec(out)
      if (line) resolve(JSON.parse(line[1] as string))
    })
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk))
    child.once('exit', (code) => reject(new Error(`store (${kind}) exited with ${code} before it was ready`)))
  })
  return { kind, port, controlPort: port + 1, pid: ready.pid, child, cleanup }
}

async function control<T>(store: Store, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${store.controlPort}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`control ${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

const query = async <T = Record<string, unknown>>(store: Store, sql: string, params: unknown[] = []) =>
  (await control<{ rows: T[] }>(store, 'POST', '/query', { sql, params })).rows

// ---------------------------------------------------------------- scenarios
export interface Scenario {
  key: string
  label: string
  request: LoadRequest
  /** Captured once (reply bytes + SQL) for the ceilings and EXPLAIN. */
  capture?: boolean
}

interface Fixture {
  categorySlug: string
  detailSlug: string
  variants: { variantId: string; productId: string; size: string; color: string }[]
  hot: { variantId: string; productId: string; size: string; color: string }
  phones: string[]
  commune: { id: number; wilaya: number }
  staffCookie: string
}

async function fixture(store: Store): Promise<Fixture> {
  const variants = await query<{ variantId: string; productId: string; size: string; color: string }>(
    store,
    `select v.id as "variantId", v.product_id as "productId", v.size, v.color from variants v join products p on p.id = v.product_id
     where p.slug like 'bench-%' and p.slug <> 'bench-1' order by p.slug, v.size, v.color limit 4000`,
  )
  const [hot] = await query<{ variantId: string; productId: string; size: string; color: string }>(
    store,
    `select v.id as "variantId", v.product_id as "productId", v.size, v.color from variants v join products p on p.id = v.product_id
     where p.slug = 'bench-1' order by v.size, v.color limit 1`,
  )
  const phones = (await query<{ phone: string }>(store, `select distinct phone from orders order by phone limit 500`)).map((r) => r.phone)
  const [commune] = await query<{ id: number; wilaya: number }>(store, `select id, wilaya_code_58 as wilaya from communes where wilaya_code_58 = 16 order by id limit 1`)
  const info = await control<{ staffEmail: string }>(store, 'GET', '/info')
  const login = await fetch(`http://127.0.0.1:${store.port}/api/v1/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: info.staffEmail, password: 'bench-password-1' }),
  })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  if (!login.ok || !cookie) log(`staff sign-in failed: ${login.status}`)
  if (!hot || !commune) throw new Error('fixture: generated data missing')
  return { categorySlug: 'men', detailSlug: 'bench-10', variants, hot, phones, commune, staffCookie: cookie }
}

const ip = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
const phoneOf = (n: number) => `05${String(10_000_000 + (n % 89_999_999)).padStart(8, '0')}`

function orderBody(f: Fixture, v: Fixture['hot'], n: number) {
  return {
    orderItems: [{ productId: v.productId, quantity: 1, size: v.size, color: v.color }],
    customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: phoneOf(n) },
    shippingAddress: { wilayaId: f.commune.wilaya, communeId: f.commune.id, type: 'domicil', address: '12 rue Didouche Mourad' },
    paymentMethod: 'cash_on_delivery',
  }
}

function scenarios(f: Fixture, only?: string[]): Scenario[] {
  const orderHeaders = (n: number) => ({ 'x-session-id': randomUUID(), 'x-forwarded-for': ip(n) })
  let orderSeq = Math.floor(Math.random() * 1_000_000)
  const all: Scenario[] = [
    { key: 'list', label: 'Product list (page 1, 12 items)', capture: true, request: { method: 'GET', path: '/api/v1/product?page=1&limit=12' } },
    {
      key: 'search-ar',
      label: `Search, Arabic (${SEARCH_TERMS.ar})`,
      capture: true,
      request: { method: 'GET', path: `/api/v1/product?search=${encodeURIComponent(SEARCH_TERMS.ar)}&page=1&limit=12` },
    },
    {
      key: 'search-fr',
      label: `Search, French (${SEARCH_TERMS.fr})`,
      capture: true,
      request: { method: 'GET', path: `/api/v1/product?search=${encodeURIComponent(SEARCH_TERMS.fr)}&page=1&limit=12`, headers: { 'accept-language': 'fr' } },
    },
    {
      key: 'category',
      label: `Category page with a price filter (${f.categorySlug}, 2 000-12 000 DA)`,
      capture: true,
      request: { method: 'GET', path: `/api/v1/product/category/${f.categorySlug}?minPrice=2000&maxPrice=12000&page=1&limit=12` },
    },
    { key: 'detail', label: `Product detail (${f.detailSlug})`, capture: true, request: { method: 'GET', path: `/api/v1/product/${f.detailSlug}` } },
    {
      key: 'cart-add',
      label: 'Guest add-to-cart (new session each time)',
      request: {
        method: 'POST',
        path: '/api/v1/cart/guest/add',
        body: {},
        vary: (n) => {
          const v = f.variants[n % f.variants.length] as Fixture['hot']
          // a first add: no session id yet, the server issues one (and creates the cart)
          return { headers: {}, body: { productId: v.productId, quantity: 1, size: v.size, color: v.color } }
        },
      },
    },
    {
      key: 'quote',
      label: 'Delivery quote (58 wilayas in turn)',
      request: { method: 'GET', path: '/api/v1/shipping/one?wilaya=16&type=domicil', vary: (n) => ({ path: `/api/v1/shipping/one?wilaya=${1 + (n % 58)}&type=domicil` }) },
    },
    {
      key: 'order-distinct',
      label: 'Guest order, distinct variants',
      request: {
        method: 'POST',
        path: '/api/v1/order/guest',
        body: {},
        vary: () => {
          const n = orderSeq++
          return { headers: orderHeaders(n), body: orderBody(f, f.variants[n % f.variants.length] as Fixture['hot'], n) }
        },
      },
    },
    {
      key: 'order-hot',
      label: 'Guest order, all on one hot variant',
      request: {
        method: 'POST',
        path: '/api/v1/order/guest',
        body: {},
        vary: () => {
          const n = orderSeq++
          return { headers: orderHeaders(n), body: orderBody(f, f.hot, n) }
        },
      },
    },
    {
      key: 'tracking',
      label: 'Tracking by phone',
      capture: true,
      request: {
        method: 'POST',
        path: '/api/v1/tracking',
        body: { phoneNumber: f.phones[0] },
        vary: (n) => ({ headers: { 'x-forwarded-for': ip(n) }, body: { phoneNumber: f.phones[n % f.phones.length] } }),
      },
    },
    {
      key: 'admin-orders',
      label: 'Admin order list (page 1, 20 orders)',
      capture: true,
      request: { method: 'GET', path: '/api/v1/admin/orders?page=1&limit=20', headers: { cookie: f.staffCookie } },
    },
  ]
  // the same reads with the public cache bypassed: what a page costs when its cached copy has expired
  const uncached = all
    .filter((s) => ['list', 'search-ar', 'search-fr', 'category', 'detail'].includes(s.key))
    .map((s) => ({
      key: `${s.key}-uncached`,
      label: `${s.label}, uncached`,
      request: { ...s.request, headers: { ...s.request.headers, 'cache-control': 'no-cache' } },
    }))
  all.splice(5, 0, ...uncached)
  return only ? all.filter((s) => only.includes(s.key) || only.includes(s.key.replace(/-uncached$/, ''))) : all
}

// ---------------------------------------------------------------- one database
export interface TargetResult {
  kind: 'pglite' | 'postgres'
  products: number
  orders: number
  generateMs: number
  results: Record<string, LoadResult & { label: string; bytes?: number; statements?: number }>
  ceilings: Record<string, { bytes?: LoadResult; sql?: LoadResult }>
  oversold: { hot: OversoldCheck; sellOut: SellOutCheck } | null
  explains: Record<string, { sql: string; plan: string }[]>
}

interface OversoldCheck {
  initialStock: number
  finalStock: number
  unitsTaken: number
  orderLines: number
  created: number
  ok: boolean
}
interface SellOutCheck {
  stock: number
  created: number
  orderLines: number
  finalStock: number
  ok: boolean
}

async function measureTarget(
  kind: 'pglite' | 'postgres',
  productCount: number,
  orderCount: number,
  port: number,
  only: string[] | undefined,
  withCeilings: boolean,
  withExplain: boolean,
  afterLoad?: (store: Store, f: Fixture) => Promise<void>,
): Promise<TargetResult> {
  log(`${kind}: starting the store (${productCount} products, ${orderCount} orders)`)
  const store = await startStore(kind, productCount, orderCount, port)
  try {
    const info = await control<{ generated: { products: number; orders: number; ms: number } }>(store, 'GET', '/info')
    log(`${kind}: ready, data generated in ${info.generated.ms} ms`)
    const f = await fixture(store)
    const opts = { port: store.port, pid: store.pid, connections, seconds, warmupSeconds: warmup }
    const out: TargetResult = {
      kind,
      products: info.generated.products,
      orders: info.generated.orders,
      generateMs: info.generated.ms,
      results: {},
      ceilings: {},
      oversold: null,
      explains: {},
    }
    const list = scenarios(f, only)
    const hotStock = 1_000_000
    if (list.some((s) => s.key === 'order-hot')) {
      await query(store, 'update variants set stock = $1 where id = $2', [hotStock, f.hot.variantId])
    }
    for (const s of list) {
      let captured: { status: number; bytes: number; statements: number } | undefined
      if (s.capture) {
        const c = await control<{ status: number; bytes: number; statements: number }>(store, 'POST', `/capture/${s.key}`, {
          method: s.request.method,
          url: s.request.path,
          headers: s.request.headers,
          body: s.request.body,
        })
        if (c.status >= 400) log(`${kind} ${s.key}: capture answered ${c.status}`)
        captured = c
      }
      await control(store, 'GET', '/idle')
      const result = await load(s.request, opts)
      out.results[s.key] = { ...result, label: s.label, bytes: captured?.bytes, statements: captured?.statements }
      log(`${kind} ${s.key}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}, RSS ${result.rssMb} MB`)
      if (s.capture && withExplain) out.explains[s.key] = (await control<{ plans: { sql: string; plan: string }[] }>(store, 'GET', `/explain/${s.key}`)).plans
    }
    if (withCeilings) {
      const copts = { ...opts, port: store.controlPort }
      for (const key of ['list', 'category', 'detail', 'search-ar', 'search-fr']) {
        if (!out.results[key]) continue
        await control(store, 'GET', '/idle')
        const c: { bytes?: LoadResult; sql?: LoadResult } = {}
        if (key === 'list') c.bytes = await load({ method: 'GET', path: `/ceiling/bytes/${key}` }, copts)
        c.sql = await load({ method: 'GET', path: `/ceiling/sql/${key}` }, copts)
        out.ceilings[key] = c
        log(`${kind} ceiling ${key}: bytes ${c.bytes?.rps.toFixed(0) ?? '-'} req/s, sql ${c.sql.rps.toFixed(0)} req/s`)
      }
    }
    if (out.results['order-hot']) out.oversold = { hot: await hotCheck(store, f, hotStock), sellOut: await sellOut(store, f) }
    if (afterLoad) await afterLoad(store, f)
    return out
  } finally {
    await store.cleanup()
  }
}

/** Waits until requests still running when the load ended have committed: two equal readings 500 ms apart. */
async function settle(store: Store, variantId: string): Promise<void> {
  let last = ''
  for (let i = 0; i < 40; i++) {
    const rows = await query(store, 'select (select stock from variants where id = $1) as s, (select count(*) from order_items where variant_id = $1) as n', [variantId])
    const now = JSON.stringify(rows)
    if (now === last) return
    last = now
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** After the hot-variant run: stock taken = units in order lines = orders created, and stock never below 0. */
async function hotCheck(store: Store, f: Fixture, initial: number): Promise<OversoldCheck> {
  await settle(store, f.hot.variantId)
  const [v] = await query<{ stock: number }>(store, 'select stock from variants where id = $1', [f.hot.variantId])
  const [lines] = await query<{ n: number; units: number }>(
    store,
    'select count(*)::int as n, coalesce(sum(quantity), 0)::int as units from order_items where variant_id = $1',
    [f.hot.variantId],
  )
  const finalStock = Number(v?.stock)
  const taken = initial - finalStock
  return { initialStock: initial, finalStock, unitsTaken: taken, orderLines: Number(lines?.n), created: Number(lines?.n), ok: finalStock >= 0 && taken === Number(lines?.units) }
}

/** 50 connections racing for the last 200 units of one variant: exactly 200 orders, stock 0, never negative. */
async function sellOut(store: Store, f: Fixture): Promise<SellOutCheck> {
  const stock = 200
  const [target] = await query<{ variantId: string; productId: string; size: string; color: string }>(
    store,
    `select v.id as "variantId", v.product_id as "productId", v.size, v.color from variants v join products p on p.id = v.product_id
     where p.slug = 'bench-2' order by v.size, v.color limit 1`,
  )
  if (!target) throw new Error('sell-out variant missing')
  await query(store, 'update variants set stock = $1 where id = $2', [stock, target.variantId])
  const before = Number((await query<{ n: number }>(store, 'select count(*)::int as n from order_items where variant_id = $1', [target.variantId]))[0]?.n)
  let n = 5_000_000
  const result = await load(
    {
      method: 'POST',
      path: '/api/v1/order/guest',
      body: {},
      vary: () => {
        const i = n++
        return { headers: { 'x-session-id': randomUUID(), 'x-forwarded-for': ip(i) }, body: orderBody(f, target, i) }
      },
    },
    // twice as many orders as units: the last ones must all be refused
    { port: store.port, pid: store.pid, connections, seconds: 30, warmupSeconds: 0, amount: stock * 2 },
  )
  await settle(store, target.variantId)
  const [v] = await query<{ stock: number }>(store, 'select stock from variants where id = $1', [target.variantId])
  const after = Number((await query<{ n: number }>(store, 'select count(*)::int as n from order_items where variant_id = $1', [target.variantId]))[0]?.n)
  const created = result.codes['201'] ?? 0
  const lines = after - before
  return { stock, created, orderLines: lines, finalStock: Number(v?.stock), ok: Number(v?.stock) === 0 && created === stock && lines === stock }
}

// ---------------------------------------------------------------- machine and commit
function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim()
  } catch {
    return ''
  }
}

function machine() {
  const cpus = os.cpus()
  return {
    date: new Date().toISOString(),
    host: os.hostname(),
    cpu: `${cpus[0]?.model ?? 'unknown'} x ${cpus.length}`,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    load: os.loadavg().map((l) => l.toFixed(2)).join(' '),
    commit: git(['rev-parse', '--short', 'HEAD']),
    dirty: git(['status', '--porcelain']).split('\n').filter(Boolean).length,
    postgres: '',
  }
}

// ---------------------------------------------------------------- main
async function main(): Promise<void> {
  const started = Date.now()
  const info = machine()
  try {
    const admin = new pg.Client({ connectionString: `${pgBase}/postgres` })
    await admin.connect()
    info.postgres = String((await admin.query('show server_version')).rows[0]?.server_version ?? '')
    await admin.end()
  } catch (error) {
    log(`PostgreSQL at ${pgBase} not reachable (${String(error)}): PostgreSQL figures skipped`)
    const i = targets.indexOf('postgres')
    if (i >= 0) targets.splice(i, 1)
  }
  const figures: Figures = { mode: scale ? 'scale' : onlyKeys ? 'partial' : quick ? 'quick' : 'full', machine: info, seconds, connections, targets: [], lighthouse: [], bundles: null, scale: null }

  if (!scale) {
    if (!flag('no-build')) {
      log('building the storefront (npm run build -w @shop/web)')
      try {
        execFileSync('npm', ['run', 'build', '-w', '@shop/web'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] })
      } catch (error) {
        log(`storefront build failed: ${String(error)}`)
      }
    }
    try {
      figures.bundles = await routeJavaScript(repoRoot)
    } catch (error) {
      log(`bundle analysis failed: ${String(error)}`)
    }
    for (const [i, kind] of targets.entries()) {
      const isLast = i === targets.length - 1
      // Lighthouse runs against the last store (PostgreSQL when present), after its load runs, with no load on
      figures.targets.push(
        await measureTarget(kind, products, orders, basePort + i * 10, onlyKeys, true, kind === 'postgres', async (store) => {
          if (!isLast || flag('no-lighthouse')) return
          figures.lighthouse = await storefront(store)
        }),
      )
    }
  } else {
    const keys = ['list', 'search-ar', 'search-fr', 'category', 'detail', 'admin-orders', 'tracking']
    log('scale run: 1 000-product baseline first')
    const baseline = await measureTarget('postgres', 1000, 1000, basePort, keys, false, true)
    const big = await measureTarget('postgres', products, orders, basePort + 10, keys, false, true)
    figures.targets.push(baseline, big)
    figures.scale = { baseline: baseline.kind, products, orders }
  }

  const stamp = info.date.slice(0, 19).replace(/[:T]/g, '-')
  const dir = path.join(repoRoot, 'bench/results')
  await mkdir(dir, { recursive: true })
  const name = `${stamp}-${figures.mode}`
  const markdown = markdownReport(figures, Date.now() - started)
  await writeFile(path.join(dir, `${name}.md`), markdown)
  await writeFile(path.join(dir, `${name}.json`), `${JSON.stringify(figures, null, 2)}\n`)
  process.stdout.write(`\n${budgetTable(figures)}\n\nReport: bench/results/${name}.md\n`)
  void BUDGETS
}

async function storefront(store: Store): Promise<PageScore[]> {
  const base = `http://127.0.0.1:${store.port}`
  const [product] = await query<{ slug: string }>(store, `select slug from products where slug not like 'bench-%' order by sold_count desc, slug limit 1`)
  const pages = [
    { name: 'home', url: `${base}/` },
    { name: 'collection', url: `${base}/collection` },
    { name: 'category', url: `${base}/category/men` },
    { name: 'product', url: `${base}/product/${product?.slug ?? 'bench-10'}` },
    { name: 'checkout', url: `${base}/place-order` },
  ]
  const chosen = quick ? pages.filter((p) => p.name === 'home' || p.name === 'product') : pages
  log(`lighthouse: ${chosen.map((p) => p.name).join(', ')}`)
  try {
    return await lighthousePages(chosen, log)
  } catch (error) {
    log(`lighthouse failed: ${String(error)}`)
    return chosen.map((p) => ({ ...p, score: null, lcpMs: null, tbtMs: null, cls: null, jsKb: null, totalKb: null, error: String(error) }))
  }
}

const shutdown = async () => {
  for (const c of cleanups) await c().catch(() => {})
}
process.on('SIGINT', () => void shutdown().then(() => process.exit(130)))

main()
  .then(async () => {
    await shutdown()
    process.exit(0)
  })
  .catch(async (error: unknown) => {
    log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    await shutdown()
    process.exit(1)
  })

export type { RouteJs }
