import assert from 'node:assert/strict'
import { test } from 'node:test'
import { budgetTable, type Figures, startupRows, startupSection } from './report.ts'
import { median, parseVmRssMb, type StartupResult, startupSummary } from './startup.ts'

const status = `Name:\tnode
VmPeak:\t 1260000 kB
VmRSS:\t  122880 kB
RssAnon:\t   80000 kB
`

const start = (over: Partial<StartupResult> = {}): StartupResult => ({
  kind: 'postgres',
  firstStartMs: 20_000,
  readyMs: [900, 700, 1200],
  cpuMs: [650, 640, 700],
  loadAvg: [1.2, 1.1, 1.3],
  rssMb: [120, 118.5, 125],
  exitCodes: [0, 0, 0, 0],
  ...over,
})

const figures = (startup: StartupResult[]): Figures => ({
  mode: 'partial',
  machine: {},
  seconds: 3,
  connections: 50,
  targets: [],
  lighthouse: [],
  bundles: null,
  scale: null,
  startup,
})

test('VmRSS is read from /proc/<pid>/status in MB; absent, it is null', () => {
  assert.equal(parseVmRssMb(status), 120)
  assert.equal(parseVmRssMb('Name:\tnode\n'), null)
})

test('the median of the warm restarts (odd and even counts; none is null)', () => {
  assert.equal(median([900, 700, 1200]), 900)
  assert.equal(median([4, 1, 3, 2]), 2.5)
  assert.equal(median([]), null)
})

test('a start is graceful only when every SIGTERM ended with exit code 0', () => {
  assert.equal(startupSummary(start()).gracefulStops, true)
  assert.equal(startupSummary(start({ exitCodes: [0, 1, 0] })).gracefulStops, false)
  assert.equal(startupSummary(start({ exitCodes: [0, null] })).gracefulStops, false)
})

test('ready within 1 s and 150 MB idle pass; over either is a miss; nothing measured cannot be judged', () => {
  const [ready, rss] = startupRows(start())
  assert.deepEqual([ready?.figure, ready?.pass, rss?.figure, rss?.pass], ['900 ms', true, '120.0 MB', true])
  const [slow, big] = startupRows(start({ readyMs: [1100, 1300, 900], rssMb: [151, 160, 149] }))
  assert.deepEqual([slow?.pass, big?.pass], [false, false])
  const [none, noRss] = startupRows(start({ readyMs: [], rssMb: [] }))
  assert.deepEqual([none?.pass, noRss?.pass], ['error', 'error'])
})

test('the budgets are judged on PostgreSQL, PGlite beside for information; the section lists every restart', () => {
  const table = budgetTable(figures([start({ kind: 'pglite', readyMs: [5000, 6000, 7000], rssMb: [390, 400, 410] }), start()]))
  const readyLine = table.split('\n').find((l) => l.includes('spawn to /readyz'))
  assert.match(readyLine ?? '', /\| 900 ms \| <= 1,000 ms \| pass \| 6,000 ms \(\*\*miss\*\*\) \|/)
  const rssLine = table.split('\n').find((l) => l.includes('resident memory'))
  assert.match(rssLine ?? '', /\| 120\.0 MB \| <= 150 MB \| pass \| 400\.0 MB \(\*\*miss\*\*\) \|/)
  const section = startupSection([start(), start({ kind: 'pglite', exitCodes: [0, 1] })])
  assert.match(section, /\| PostgreSQL \| 20,000 \| 900, 700, 1,200 \| 900 \| 650, 640, 700 \|/)
  assert.match(section, /\| PGlite .*\| 0, 1 \*\*\(not all graceful\)\*\* \|/)
})

test('PGlite alone: its start is the one judged, and says so', () => {
  const table = budgetTable(figures([start({ kind: 'pglite' })]))
  assert.match(table, /spawn to \/readyz 200 \(median\) \(PGlite: no PostgreSQL\) \| 900 ms/)
})
