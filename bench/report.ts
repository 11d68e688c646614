/** The report: budgets first, then every figure they come from, in Markdown (and the raw figures as JSON). */
import { execFileSync } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { RouteJs } from './bundle.ts'
import type { PageScore } from './lighthouse.ts'
import type { LoadResult } from './load.ts'

/** After the hot-variant run: stock taken = units in order lines, and stock never below zero. */
export interface OversoldCheck {
  initialStock: number
  finalStock: number
  unitsTaken: number
  orderLines: number
  created: number
  ok: boolean
}

/** The sell-out race: exactly as many orders as the units there were. */
export interface SellOutCheck {
  stock: number
  created: number
  orderLines: number
  finalStock: number
  ok: boolean
}

/** The figures of one database (PGlite or PostgreSQL). */
export interface TargetResult {
  kind: 'pglite' | 'postgres'
  products: number
  orders: number
  generateMs: number
  results: Record<string, LoadResult & { label: string; bytes?: number; statements?: number }>
  ceilings: Record<string, { bytes?: LoadResult; sql?: LoadResult }>
  oversold: { hot: OversoldCheck; sellOut: SellOutCheck } | null
  explains: Record<string, { sql: string; plan: string }[]>
  /** PostgreSQL only: bare node-postgres routes (page-1k, page-100k, order-distinct, order-hot). */
  floors?: Record<string, LoadResult>
}

/** Which floor each store figure is set against. */
export const FLOOR_OF: Record<string, string> = {
  list: 'page-1k',
  'list-uncached': 'page-1k',
  category: 'page-1k',
  'category-uncached': 'page-1k',
  detail: 'page-1k',
  'detail-uncached': 'page-1k',
  'search-ar': 'page-1k',
  'search-ar-uncached': 'page-1k',
  'search-fr': 'page-1k',
  'search-fr-uncached': 'page-1k',
  'order-distinct': 'order-distinct',
  'order-hot': 'order-hot',
}

const FLOOR_LABELS: Record<string, string> = {
  'page-1k': 'Floor: 12-row page by an index, 1 000-row table (bare Fastify + pg)',
  'page-100k': 'Floor: 12-row page by an index, 100 000-row table (bare Fastify + pg)',
  'order-distinct': 'Floor: order transaction, distinct stock rows (bare Fastify + pg)',
  'order-hot': 'Floor: order transaction, one hot stock row (bare Fastify + pg)',
}

export interface FloorShare {
  key: string
  label: string
  rps: number
  floor: string
  floorRps: number
  /** The store's req/s as a share of its floor's (orders: created orders per second against the floor's). */
  share: number | null
  cpuMsPerRequest: number | null
  floorCpuMsPerRequest: number | null
  /** How many times the floor's CPU per request the store spends. */
  cpuRatio: number | null
}

const successRps = (r: LoadResult) => (r.requests > 0 ? ((r.codes['201'] ?? 0) / r.requests) * r.rps : 0)

/** Each store figure that has a floor, as a share of it, with the CPU milliseconds per request of both. */
export function floorShares(t: TargetResult): FloorShare[] {
  const floors = t.floors
  if (!floors) return []
  const out: FloorShare[] = []
  for (const [key, r] of Object.entries(t.results)) {
    const floorKey = FLOOR_OF[key]
    const floor = floorKey ? floors[floorKey] : undefined
    if (!floorKey || !floor) continue
    const order = key.startsWith('order-')
    const rps = order ? successRps(r) : r.rps
    const floorRps = order ? successRps(floor) : floor.rps
    const cpu = r.cpuMsPerRequest ?? null
    const floorCpu = floor.cpuMsPerRequest ?? null
    out.push({
      key,
      label: r.label,
      rps,
      floor: floorKey,
      floorRps,
      share: floorRps > 0 ? rps / floorRps : null,
      cpuMsPerRequest: cpu,
      floorCpuMsPerRequest: floorCpu,
      cpuRatio: cpu !== null && floorCpu !== null && floorCpu > 0 ? cpu / floorCpu : null,
    })
  }
  return out
}

const ms3 = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '-' : v.toFixed(3))
const times = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '-' : `${v.toFixed(1)}x`)

/** The floors, then each store figure as a share of its floor; empty when the target has no floors. */
export function floorTable(t: TargetResult): string {
  const floors = t.floors
  if (!floors || !Object.keys(floors).length) return ''
  const lines = [
    `Floors (${t.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}), measured in the same run:`,
    '',
    '| Floor | req/s | p50 ms | p99 ms | errors | non-2xx | server CPU ms/request | machine load |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ]
  for (const [key, r] of Object.entries(floors)) {
    lines.push(`| ${FLOOR_LABELS[key] ?? key} | ${n0(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${ms3(r.cpuMsPerRequest)} | ${r.loadAvg ?? '-'} |`)
  }
  lines.push(
    '',
    '| Store figure | req/s (orders: created/s) | floor | floor req/s | share of floor | server CPU ms/request | floor CPU ms/request | CPU vs floor |',
    '|---|---:|---|---:|---:|---:|---:|---:|',
  )
  for (const s of floorShares(t)) {
    lines.push(`| ${s.label} | ${n0(s.rps)} | ${s.floor} | ${n0(s.floorRps)} | ${pct(s.share)} | ${ms3(s.cpuMsPerRequest)} | ${ms3(s.floorCpuMsPerRequest)} | ${times(s.cpuRatio)} |`)
  }
  return lines.join('\n')
}

export interface Figures {
  mode: 'full' | 'quick' | 'partial' | 'scale'
  machine: Record<string, string | number>
  seconds: number
  connections: number
  targets: TargetResult[]
  lighthouse: PageScore[]
  bundles: { routes: RouteJs[]; entryGzKb: number } | null
  scale: { baseline: string; products: number; orders: number } | null
}

export const BUDGETS = {
  catalogueP99Ms: 20,
  ceilingShare: 0.6,
  searchP99Ms: 50,
  orderRps: 300,
  orderP99Ms: 100,
  lighthouseScore: 95,
  lcpMs: 1800,
  cls: 0.05,
  productRouteGzKb: 100,
  scaleFactor: 2,
} as const

interface Row {
  budget: string
  figure: string
  target: string
  pass: boolean | null
}

const n0 = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? '-' : Math.round(v).toLocaleString('en-US'))
const n1 = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? '-' : v.toFixed(1))
const pct = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '-' : `${Math.round(v * 100)} %`)
const mark = (pass: boolean | null) => (pass === null ? 'n/a' : pass ? 'pass' : '**miss**')
const BIG_TABLES = ['products', 'variants', 'orders', 'order_items', 'product_images']

/** Sequential scans on the big tables, and the indexes a plan uses. */
export function planSummary(plan: string): { indexes: string[]; seqScans: string[] } {
  const indexes = [...plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g)].map((m) => m[1] as string)
  const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1] as string).filter((t) => BIG_TABLES.includes(t))
  return { indexes: [...new Set(indexes)], seqScans: [...new Set(seqScans)] }
}

function rows(f: Figures): Row[] {
  const out: Row[] = []
  if (f.mode === 'scale') {
    const [base, big] = f.targets
    if (!base || !big) return out
    const scaleNote = `${n0(big.products)} products / ${n0(big.orders)} orders`
    for (const [key, r] of Object.entries(big.results)) {
      const b = base.results[key]
      if (key === 'list' || key === 'category' || key === 'detail') {
        out.push({ budget: `${r.label}: p99 at scale`, figure: `${r.p99} ms`, target: `<= ${BUDGETS.catalogueP99Ms} ms`, pass: r.requests > 0 && r.p99 <= BUDGETS.catalogueP99Ms })
      }
      if (key.startsWith('search')) {
        out.push({ budget: `${r.label}: p99 over ${scaleNote}`, figure: `${r.p99} ms`, target: `<= ${BUDGETS.searchP99Ms} ms`, pass: r.requests > 0 && r.p99 <= BUDGETS.searchP99Ms })
      }
      if (b) {
        out.push({
          budget: `${r.label}: req/s at scale vs 1 k`,
          figure: `${n0(r.rps)} vs ${n0(b.rps)} (${pct(r.rps / b.rps)})`,
          target: `>= 50 %`,
          pass: r.rps * BUDGETS.scaleFactor >= b.rps,
        })
        out.push({
          budget: `${r.label}: p99 at scale vs 1 k`,
          figure: `${r.p99} vs ${b.p99} ms`,
          target: `<= 2x`,
          pass: r.requests > 0 && r.p99 <= Math.max(1, b.p99) * BUDGETS.scaleFactor,
        })
      }
      const plans = big.explains[key] ?? []
      if (plans.length) {
        const seq = [...new Set(plans.flatMap((p) => planSummary(p.plan).seqScans))]
        out.push({ budget: `${r.label}: EXPLAIN uses indexes`, figure: seq.length ? `seq scan on ${seq.join(', ')}` : 'no seq scan on big tables', target: 'index', pass: seq.length === 0 })
      }
    }
    return out
  }

  const t = f.targets.find((x) => x.kind === 'postgres') ?? f.targets[f.targets.length - 1]
  if (t) {
    const on = t.kind === 'postgres' ? '' : ' (PGlite: no PostgreSQL)'
    for (const key of ['list', 'category', 'detail']) {
      const r = t.results[key]
      if (!r) continue
      const ceiling = t.ceilings[key]?.sql
      out.push({ budget: `${r.label}: p99${on}`, figure: `${r.p99} ms`, target: `<= ${BUDGETS.catalogueP99Ms} ms`, pass: r.requests > 0 && r.p99 <= BUDGETS.catalogueP99Ms })
      out.push({
        budget: `${r.label}: req/s vs framework+database ceiling${on}`,
        figure: ceiling ? `${n0(r.rps)} / ${n0(ceiling.rps)} = ${pct(r.rps / ceiling.rps)}` : n0(r.rps),
        target: `>= ${BUDGETS.ceilingShare * 100} %`,
        pass: ceiling ? r.rps >= ceiling.rps * BUDGETS.ceilingShare : null,
      })
    }
    for (const key of ['list-uncached', 'category-uncached', 'detail-uncached']) {
      const r = t.results[key]
      const ceiling = t.ceilings[key.replace(/-uncached$/, '')]?.sql
      if (!r) continue
      out.push({
        budget: `${r.label} (cache bypassed, for information): p99, req/s vs framework+database ceiling${on}`,
        figure: `${r.p99} ms, ${ceiling ? `${n0(r.rps)} / ${n0(ceiling.rps)} = ${pct(r.rps / ceiling.rps)}` : n0(r.rps)}`,
        target: `<= ${BUDGETS.catalogueP99Ms} ms, >= ${BUDGETS.ceilingShare * 100} %`,
        pass: null,
      })
    }
    for (const key of ['search-ar', 'search-fr', 'search-ar-uncached', 'search-fr-uncached']) {
      const r = t.results[key]
      if (!r) continue
      out.push({
        budget: `${r.label}: p99 at ${n0(t.products)} products (the budget is set for 100 k: see the scale run)`,
        figure: `${r.p99} ms`,
        target: `<= ${BUDGETS.searchP99Ms} ms`,
        pass: r.requests > 0 && r.p99 <= BUDGETS.searchP99Ms,
      })
    }
    for (const key of ['order-distinct', 'order-hot']) {
      const r = t.results[key]
      if (!r) continue
      const created = r.codes['201'] ?? 0
      const ordersPerSecond = (created / Math.max(1, r.requests)) * r.rps
      out.push({ budget: `${r.label}: orders/s`, figure: n0(ordersPerSecond), target: `>= ${BUDGETS.orderRps}`, pass: ordersPerSecond >= BUDGETS.orderRps })
      out.push({ budget: `${r.label}: p99`, figure: `${r.p99} ms`, target: `<= ${BUDGETS.orderP99Ms} ms`, pass: r.requests > 0 && r.p99 <= BUDGETS.orderP99Ms })
    }
    if (t.oversold) {
      const h = t.oversold.hot
      out.push({
        budget: 'Hot variant: oversold (stock never negative, units taken = units in orders)',
        figure: `stock ${n0(h.initialStock)} → ${n0(h.finalStock)}, taken ${n0(h.unitsTaken)}, order lines ${n0(h.orderLines)}`,
        target: '0 oversold',
        pass: h.ok,
      })
      const s = t.oversold.sellOut
      out.push({
        budget: `Sell-out race: ${connections(f)} connections for the last ${s.stock} units`,
        figure: `${s.created} orders, ${s.orderLines} lines, stock left ${s.finalStock}`,
        target: `exactly ${s.stock}, stock 0`,
        pass: s.ok,
      })
    }
  }
  for (const page of f.lighthouse) {
    if (!['home', 'collection', 'product'].includes(page.name)) continue
    out.push({ budget: `Lighthouse mobile, ${page.name}: performance`, figure: page.score === null ? `failed` : String(page.score), target: `>= ${BUDGETS.lighthouseScore}`, pass: page.score === null ? false : page.score >= BUDGETS.lighthouseScore })
    out.push({ budget: `Lighthouse mobile, ${page.name}: LCP`, figure: page.lcpMs === null ? '-' : `${(page.lcpMs / 1000).toFixed(2)} s`, target: `<= ${BUDGETS.lcpMs / 1000} s`, pass: page.lcpMs === null ? false : page.lcpMs <= BUDGETS.lcpMs })
    out.push({ budget: `Lighthouse mobile, ${page.name}: CLS`, figure: page.cls === null ? '-' : page.cls.toFixed(3), target: `<= ${BUDGETS.cls}`, pass: page.cls === null ? false : page.cls <= BUDGETS.cls })
  }
  const productJs = f.bundles?.routes.find((r) => r.route === '/product/:productId')
  if (productJs) {
    out.push({ budget: 'Product route JavaScript (entry + chunks, gzipped)', figure: `${n1(productJs.totalGzKb)} KB`, target: `<= ${BUDGETS.productRouteGzKb} KB`, pass: productJs.totalGzKb <= BUDGETS.productRouteGzKb })
  }
  return out
}

const connections = (f: Figures) => f.connections

export function budgetTable(f: Figures): string {
  const lines = ['| Budget | Figure | Target | Result |', '|---|---|---|---|']
  for (const r of rows(f)) lines.push(`| ${r.budget} | ${r.figure} | ${r.target} | ${mark(r.pass)} |`)
  const all = rows(f)
  const missed = all.filter((r) => r.pass === false).length
  lines.push('', `${all.length - missed} of ${all.length} budgets pass, ${missed} missed.`)
  return lines.join('\n')
}

function loadTable(t: TargetResult): string {
  const lines = [
    '| Endpoint | req/s | p50 ms | p99 ms | errors | non-2xx | server RSS MB | reply bytes | SQL statements | / framework ceiling | / framework+db ceiling | server CPU ms/request | machine load |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ]
  for (const [key, r] of Object.entries(t.results)) {
    const c = t.ceilings[key]
    const codes = Object.entries(r.codes)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, count]) => `${count}×${code}`)
      .join(' ')
    lines.push(
      `| ${r.label} | ${n0(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx}${codes ? ` (${codes})` : ''} | ${r.rssMb} | ${r.bytes === undefined ? '-' : n0(r.bytes)} | ${r.statements ?? '-'} | ${c?.bytes ? pct(r.rps / c.bytes.rps) : '-'} | ${c?.sql ? pct(r.rps / c.sql.rps) : '-'} | ${ms3(r.cpuMsPerRequest)} | ${r.loadAvg ?? '-'} |`,
    )
  }
  return lines.join('\n')
}

function ceilingTable(t: TargetResult): string {
  const entries = Object.entries(t.ceilings)
  if (!entries.length) return ''
  const lines = ['| Ceiling | req/s | p50 ms | p99 ms | errors | RSS MB | server CPU ms/request | machine load |', '|---|---:|---:|---:|---:|---:|---:|---:|']
  for (const [key, c] of entries) {
    if (c.bytes) lines.push(`| ${key}: bare Fastify route, same bytes (framework) | ${n0(c.bytes.rps)} | ${c.bytes.p50} | ${c.bytes.p99} | ${c.bytes.errors} | ${c.bytes.rssMb} | ${ms3(c.bytes.cpuMsPerRequest)} | ${c.bytes.loadAvg ?? '-'} |`)
    if (c.sql) lines.push(`| ${key}: bare route, same SQL, same driver (framework + database) | ${n0(c.sql.rps)} | ${c.sql.p50} | ${c.sql.p99} | ${c.sql.errors} | ${c.sql.rssMb} | ${ms3(c.sql.cpuMsPerRequest)} | ${c.sql.loadAvg ?? '-'} |`)
  }
  return lines.join('\n')
}

function explainSection(t: TargetResult): string {
  const out: string[] = []
  for (const [key, plans] of Object.entries(t.explains)) {
    const label = t.results[key]?.label ?? key
    const summary = plans.map((p) => planSummary(p.plan))
    const used = [...new Set(summary.flatMap((s) => s.indexes))]
    const seq = [...new Set(summary.flatMap((s) => s.seqScans))]
    out.push(`#### ${label}`, '', `Indexes used: ${used.length ? used.map((i) => `\`${i}\``).join(', ') : 'none'}. Sequential scans on big tables: ${seq.length ? seq.join(', ') : 'none'}.`, '')
    out.push('<details><summary>SQL and EXPLAIN (ANALYZE, BUFFERS)</summary>', '')
    for (const p of plans) out.push('```sql', p.sql.trim(), '```', '```', p.plan, '```', '')
    out.push('</details>', '')
  }
  return out.join('\n')
}

export function markdownReport(f: Figures, elapsedMs: number): string {
  const m = f.machine
  const out: string[] = []
  const title = f.mode === 'scale' ? `Benchmark, scale run (${n0(f.scale?.products)} products, ${n0(f.scale?.orders)} orders)` : `Benchmark (${f.mode} run)`
  out.push(
    `# ${title}`,
    '',
    `- Date: ${m.date}`,
    `- Machine: ${m.cpu}, ${m.memoryGb} GB RAM, ${m.os}, Node ${m.node}, PostgreSQL ${m.postgres || 'not reached'}; load average at start ${m.load}`,
    `- Commit: ${m.commit}${Number(m.dirty) > 0 ? ` with ${m.dirty} uncommitted files` : ''}`,
    `- Load: autocannon on 127.0.0.1, ${f.connections} connections, ${f.seconds} s per figure after a warm-up; client, server and database share the machine's cores. Rate limits raised by environment; each order and tracking request comes from its own client address (X-Forwarded-For, TRUST_PROXY=127.0.0.1).`,
    `- Whole run: ${Math.round(elapsedMs / 1000)} s`,
    '',
    '## Budgets',
    '',
    budgetTable(f),
    '',
  )
  for (const t of f.targets) {
    out.push(
      `## API under load: ${t.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${n0(t.products)} products, ${n0(t.orders)} orders at start`,
      '',
      `Data generated with set-based SQL in ${n0(t.generateMs)} ms.`,
      '',
      loadTable(t),
      '',
    )
    const c = ceilingTable(t)
    if (c) out.push('Ceilings, measured in the same run:', '', c, '')
    const floor = floorTable(t)
    if (floor) out.push(floor, '')
    if (t.oversold) {
      const h = t.oversold.hot
      const s = t.oversold.sellOut
      out.push(
        `Hot variant: stock ${n0(h.initialStock)} → ${n0(h.finalStock)} (${n0(h.unitsTaken)} units taken, ${n0(h.orderLines)} order lines): ${h.ok ? 'no oversold unit' : '**mismatch**'}. ` +
          `Sell-out race for ${s.stock} units: ${s.created} orders created, ${s.orderLines} lines, ${s.finalStock} left: ${s.ok ? 'exact' : '**mismatch**'}.`,
        '',
      )
    }
    if (Object.keys(t.explains).length) out.push(`### EXPLAIN of the hot queries (${t.kind}, ${n0(t.products)} products, ${n0(t.orders)} orders)`, '', explainSection(t))
  }
  if (f.lighthouse.length) {
    out.push(
      '## Storefront: Lighthouse 12.8.2, mobile preset, system Chromium',
      '',
      '| Page | URL | Performance | LCP s | TBT ms | CLS | JavaScript transferred KB | Total transferred KB |',
      '|---|---|---:|---:|---:|---:|---:|---:|',
    )
    for (const p of f.lighthouse) {
      out.push(
        `| ${p.name} | ${p.url.replace(/^http:\/\/127\.0\.0\.1:\d+/, '')} | ${p.score ?? `failed${p.error ? `: ${p.error.slice(0, 80)}` : ''}`} | ${p.lcpMs === null ? '-' : (p.lcpMs / 1000).toFixed(2)} | ${n0(p.tbtMs)} | ${p.cls === null ? '-' : p.cls.toFixed(3)} | ${n1(p.jsKb)} | ${n1(p.totalKb)} |`,
      )
    }
    out.push('')
  }
  if (f.bundles) {
    out.push(
      '## Storefront JavaScript per route (apps/web build, gzipped)',
      '',
      `Entry (home is in it): ${n1(f.bundles.entryGzKb)} KB.`,
      '',
      '| Route | Chunk source | Entry + route, KB gz | Route beyond entry, KB gz | Files |',
      '|---|---|---:|---:|---:|',
    )
    for (const r of f.bundles.routes) out.push(`| ${r.route} | ${r.source} | ${n1(r.totalGzKb)} | ${n1(r.routeGzKb)} | ${r.files} |`)
    out.push('')
  }
  return `${out.join('\n')}\n`
}

function git(repoRoot: string, args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim()
  } catch {
    return ''
  }
}

/** The machine and commit the figures were measured on (`postgres` is filled in once the server answers). */
export function machine(repoRoot: string) {
  const cpus = os.cpus()
  return {
    date: new Date().toISOString(),
    host: os.hostname(),
    cpu: `${cpus[0]?.model ?? 'unknown'} x ${cpus.length}`,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    load: os.loadavg().map((l) => l.toFixed(2)).join(' '),
    commit: git(repoRoot, ['rev-parse', '--short', 'HEAD']),
    dirty: git(repoRoot, ['status', '--porcelain']).split('\n').filter(Boolean).length,
    postgres: '',
  }
}

/** Writes bench/results/<date>-<mode>.md and .json; returns the report's path from the repository root. */
export async function writeReport(repoRoot: string, figures: Figures, elapsedMs: number): Promise<string> {
  const stamp = String(figures.machine.date).slice(0, 19).replace(/[:T]/g, '-')
  const dir = path.join(repoRoot, 'bench/results')
  await mkdir(dir, { recursive: true })
  const name = `${stamp}-${figures.mode}`
  await writeFile(path.join(dir, `${name}.md`), markdownReport(figures, elapsedMs))
  await writeFile(path.join(dir, `${name}.json`), `${JSON.stringify(figures, null, 2)}\n`)
  return `bench/results/${name}.md`
}
