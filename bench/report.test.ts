import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { LoadResult } from './load.ts'
import { budgetTable, type Figures, planSummary } from './report.ts'
import { result } from './test-results.ts'

const figures = (targets: Figures['targets'], mode: Figures['mode'] = 'full'): Figures => ({
  mode,
  machine: {},
  seconds: 10,
  connections: 50,
  targets,
  lighthouse: [],
  bundles: null,
  scale: mode === 'scale' ? { baseline: 'postgres', products: 100_000, orders: 1_000_000 } : null,
})

const target = (results: Record<string, LoadResult & { label: string }>, ceilings = {}) => ({
  kind: 'postgres' as const,
  products: 1000,
  orders: 1000,
  generateMs: 1,
  results,
  ceilings,
  oversold: null,
  explains: {},
})

test('plan summary names the indexes used and the sequential scans on big tables only', () => {
  const plan = `Limit
  ->  Incremental Sort
        ->  Index Scan using products_created_idx on products
  ->  Seq Scan on categories
  ->  Bitmap Index Scan on products_search_trgm
  ->  Parallel Seq Scan on orders`
  assert.deepEqual(planSummary(plan), { indexes: ['products_created_idx', 'products_search_trgm'], seqScans: ['orders'] })
})

test('a p99 over budget or a share under 60 % of the ceiling is a miss; within both is a pass', () => {
  const table = budgetTable(
    figures([
      target(
        { list: result({ label: 'List', p99: 25, rps: 700 }), detail: result({ label: 'Detail', p99: 12, rps: 610 }) },
        { list: { sql: result({ rps: 1000 }) }, detail: { sql: result({ rps: 1000 }) } },
      ),
    ]),
  )
  assert.match(table, /\| List: p99 \| 25 ms \| <= 20 ms \| \*\*miss\*\* \|/)
  assert.match(table, /\| List: req\/s vs framework\+database ceiling \| 700 \/ 1,000 = 70 % \| >= 60 % \| pass \|/)
  assert.match(table, /\| Detail: p99 \| 12 ms \| <= 20 ms \| pass \|/)
  assert.match(table, /1 missed/)
})

test('at scale, a figure with no answered request is a miss, not a 0 ms pass', () => {
  const base = target({ 'admin-orders': result({ label: 'Admin', p99: 300, rps: 300 }) })
  const big = target({ 'admin-orders': result({ label: 'Admin', p99: 0, rps: 0, requests: 0 }) })
  const table = budgetTable(figures([base, big], 'scale'))
  assert.match(table, /\| Admin: req\/s at scale vs 1 k \| 0 vs 300 \(0 %\) \| >= 50 % \| \*\*miss\*\* \|/)
  assert.match(table, /\| Admin: p99 at scale vs 1 k \| 0 vs 300 ms \| <= 2x \| \*\*miss\*\* \|/)
})
