/**
 * `npm run bench` — the store under load, its ceilings, the storefront in Lighthouse and the route bundles,
 * written as a Markdown report (and the raw figures as JSON) under bench/results/. The options are in
 * options.ts (`npm run bench -- --help`), the requests in scenarios.ts, the store process in store.ts and
 * the report in report.ts; this file runs them: each database in turn, its checks, then the report.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import pg from 'pg'
import { routeJavaScript } from './bundle.ts'
import { LIGHTHOUSE_RUNS, lighthousePages, type PageScore } from './lighthouse.ts'
import { load, type LoadOptions, type LoadRequest, type LoadResult } from './load.ts'
import { browserOnly, browserRuns, log, ORDER_MIN_SECONDS, parseOptions, repoRoot, START_KEY, type TargetKind, USAGE } from './options.ts'
import { filmstrip, imageStem, PAGE_LOAD_RUNS, pageLoads } from './page-load.ts'
import { besideTable, budgetTable, type Figures, FLOOR_OF, floorTable, machine, type OversoldCheck, type SellOutCheck, type TargetResult, writeReport } from './report.ts'
import { type Fixture, fixture, guestOrders, scenarios } from './scenarios.ts'
import { measureStartup, type StartupResult } from './startup.ts'
import { control, query, startStore, stopStores, type Store } from './store.ts'

const options = parseOptions(process.argv.slice(2))
const { quick, products, orders, scale, seconds, warmup, connections, pgBase, basePort, targets, onlyKeys } = options

async function measureTarget(
  kind: TargetKind,
  productCount: number,
  orderCount: number,
  port: number,
  only: string[] | undefined,
  withCeilings: boolean,
  withExplain: boolean,
  afterLoad?: (store: Store, f: Fixture) => Promise<void>,
): Promise<TargetResult> {
  log(`${kind}: starting the store (${productCount} products, ${orderCount} orders)`)
  const store = await startStore(kind, productCount, orderCount, port, { pgBase, pool: options.pool, prepared: options.prepared })
  try {
    const info = await control<{ generated: { products: number; orders: number; ms: number } }>(store, 'GET', '/info')
    log(`${kind}: ready, data generated in ${info.generated.ms} ms`)
    const f = await fixture(store)
    // between a warm-up and its measured run, the warm-up's requests still being answered finish first
    const opts = { port: store.port, pid: store.pid, connections, seconds, warmupSeconds: warmup, settle: () => control(store, 'GET', '/idle') }
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
    let hotBefore = { n: 0, units: 0 }
    if (list.some((s) => s.key === 'order-hot')) {
      await query(store, 'update variants set stock = $1 where id = $2', [hotStock, f.hot.variantId])
      // the generated orders may already have lines on the hot variant: only the run's own are set against the stock taken
      hotBefore = await hotLines(store, f)
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
      const result = await load(s.request, { ...opts, seconds: Math.max(seconds, s.minSeconds ?? 0) })
      // the product page: whether the public cache answers it (x-cache: hit, miss; none when the HTML is not kept)
      const cache = s.key.startsWith('page-') ? { xCache: await xCache(store, s.request) } : {}
      out.results[s.key] = { ...result, label: s.label, bytes: captured?.bytes, statements: captured?.statements, ...cache }
      log(`${kind} ${s.key}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}, RSS ${result.rssMb} MB, CPU ${result.cpuMsPerRequest?.toFixed(3) ?? '-'} ms/request`)
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
    // the floors only serve the figures set against one (not a run of browser measurements or pages alone)
    if (withCeilings && Object.keys(out.results).some((key) => FLOOR_OF[key])) out.floors = await floors(store, opts)
    if (out.results['order-hot']) out.oversold = { hot: await hotCheck(store, f, hotStock, hotBefore), sellOut: await sellOut(store, f) }
    if (afterLoad) await afterLoad(store, f)
    return out
  } finally {
    await store.cleanup()
  }
}

/**
 * The floors, on the control port of the same process: a 12-row page by an index from a bare 1 000-row and
 * 100 000-row table, and one order transaction (take one unit, insert an order and a line) on distinct stock
 * rows and on one hot row, with the load settings of the store's figures.
 */
async function floors(store: Store, opts: LoadOptions) {
  const copts = { ...opts, port: store.controlPort }
  const out: Record<string, LoadResult> = {}
  const runs: [string, Parameters<typeof load>[0]][] = [
    ['page-1k', { method: 'GET', path: '/floor/page/1k' }],
    ['page-100k', { method: 'GET', path: '/floor/page/100k' }],
    ['order-distinct', { method: 'POST', path: '/floor/order', body: { stockId: 1 }, vary: (n) => ({ body: { stockId: (n % 1000) + 1 } }) }],
    ['order-hot', { method: 'POST', path: '/floor/order', body: { stockId: 1 } }],
  ]
  for (const [key, request] of runs) {
    await control(store, 'GET', '/idle')
    const r = await load(request, { ...copts, seconds: Math.max(copts.seconds, key.startsWith('order-') ? ORDER_MIN_SECONDS : 0) })
    out[key] = r
    log(`${store.kind} floor ${key}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}, CPU ${r.cpuMsPerRequest?.toFixed(3) ?? '-'} ms/request`)
  }
  return out
}

/** The x-cache header of one more answer to a load run's request, after its run ('none' without the header). */
async function xCache(store: Store, request: LoadRequest): Promise<string> {
  try {
    const res = await fetch(`http://127.0.0.1:${store.port}${request.path}`, { method: request.method, headers: request.headers })
    await res.arrayBuffer()
    return `${res.status} ${res.headers.get('x-cache') ?? 'none'}`
  } catch (error) {
    return String(error)
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

/**
 * After the hot-variant run: stock taken = units in the order lines written since the run began (`before`: those
 * of the generated orders), and stock never below 0.
 */
async function hotCheck(store: Store, f: Fixture, initial: number, before: { n: number; units: number }): Promise<OversoldCheck> {
  await settle(store, f.hot.variantId)
  // the stock and the lines in one statement (one snapshot): an order committing between two reads would count on one side only
  const [v] = await query<{ stock: number; n: number; units: number }>(
    store,
    `select (select stock from variants where id = $1) as stock, count(*)::int as n, coalesce(sum(quantity), 0)::int as units
     from order_items where variant_id = $1`,
    [f.hot.variantId],
  )
  const lines = { n: Number(v?.n), units: Number(v?.units) }
  const finalStock = Number(v?.stock)
  const taken = initial - finalStock
  const n = lines.n - before.n
  return { initialStock: initial, finalStock, unitsTaken: taken, orderLines: n, created: n, ok: finalStock >= 0 && taken === lines.units - before.units }
}

/** Order lines on the hot variant, and their units. */
async function hotLines(store: Store, f: Fixture): Promise<{ n: number; units: number }> {
  const [row] = await query<{ n: number; units: number }>(
    store,
    'select count(*)::int as n, coalesce(sum(quantity), 0)::int as units from order_items where variant_id = $1',
    [f.hot.variantId],
  )
  return { n: Number(row?.n), units: Number(row?.units) }
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
    guestOrders(f, () => target, () => n++),
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

async function main(): Promise<void> {
  const started = Date.now()
  const info = machine(repoRoot)
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
  // browser measurements alone run on one store: the last target (PostgreSQL when reachable)
  if (browserOnly(options)) targets.splice(0, targets.length - 1)
  const figures: Figures = { mode: scale ? 'scale' : onlyKeys ? 'partial' : quick ? 'quick' : 'full', machine: info, seconds, connections, preparedStatements: options.prepared, targets: [], lighthouse: [], pageLoads: [], filmstrip: null, bundles: null, scale: null }

  if (!scale && withStartup(onlyKeys)) {
    // the production start first, while nothing else of the bench is running
    const startup: StartupResult[] = []
    for (const [i, kind] of targets.entries()) {
      log(`${kind}: production start (npm start's scripts/start.mjs), first start then warm restarts`)
      startup.push(await measureStartup(kind, basePort + i, pgBase))
    }
    figures.startup = startup
  }

  if (scale) {
    // the catalogue reads (and their uncached twins), orders on distinct variants, tracking and the admin list
    const keys = ['list', 'search-ar', 'search-fr', 'category', 'detail', 'order-distinct', 'admin-orders', 'tracking']
    log('scale run: 1 000-product baseline first')
    const baseline = await measureTarget('postgres', 1000, 1000, basePort, keys, false, true)
    const big = await measureTarget('postgres', products, orders, basePort + 10, keys, false, true)
    figures.targets.push(baseline, big)
    figures.scale = { baseline: baseline.kind, products, orders }
  } else if (!onlyStartup(onlyKeys)) {
    if (options.build) {
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
          if (isLast) await browserFigures(store, figures)
        }),
      )
    }
  }

  const report = await writeReport(repoRoot, figures, Date.now() - started)
  const shares = [...figures.targets.map((t) => floorTable(t)), besideTable(figures)].filter(Boolean)
  process.stdout.write(`\n${budgetTable(figures)}\n\n${shares.join('\n\n')}${shares.length ? '\n\n' : ''}Report: ${report}\n`)
}

/** `--only start` alone measures the production start and nothing else. */
function onlyStartup(only: string[] | undefined): boolean {
  return only !== undefined && only.length > 0 && only.every((k) => k === START_KEY)
}

/** The production start is measured in every quick and full run, and with `--only start`. */
function withStartup(only: string[] | undefined): boolean {
  return only === undefined || only.includes(START_KEY)
}

/** The storefront product the browser measurements load: the demo shop's best seller (a real product, real photos). */
async function storefrontProduct(store: Store): Promise<string> {
  const [product] = await query<{ slug: string }>(store, `select slug from products where slug not like 'bench-%' order by sold_count desc, slug limit 1`)
  return product?.slug ?? 'bench-10'
}

/** Lighthouse, the Slow-4G page loads and the filmstrip (each when asked for), on the store after its load runs. */
async function browserFigures(store: Store, figures: Figures): Promise<void> {
  const base = `http://127.0.0.1:${store.port}`
  const slug = await storefrontProduct(store)
  const product = { name: 'product', url: `${base}/product/${slug}` }
  if (browserRuns(options, 'page-load') || browserRuns(options, 'filmstrip')) {
    // the main image when the largest paint is not an image: the product's first photo, the first banner
    const stems = await mainImages(base, slug)
    if (browserRuns(options, 'page-load')) {
      log(`page loads (Slow 4G, CPU 4x, no cache, ${PAGE_LOAD_RUNS} cold loads each): home, product`)
      try {
        figures.pageLoads = await pageLoads([{ name: 'home', url: `${base}/`, imageStem: stems.home }, { ...product, imageStem: stems.product }], log)
      } catch (error) {
        log(`page loads failed: ${String(error)}`)
      }
    }
    if (browserRuns(options, 'filmstrip')) {
      const stamp = String(figures.machine.date).slice(0, 19).replace(/[:T]/g, '-')
      const file = path.resolve(options.filmstripOut ?? path.join(repoRoot, `bench/results/${stamp}-product-load-slow4g.png`))
      try {
        const strip = await filmstrip(product.url, stems.product, file, {
          title: `/product/${slug} on a phone: Slow 4G (150 ms RTT, 1.6 Mbps down), CPU 4x slower, no cache. Commit ${figures.machine.commit}, ${String(figures.machine.date).slice(0, 10)}.`,
        })
        figures.filmstrip = { ...strip, file: path.relative(repoRoot, strip.file), url: `/product/${slug}` }
        log(`filmstrip: ${figures.filmstrip.file} (${strip.frames} frames, FCP ${Math.round(strip.timings.fcpMs ?? 0)} ms, image visible ${Math.round(strip.timings.imageVisibleMs ?? 0)} ms)`)
      } catch (error) {
        log(`filmstrip failed: ${String(error)}`)
      }
    }
  }
  if (browserRuns(options, 'lighthouse')) figures.lighthouse = await storefront(base, product)
}

/** The path every width of the product's first photo and of the first home banner share (null when there is none). */
async function mainImages(base: string, slug: string): Promise<{ home: string | null; product: string | null }> {
  const json = async (url: string) => {
    try {
      const res = await fetch(`${base}${url}`)
      return res.ok ? ((await res.json()) as { data?: Record<string, unknown> }).data : undefined
    } catch {
      return undefined
    }
  }
  type Image = { src?: string }
  const detail = (await json(`/api/v1/product/${encodeURIComponent(slug)}`)) as { product?: { images?: Image[]; image?: Image } } | undefined
  const banners = (await json('/api/v1/banner/active')) as { banners?: { image?: Image }[] } | undefined
  return {
    home: imageStem(banners?.banners?.[0]?.image?.src),
    product: imageStem(detail?.product?.images?.[0]?.src ?? detail?.product?.image?.src),
  }
}

/** Lighthouse on home, collection, a category and the product (and checkout in a full run), LIGHTHOUSE_RUNS runs each. */
async function storefront(base: string, product: { name: string; url: string }): Promise<PageScore[]> {
  const pages = [
    { name: 'home', url: `${base}/` },
    { name: 'collection', url: `${base}/collection` },
    { name: 'category', url: `${base}/category/men` },
    product,
    { name: 'checkout', url: `${base}/place-order` },
  ]
  const chosen = quick ? pages.filter((p) => p.name !== 'checkout') : pages
  log(`lighthouse (${LIGHTHOUSE_RUNS} runs each, medians): ${chosen.map((p) => p.name).join(', ')}`)
  try {
    return await lighthousePages(chosen, log)
  } catch (error) {
    log(`lighthouse failed: ${String(error)}`)
    return chosen.map((p) => ({ ...p, score: null, lcpMs: null, tbtMs: null, cls: null, jsKb: null, totalKb: null, error: String(error) }))
  }
}

if (options.help) {
  process.stdout.write(`${USAGE}\n`)
  process.exit(0)
}

process.on('SIGINT', () => void stopStores().then(() => process.exit(130)))

main()
  .then(async () => {
    await stopStores()
    process.exit(0)
  })
  .catch(async (error: unknown) => {
    log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    await stopStores()
    process.exit(1)
  })

