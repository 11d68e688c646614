/** The report: budgets first, then every figure they come from, in Markdown (and the raw figures as JSON). */
import { execFileSync } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { RouteJs } from './bundle.ts'
import type { PageScore } from './lighthouse.ts'
import { type FilmstripResult, PAGE_LOAD_BUDGETS, PAGE_LOAD_RUNS, type PageLoadResult, SLOW_4G } from './page-load.ts'
import type { LoadResult } from './load.ts'
import { ORDER_MIN_SECONDS } from './options.ts'
import { IDLE_MS, type StartupResult, startupSummary } from './startup.ts'

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
  /** xCache: the product page's x-cache header after its run (whether the public cache answers it). */
  results: Record<string, LoadResult & { label: string; bytes?: number; statements?: number; xCache?: string }>
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
  'page-1k': 'Floor: 12-row page by an index, 1 000-row table',
  'page-100k': 'Floor: 12-row page by an index, 100 000-row table',
  'order-distinct': 'Floor: order transaction, distinct stock rows',
  'order-hot': 'Floor: order transaction, one hot stock row',
}

/** A floor's name in a table: what it serves, and through what (node-postgres, or the in-process PGlite). */
const floorLabel = (key: string, kind?: TargetResult['kind']) =>
  `${FLOOR_LABELS[key] ?? key}${kind === 'postgres' ? ' (bare Fastify + pg)' : kind === 'pglite' ? ' (bare Fastify + in-process PGlite)' : ' (bare Fastify route)'}`

export interface FloorShare {
  key: string
  label: string
  rps: number
  floor: string
  floorRps: number
  /** The store's req/s as a share of its floor's (orders: created orders per second against the floor's). */
  share: number | null
  /** Successful answers of the store's run (0: the figure got none). */
  answered: number
  cpuMsPerRequest: number | null
  floorCpuMsPerRequest: number | null
  /** How many times the floor's CPU per request the store spends. */
  cpuRatio: number | null
}

/** Order figures count created orders (201) only; every other figure its 2xx answers. */
export const isOrder = (key: string) => key.startsWith('order-')

/** Successful answers of a run: 201 for an order figure, any 2xx otherwise. */
export function answered(r: LoadResult, order = false): number {
  if (r.requests <= 0) return 0
  if (order) return r.codes['201'] ?? 0
  return Object.entries(r.codes).reduce((sum, [code, n]) => (code.startsWith('2') ? sum + n : sum), 0)
}

/** Successful answers per second (the run's req/s scaled by the share of successful answers). */
export const answeredRps = (r: LoadResult, order = false) => (r.requests > 0 ? (answered(r, order) / r.requests) * r.rps : 0)

/** What a run got instead of a successful answer, for the report ("no successful answer: 120×500, 3 errors"). */
export function noAnswer(r: LoadResult): string {
  const codes = Object.entries(r.codes).map(([code, n]) => `${n}×${code}`)
  if (r.errors) codes.push(`${r.errors} errors`)
  return `no successful answer${codes.length ? `: ${codes.join(', ')}` : ''}`
}

/** Each store figure that has a floor, as a share of it, with the CPU milliseconds per request of both. */
export function floorShares(t: TargetResult): FloorShare[] {
  const floors = t.floors
  if (!floors) return []
  const out: FloorShare[] = []
  for (const [key, r] of Object.entries(t.results)) {
    const floorKey = FLOOR_OF[key]
    const floor = floorKey ? floors[floorKey] : undefined
    if (!floorKey || !floor) continue
    const order = isOrder(key)
    const rps = answeredRps(r, order)
    const floorRps = answeredRps(floor, order)
    const cpu = r.cpuMsPerRequest ?? null
    const floorCpu = floor.cpuMsPerRequest ?? null
    out.push({
      key,
      label: r.label,
      rps,
      floor: floorKey,
      floorRps,
      share: floorRps > 0 ? rps / floorRps : null,
      answered: answered(r, order),
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
    lines.push(`| ${floorLabel(key, t.kind)} | ${answered(r, isOrder(key)) ? n0(r.rps) : `**${noAnswer(r)}**`} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${ms3(r.cpuMsPerRequest)} | ${r.loadAvg ?? '-'} |`)
  }
  lines.push(
    '',
    '| Store figure | req/s (orders: created/s) | floor | floor req/s | share of floor | server CPU ms/request | floor CPU ms/request | CPU vs floor |',
    '|---|---:|---|---:|---:|---:|---:|---:|',
  )
  for (const s of floorShares(t)) {
    lines.push(`| ${s.label} | ${s.answered ? n0(s.rps) : '**no successful answer**'} | ${s.floor} | ${n0(s.floorRps)} | ${pct(s.share)} | ${ms3(s.cpuMsPerRequest)} | ${ms3(s.floorCpuMsPerRequest)} | ${times(s.cpuRatio)} |`)
  }
  return lines.join('\n')
}

export interface Figures {
  mode: 'full' | 'quick' | 'partial' | 'scale'
  machine: Record<string, string | number>
  seconds: number
  connections: number
  /** Whether the store on PostgreSQL sent named statements (false with --no-prepared); absent in older runs. */
  preparedStatements?: boolean
  targets: TargetResult[]
  lighthouse: PageScore[]
  /** Slow-4G cold loads of home and the product page in Chromium (medians of PAGE_LOAD_RUNS). */
  pageLoads?: PageLoadResult[]
  /** The product page load as a strip of screenshots (its file from the repository root). */
  filmstrip?: (Omit<FilmstripResult, 'file'> & { file: string; url: string }) | null
  bundles: { routes: RouteJs[]; entryGzKb: number } | null
  scale: { baseline: string; products: number; orders: number } | null
  /** The production start on each database (startup.ts); absent when not measured. */
  startup?: StartupResult[]
}

export const BUDGETS = {
  catalogueP99Ms: 20,
  ceilingShare: 0.6,
  searchP99Ms: 50,
  orderRps: 300,
  hotOrderRps: 250,
  orderP99Ms: 100,
  /** Uncached list, category and detail: at least this share of the page-1k floor. */
  uncachedFloorShare: 0.5,
  /** Uncached search at 1 000 products: at least this many answers a second. */
  uncachedSearchRps: 1000,
  lighthouseScore: 95,
  lcpMs: 1800,
  tbtMs: 150,
  cls: 0.05,
  /** The product page's HTML, repeated URL (the public cache's case), 50 connections. */
  pageCachedRps: 5000,
  pageP99Ms: 20,
  productRouteGzKb: 100,
  scaleFactor: 2,
  /** Warm restart of the production start with existing data: spawn to ready. */
  startReadyMs: 1000,
  /** Its resident memory once idle (PostgreSQL). */
  startRssMb: 150,
} as const

/**
 * One budget: pass, miss, n/a (for information), or error (what it is compared with got no successful
 * answer, so the bench could not judge). `id` matches the same budget across databases.
 */
export interface Row {
  id: string
  budget: string
  figure: string
  target: string
  pass: boolean | null | 'error'
}

const n0 = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? '-' : Math.round(v).toLocaleString('en-US'))
const n1 = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? '-' : v.toFixed(1))
const pct = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '-' : `${Math.round(v * 100)} %`)
const mark = (pass: Row['pass']) => (pass === 'error' ? '**error**' : pass === null ? 'n/a' : pass ? 'pass' : '**miss**')
const BIG_TABLES = ['products', 'variants', 'orders', 'order_items', 'product_images']
/** A sequential scan reading at least this many rows is flagged whatever the table (new tables included). */
const BIG_SCAN_ROWS = 10_000

/**
 * Sequential scans on the big tables (by name, or any table when EXPLAIN ANALYZE shows the scan read at
 * least BIG_SCAN_ROWS rows), and the indexes a plan uses.
 */
export function planSummary(plan: string): { indexes: string[]; seqScans: string[] } {
  const indexes = [...plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g)].map((m) => m[1] as string)
  const seqScans: string[] = []
  const lines = plan.split('\n')
  for (const [i, line] of lines.entries()) {
    const m = /Seq Scan on (\w+)[^(]*(?:\(actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)\))?/.exec(line)
    if (!m) continue
    const table = m[1] as string
    let scanned = Number(m[2] ?? 0)
    // the node's own detail lines (before the next node, "->"): rows its filter removed
    for (const next of lines.slice(i + 1)) {
      if (next.includes('->')) break
      const removed = /Rows Removed by Filter: (\d+)/.exec(next)
      if (removed) scanned += Number(removed[1])
    }
    scanned *= Number(m[3] ?? 1)
    if (BIG_TABLES.includes(table) || scanned >= BIG_SCAN_ROWS) seqScans.push(table)
  }
  return { indexes: [...new Set(indexes)], seqScans: [...new Set(seqScans)] }
}

/** A p99 budget: a miss, saying so, when the figure got no successful answer (autocannon then reports 0 ms). */
function p99Row(id: string, budget: string, r: LoadResult, limitMs: number, order = false): Row {
  const ok = answered(r, order) > 0
  return { id, budget, figure: ok ? `${r.p99} ms` : noAnswer(r), target: `<= ${limitMs} ms`, pass: ok && r.p99 <= limitMs }
}

/** A throughput budget (orders: created orders a second). */
function rpsRow(id: string, budget: string, r: LoadResult, min: number, order = false): Row {
  const ok = answered(r, order) > 0
  return { id, budget, figure: ok ? n0(answeredRps(r, order)) : noAnswer(r), target: `>= ${n0(min)}`, pass: ok && answeredRps(r, order) >= min }
}

/** The budgets of one database's 1 000-product run (quick, full or partial). */
export function targetRows(t: TargetResult, connectionCount: number): Row[] {
  const out: Row[] = []
  for (const key of ['list', 'category', 'detail']) {
    const r = t.results[key]
    if (!r) continue
    const ceiling = t.ceilings[key]?.sql
    out.push(p99Row(`${key}:p99`, `${r.label}: p99`, r, BUDGETS.catalogueP99Ms))
    out.push({
      id: `${key}:ceiling`,
      budget: `${r.label}: req/s vs framework+database ceiling`,
      figure: ceiling ? `${n0(r.rps)} / ${n0(ceiling.rps)} = ${pct(r.rps / ceiling.rps)}` : n0(r.rps),
      target: `>= ${BUDGETS.ceilingShare * 100} %`,
      pass: ceiling ? r.rps >= ceiling.rps * BUDGETS.ceilingShare : null,
    })
  }
  const floor = t.floors?.['page-1k']
  for (const key of ['list-uncached', 'category-uncached', 'detail-uncached']) {
    const r = t.results[key]
    if (!r) continue
    const rps = answeredRps(r)
    const floorRps = floor ? answeredRps(floor) : 0
    const row: Row = { id: `${key}:floor`, budget: `${r.label}: share of the page-1k floor`, figure: '', target: `>= ${pct(BUDGETS.uncachedFloorShare)}`, pass: null }
    if (!answered(r)) Object.assign(row, { figure: noAnswer(r), pass: false })
    else if (!floor) Object.assign(row, { figure: `${n0(rps)} req/s, floor not measured`, pass: null })
    else if (!floorRps) Object.assign(row, { figure: `${n0(rps)} req/s, page-1k floor: ${noAnswer(floor)}`, pass: 'error' })
    else Object.assign(row, { figure: `${n0(rps)} / ${n0(floorRps)} = ${pct(rps / floorRps)}`, pass: rps >= floorRps * BUDGETS.uncachedFloorShare })
    out.push(row)
    const ceiling = t.ceilings[key.replace(/-uncached$/, '')]?.sql
    out.push({
      id: `${key}:info`,
      budget: `${r.label} (for information): p99, req/s vs framework+database ceiling`,
      figure: `${r.p99} ms, ${ceiling ? `${n0(r.rps)} / ${n0(ceiling.rps)} = ${pct(r.rps / ceiling.rps)}` : n0(r.rps)}`,
      target: `<= ${BUDGETS.catalogueP99Ms} ms, >= ${BUDGETS.ceilingShare * 100} %`,
      pass: null,
    })
  }
  for (const key of ['search-ar-uncached', 'search-fr-uncached']) {
    const r = t.results[key]
    if (!r) continue
    out.push(rpsRow(`${key}:rps`, `${r.label}: req/s at ${n0(t.products)} products`, r, BUDGETS.uncachedSearchRps))
  }
  for (const key of ['search-ar', 'search-fr', 'search-ar-uncached', 'search-fr-uncached']) {
    const r = t.results[key]
    if (!r) continue
    out.push(p99Row(`${key}:p99`, `${r.label}: p99 at ${n0(t.products)} products (the budget is set for 100 k: see the scale run)`, r, BUDGETS.searchP99Ms))
  }
  const page = t.results['page-cached']
  if (page) {
    out.push(rpsRow('page-cached:rps', `${page.label}: req/s`, page, BUDGETS.pageCachedRps))
    out.push(p99Row('page-cached:p99', `${page.label}: p99`, page, BUDGETS.pageP99Ms))
  }
  // an ad's visitors, each with a click id of their own, get the kept page too (apps/api pageAddress)
  const ad = t.results['page-ad']
  if (ad) {
    out.push(rpsRow('page-ad:rps', `${ad.label}: req/s`, ad, BUDGETS.pageCachedRps))
    out.push(p99Row('page-ad:p99', `${ad.label}: p99`, ad, BUDGETS.pageP99Ms))
  }
  const render = t.results['page-uncached']
  if (render) {
    out.push({
      id: 'page-uncached:info',
      budget: `${render.label} (for information): req/s, p99, server CPU per render`,
      figure: answered(render) ? `${n0(answeredRps(render))} req/s, p99 ${render.p99} ms, ${ms3(render.cpuMsPerRequest)} ms CPU/request` : noAnswer(render),
      target: '-',
      pass: null,
    })
  }
  const distinct = t.results['order-distinct']
  if (distinct) {
    out.push(rpsRow('order-distinct:rps', `${distinct.label}: orders/s`, distinct, BUDGETS.orderRps, true))
    out.push(p99Row('order-distinct:p99', `${distinct.label}: p99`, distinct, BUDGETS.orderP99Ms, true))
  }
  const hot = t.results['order-hot']
  if (hot) {
    out.push(rpsRow('order-hot:rps', `${hot.label}: orders/s`, hot, BUDGETS.hotOrderRps, true))
    out.push({ id: 'order-hot:p99', budget: `${hot.label}: p99 (for information)`, figure: answered(hot, true) ? `${hot.p99} ms` : noAnswer(hot), target: '-', pass: null })
  }
  if (t.oversold) {
    const h = t.oversold.hot
    out.push({
      id: 'oversold:hot',
      budget: 'Hot variant: oversold (stock never negative, units taken = units in the run\'s orders)',
      figure: `stock ${n0(h.initialStock)} → ${n0(h.finalStock)}, taken ${n0(h.unitsTaken)}, order lines ${n0(h.orderLines)}`,
      target: '0 oversold',
      pass: h.ok,
    })
    const so = t.oversold.sellOut
    out.push({
      id: 'oversold:sell-out',
      budget: `Sell-out race: ${connectionCount} connections for the last ${so.stock} units`,
      figure: `${so.created} orders, ${so.orderLines} lines, stock left ${so.finalStock}`,
      target: `exactly ${so.stock}, stock 0`,
      pass: so.ok,
    })
  }
  return out
}

/** The scale run's budgets: each figure at scale against the budget and against its 1 000-product figure, and EXPLAIN. */
export function scaleRows(base: TargetResult, big: TargetResult): Row[] {
  const out: Row[] = []
  const scaleNote = `${n0(big.products)} products / ${n0(big.orders)} orders`
  for (const [key, r] of Object.entries(big.results)) {
    const b = base.results[key]
    const order = isOrder(key)
    if (key === 'list' || key === 'category' || key === 'detail') out.push(p99Row(`${key}:p99`, `${r.label}: p99 at scale`, r, BUDGETS.catalogueP99Ms))
    if (key.startsWith('search')) out.push(p99Row(`${key}:p99`, `${r.label}: p99 over ${scaleNote}`, r, BUDGETS.searchP99Ms))
    if (b) {
      const rps = answeredRps(r, order)
      const baseRps = answeredRps(b, order)
      const bad = !answered(r, order) ? noAnswer(r) : !answered(b, order) ? `1 k: ${noAnswer(b)}` : ''
      // a baseline with no answer cannot be compared (error); the figure at scale with none is a miss
      const failed: Row['pass'] = !answered(r, order) ? false : 'error'
      out.push({
        id: `${key}:rps-2x`,
        budget: `${r.label}: ${order ? 'orders/s' : 'req/s'} at scale vs 1 k`,
        figure: bad || `${n0(rps)} vs ${n0(baseRps)} (${pct(rps / baseRps)})`,
        target: '>= 50 %',
        pass: bad ? failed : rps * BUDGETS.scaleFactor >= baseRps,
      })
      out.push({
        id: `${key}:p99-2x`,
        budget: `${r.label}: p99 at scale vs 1 k`,
        figure: bad || `${r.p99} vs ${b.p99} ms`,
        target: '<= 2x',
        pass: bad ? failed : r.p99 <= Math.max(1, b.p99) * BUDGETS.scaleFactor,
      })
    }
    // every captured request (the catalogue reads, cached and uncached, tracking, the admin list) has its EXPLAIN
    const plans = big.explains[key] ?? []
    if (plans.length) {
      const seq = [...new Set(plans.flatMap((p) => planSummary(p.plan).seqScans))]
      out.push({ id: `${key}:explain`, budget: `${r.label}: EXPLAIN uses indexes`, figure: seq.length ? `seq scan on ${seq.join(', ')}` : 'no seq scan on big tables', target: 'index', pass: seq.length === 0 })
    } else if (r.statements !== undefined) {
      out.push({ id: `${key}:explain`, budget: `${r.label}: EXPLAIN uses indexes`, figure: 'no statement captured', target: 'index', pass: 'error' })
    }
  }
  return out
}

/** The production start's budgets on one database: warm ready time and idle memory (medians of the restarts). */
export function startupRows(r: StartupResult): Row[] {
  const s = startupSummary(r)
  return [
    {
      id: 'start:ready',
      budget: 'Production start, warm restart with existing data: spawn to /readyz 200 (median)',
      figure: s.readyMs === null ? 'not measured' : `${n0(s.readyMs)} ms`,
      target: `<= ${n0(BUDGETS.startReadyMs)} ms`,
      pass: s.readyMs === null ? 'error' : s.readyMs <= BUDGETS.startReadyMs,
    },
    {
      id: 'start:rss',
      budget: `Production start: resident memory after ${IDLE_MS / 1000} s idle (median)`,
      figure: s.rssMb === null ? 'not measured' : `${n1(s.rssMb)} MB`,
      target: `<= ${n0(BUDGETS.startRssMb)} MB`,
      pass: s.rssMb === null ? 'error' : s.rssMb <= BUDGETS.startRssMb,
    },
  ]
}

/** The start the budgets are judged on: PostgreSQL when measured, else the last one. */
const primaryStartup = (f: Figures) => f.startup?.find((x) => x.kind === 'postgres') ?? f.startup?.[f.startup.length - 1]

/** PGlite's start beside PostgreSQL's (for information). */
const besideStartup = (f: Figures) => (primaryStartup(f)?.kind === 'postgres' ? f.startup?.find((x) => x.kind === 'pglite') : undefined)

function rows(f: Figures): Row[] {
  if (f.mode === 'scale') {
    const [base, big] = f.targets
    return base && big ? scaleRows(base, big) : []
  }
  const out: Row[] = []
  const t = primary(f)
  if (t) {
    const on = t.kind === 'postgres' ? '' : ' (PGlite: no PostgreSQL)'
    out.push(...targetRows(t, f.connections).map((r) => ({ ...r, budget: `${r.budget}${on}` })))
  }
  out.push(...lighthouseRows(f.lighthouse), ...pageLoadRows(f.pageLoads ?? []))
  const start = primaryStartup(f)
  if (start) out.push(...startupRows(start).map((r) => ({ ...r, budget: `${r.budget}${start.kind === 'postgres' ? '' : ' (PGlite: no PostgreSQL)'}` })))
  const productJs = f.bundles?.routes.find((r) => r.route === '/product/:productId')
  if (productJs) {
    out.push({ id: 'bundle:product', budget: 'Product route JavaScript (entry + chunks, gzipped)', figure: `${n1(productJs.totalGzKb)} KB`, target: `<= ${BUDGETS.productRouteGzKb} KB`, pass: productJs.totalGzKb <= BUDGETS.productRouteGzKb })
  }
  return out
}

/** Lighthouse's budget pages (home, collection, a category, the product): score, LCP, TBT and CLS, each the median of its runs. */
export function lighthouseRows(pages: readonly PageScore[]): Row[] {
  const out: Row[] = []
  for (const page of pages) {
    if (!['home', 'collection', 'category', 'product'].includes(page.name)) continue
    const of = `Lighthouse mobile, ${page.name}${page.runs ? ` (median of ${page.runs.length})` : ''}`
    out.push({ id: `lighthouse:${page.name}:score`, budget: `${of}: performance`, figure: page.score === null ? `failed` : String(page.score), target: `>= ${BUDGETS.lighthouseScore}`, pass: page.score === null ? false : page.score >= BUDGETS.lighthouseScore })
    out.push({ id: `lighthouse:${page.name}:lcp`, budget: `${of}: LCP`, figure: page.lcpMs === null ? '-' : `${(page.lcpMs / 1000).toFixed(2)} s`, target: `<= ${BUDGETS.lcpMs / 1000} s`, pass: page.lcpMs === null ? false : page.lcpMs <= BUDGETS.lcpMs })
    out.push({ id: `lighthouse:${page.name}:tbt`, budget: `${of}: TBT`, figure: page.tbtMs === null ? '-' : `${n0(page.tbtMs)} ms`, target: `<= ${BUDGETS.tbtMs} ms`, pass: page.tbtMs === null ? false : page.tbtMs <= BUDGETS.tbtMs })
    out.push({ id: `lighthouse:${page.name}:cls`, budget: `${of}: CLS`, figure: page.cls === null ? '-' : page.cls.toFixed(3), target: `<= ${BUDGETS.cls}`, pass: page.cls === null ? false : page.cls <= BUDGETS.cls })
  }
  return out
}

const sec = (v: number | null | undefined) => (v === null || v === undefined ? '-' : `${(v / 1000).toFixed(2)} s`)

/** The Slow-4G loads: first contentful paint and the main image visible, each the median of the cold loads. */
export function pageLoadRows(pages: readonly PageLoadResult[]): Row[] {
  const out: Row[] = []
  for (const p of pages) {
    const m = p.median
    const settledLoads = p.runs.filter((r) => !r.error).length
    const of = `Slow 4G, CPU 4x, no cache, ${p.name} (median of ${settledLoads === p.runs.length ? settledLoads : `${settledLoads} of ${p.runs.length} loads: the others did not settle`})`
    out.push({ id: `page-load:${p.name}:fcp`, budget: `${of}: first contentful paint`, figure: m.fcpMs === null ? `not painted${p.error ? `: ${p.error.slice(0, 80)}` : ''}` : sec(m.fcpMs), target: `<= ${PAGE_LOAD_BUDGETS.fcpMs / 1000} s`, pass: m.fcpMs !== null && m.fcpMs <= PAGE_LOAD_BUDGETS.fcpMs })
    const how = m.imageVisibleFrom === 'lcp' ? 'its LCP entry' : m.imageVisibleFrom === 'resource' ? 'its bytes arrived; never the largest paint' : 'image not seen'
    out.push({
      id: `page-load:${p.name}:image`,
      budget: `${of}: main image visible`,
      figure: `${sec(m.imageVisibleMs)} (${how}; image loaded ${sec(m.imageLoadedMs)}, LCP ${sec(m.lcpMs)})`,
      target: `<= ${PAGE_LOAD_BUDGETS.imageVisibleMs / 1000} s`,
      pass: m.imageVisibleMs !== null && m.imageVisibleMs <= PAGE_LOAD_BUDGETS.imageVisibleMs,
    })
  }
  return out
}

/** The page loads' section: the conditions, the medians, each run, and the filmstrip. */
export function pageLoadSection(f: Figures): string {
  const pages = f.pageLoads ?? []
  if (!pages.length && !f.filmstrip) return ''
  const out = [
    '## Page load on a phone: Chromium, Slow 4G, CPU 4x, no cache',
    '',
    `Chromium (playwright-core, system browser), a fresh context per load: CDP \`Network.emulateNetworkConditions\` (${SLOW_4G.latencyMs} ms latency, ${n0(SLOW_4G.downloadBytesPerSecond)} bytes/s down = 1.6 Mbps, ${n0(SLOW_4G.uploadBytesPerSecond)} bytes/s up = 750 kbps), \`Emulation.setCPUThrottlingRate\` ${SLOW_4G.cpuSlowdown}, cache disabled, a 412x915 phone screen at DPR 2.625. Figures from the browser's own paint, largest-contentful-paint and resource timings, in seconds from the navigation's start; each the median of ${PAGE_LOAD_RUNS} cold loads. The main image is the one the largest paint ended on when it is an image; "image loaded" is when its bytes had arrived, "visible" its LCP entry (or, when it never was the largest paint, the arrival of its bytes).`,
    '',
    '| Page | URL | FCP | LCP | LCP element | Main image | Image loaded | Image LCP | Image visible | HTML received | Transferred KB |',
    '|---|---|---:|---:|---|---|---:|---:|---:|---:|---:|',
  ]
  const path = (url: string) => url.replace(/^http:\/\/127\.0\.0\.1:\d+/, '')
  for (const p of pages) {
    const m = p.median
    out.push(`| ${p.name} | ${path(p.url)} | ${sec(m.fcpMs)} | ${sec(m.lcpMs)} | ${m.lcpElement ?? '-'} | ${m.imageStem ? `\`${m.imageStem}\`` : '-'} | ${sec(m.imageLoadedMs)} | ${sec(m.imageLcpMs)} | ${sec(m.imageVisibleMs)} | ${sec(m.documentMs)} | ${n1(m.transferKb)} |`)
  }
  if (pages.length) {
    out.push('', 'Each load:', '', '| Page | Load | FCP | LCP | LCP image | Image loaded | Image LCP | HTML received | Transferred KB |', '|---|---:|---:|---:|---|---:|---:|---:|---:|')
    for (const p of pages) {
      for (const [i, r] of p.runs.entries()) out.push(`| ${p.name} | ${i + 1}${r.error ? ` (${r.error})` : ''} | ${sec(r.fcpMs)} | ${sec(r.lcpMs)} | ${r.lcpUrl ? `\`${path(r.lcpUrl)}\`` : r.lcpElement ?? '-'} | ${sec(r.imageLoadedMs)} | ${sec(r.imageLcpMs)} | ${sec(r.documentMs)} | ${n1(r.transferKb)} |`)
      if (p.error) out.push(`| ${p.name} | failed | ${p.error.slice(0, 120)} | | | | | | |`)
    }
  }
  if (f.filmstrip) {
    const s = f.filmstrip
    out.push('', `Filmstrip of one more load of ${s.url} (a frame every 250 ms, 0-6 s; FCP ${sec(s.timings.fcpMs)}, image visible ${sec(s.timings.imageVisibleMs)} in that load): \`${s.file}\` (${s.frames} screencast frames).`)
  }
  return out.join('\n')
}

/** The target the budgets are judged on: PostgreSQL when measured, else the last one. */
const primary = (f: Figures) => f.targets.find((x) => x.kind === 'postgres') ?? f.targets[f.targets.length - 1]

/** The PGlite target beside PostgreSQL's (none in a scale run, or without both databases). */
const besidePglite = (f: Figures) => (f.mode !== 'scale' && primary(f)?.kind === 'postgres' ? f.targets.find((x) => x.kind === 'pglite') : undefined)

/**
 * The budgets with pass/miss, judged on PostgreSQL; when PGlite was measured too, its figure for the same
 * budget (and whether it would pass) in a column beside, for information.
 */
export function budgetTable(f: Figures): string {
  const all = rows(f)
  const liteStart = besideStartup(f)
  const pglite = besidePglite(f) ?? liteStart
  const other = new Map([...(besidePglite(f) ? targetRows(besidePglite(f) as TargetResult, f.connections) : []), ...(liteStart ? startupRows(liteStart) : [])].map((r) => [r.id, r]))
  const lines = pglite
    ? ['| Budget | Figure | Target | Result | PGlite figure (for information) |', '|---|---|---|---|---|']
    : ['| Budget | Figure | Target | Result |', '|---|---|---|---|']
  for (const r of all) {
    const o = other.get(r.id)
    lines.push(`| ${r.budget} | ${r.figure} | ${r.target} | ${mark(r.pass)} |${pglite ? ` ${o ? `${o.figure} (${mark(o.pass)})` : '-'} |` : ''}`)
  }
  const missed = all.filter((r) => r.pass === false).length
  const errors = all.filter((r) => r.pass === 'error').length
  const passed = all.filter((r) => r.pass === true).length
  lines.push('', `${passed} of ${all.length} budgets pass, ${missed} missed${errors ? `, ${errors} could not be judged (error: what they are compared with got no successful answer)` : ''}.`)
  return lines.join('\n')
}

/**
 * PGlite beside PostgreSQL, figure by figure: successful answers a second (orders: created), p99 and the
 * share of each database's own floor; then the floors themselves. Empty unless both were measured.
 */
export function besideTable(f: Figures): string {
  const pg = f.targets.find((x) => x.kind === 'postgres')
  const lite = f.targets.find((x) => x.kind === 'pglite')
  if (f.mode === 'scale' || !pg || !lite) return ''
  const shares = (t: TargetResult) => new Map(floorShares(t).map((s) => [s.key, s.share]))
  const pgShares = shares(pg)
  const liteShares = shares(lite)
  const cell = (r: LoadResult | undefined, order: boolean) => (!r ? '- | -' : answered(r, order) ? `${n0(answeredRps(r, order))} | ${r.p99}` : `**${noAnswer(r)}** | -`)
  const ratio = (a: LoadResult | undefined, b: LoadResult | undefined, order: boolean) => {
    if (!a || !b) return '-'
    const x = answeredRps(a, order)
    const y = answeredRps(b, order)
    return x > 0 && y > 0 ? `${(y / x).toFixed(1)}x` : '-'
  }
  const lines = [
    '| Figure | PGlite req/s (orders: created/s) | PGlite p99 ms | PGlite share of its floor | PostgreSQL req/s (orders: created/s) | PostgreSQL p99 ms | PostgreSQL share of its floor | PostgreSQL / PGlite |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ]
  const keys = [...new Set([...Object.keys(lite.results), ...Object.keys(pg.results)])]
  for (const key of keys) {
    const a = lite.results[key]
    const b = pg.results[key]
    const order = isOrder(key)
    lines.push(`| ${(b ?? a)?.label ?? key} | ${cell(a, order)} | ${pct(liteShares.get(key))} | ${cell(b, order)} | ${pct(pgShares.get(key))} | ${ratio(a, b, order)} |`)
  }
  const floorKeys = [...new Set([...Object.keys(lite.floors ?? {}), ...Object.keys(pg.floors ?? {})])]
  for (const key of floorKeys) {
    const a = lite.floors?.[key]
    const b = pg.floors?.[key]
    const order = isOrder(key)
    lines.push(`| ${floorLabel(key)} | ${cell(a, order)} | - | ${cell(b, order)} | - | ${ratio(a, b, order)} |`)
  }
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
      `| ${r.label} | ${answered(r, isOrder(key)) ? n0(r.rps) : `**${noAnswer(r)}**`} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx}${codes ? ` (${codes})` : ''} | ${r.rssMb} | ${r.bytes === undefined ? '-' : n0(r.bytes)} | ${r.statements ?? '-'} | ${c?.bytes ? pct(r.rps / c.bytes.rps) : '-'} | ${c?.sql ? pct(r.rps / c.sql.rps) : '-'} | ${ms3(r.cpuMsPerRequest)} | ${r.loadAvg ?? '-'} |`,
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
    `- Load: autocannon on 127.0.0.1, ${f.connections} connections, ${f.seconds} s per figure (orders at least ${ORDER_MIN_SECONDS} s) after a warm-up whose requests still running are waited for; client, server and database share the machine's cores. Rate limits raised by environment; each order and tracking request comes from its own client address (X-Forwarded-For, TRUST_PROXY=127.0.0.1).`,
    ...(f.preparedStatements === undefined
      ? []
      : [`- PostgreSQL statements: ${f.preparedStatements ? 'named, prepared once per connection (the default)' : 'unnamed, parsed and planned each time (--no-prepared)'}`]),
    `- Whole run: ${Math.round(elapsedMs / 1000)} s`,
    '',
    '## Budgets',
    '',
    budgetTable(f),
    '',
  )
  if (f.startup?.length) out.push(startupSection(f.startup), '')
  const beside = besideTable(f)
  if (beside) out.push('## PGlite beside PostgreSQL', '', 'Each database against its own floors (the same bare tables and routes), measured in the same run.', '', beside, '')
  for (const t of f.targets) {
    out.push(
      `## API under load: ${t.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${n0(t.products)} products, ${n0(t.orders)} orders at start`,
      '',
      `Data generated with set-based SQL in ${n0(t.generateMs)} ms.`,
      '',
      loadTable(t),
      '',
    )
    const cache = Object.values(t.results).filter((r) => r.xCache)
    if (cache.length) out.push(`Public cache on the page HTML (\`x-cache\` of one more answer after each run; none: the HTML is not kept): ${cache.map((r) => `${r.label}: ${r.xCache}`).join('; ')}.`, '')
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
      `Each figure is the median of the page's runs (${f.lighthouse[0]?.runs?.length ?? 1} per page; each run's score in the last column).`,
      '',
      '| Page | URL | Performance | LCP s | TBT ms | CLS | JavaScript transferred KB | Total transferred KB | Runs: score, LCP s |',
      '|---|---|---:|---:|---:|---:|---:|---:|---|',
    )
    for (const p of f.lighthouse) {
      out.push(
        `| ${p.name} | ${p.url.replace(/^http:\/\/127\.0\.0\.1:\d+/, '')} | ${p.score ?? `failed${p.error ? `: ${p.error.slice(0, 80)}` : ''}`} | ${p.lcpMs === null ? '-' : (p.lcpMs / 1000).toFixed(2)} | ${n0(p.tbtMs)} | ${p.cls === null ? '-' : p.cls.toFixed(3)} | ${n1(p.jsKb)} | ${n1(p.totalKb)} | ${(p.runs ?? []).map((r) => `${r.score ?? 'failed'}, ${r.lcpMs === null ? '-' : (r.lcpMs / 1000).toFixed(2)}`).join('; ') || '-'} |`,
      )
    }
    out.push('')
  }
  const loads = pageLoadSection(f)
  if (loads) out.push(loads, '')
  if (f.bundles) {
    out.push(
      '## Storefront JavaScript per route (apps/web build, gzipped)',
      '',
      `Entry and the app it loads (every page needs them): ${n1(f.bundles.entryGzKb)} KB.`,
      '',
      '| Route | Chunk source | Entry + route, KB gz | Route beyond entry, KB gz | Files |',
      '|---|---|---:|---:|---:|',
    )
    for (const r of f.bundles.routes) out.push(`| ${r.route} | ${r.source} | ${n1(r.totalGzKb)} | ${n1(r.routeGzKb)} | ${r.files} |`)
    out.push('')
  }
  return `${out.join('\n')}\n`
}

/** Every start measured: the first one on an empty database, each warm restart, the memory once idle, the exit codes. */
export function startupSection(all: StartupResult[]): string {
  const lines = [
    '## Production start (`node --enable-source-maps scripts/start.mjs`, as `npm start`)',
    '',
    `A first start on an empty database (migrations, reference data, the demo shop), then warm restarts on that data: spawn to the first 200 of \`/readyz\` (and the CPU time the process spent until then, which the machine's load does not inflate), then ${IDLE_MS / 1000} s idle and VmRSS from /proc/<pid>/status, then SIGTERM.`,
    '',
    '| Database | first start ms | warm restarts, ready ms | median ms | CPU ms until ready | machine load | idle RSS MB | median MB | exit codes after SIGTERM |',
    '|---|---:|---|---:|---|---|---|---:|---|',
  ]
  for (const r of all) {
    const s = startupSummary(r)
    lines.push(
      `| ${r.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${n0(r.firstStartMs)} | ${r.readyMs.map(n0).join(', ')} | ${n0(s.readyMs)} | ${r.cpuMs.map(n0).join(', ')} | ${r.loadAvg.join(', ')} | ${r.rssMb.map(n1).join(', ')} | ${n1(s.rssMb)} | ${r.exitCodes.map((c) => (c === null ? 'killed' : String(c))).join(', ')}${s.gracefulStops ? '' : ' **(not all graceful)**'} |`,
    )
  }
  return lines.join('\n')
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
