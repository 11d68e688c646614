import assert from 'node:assert/strict'
import { test } from 'node:test'
import { cpuMsFromStat } from './load.ts'
import { floorShares, floorTable, markdownReport, type TargetResult } from './report.ts'
import { result } from './test-results.ts'

const target = (over: Partial<TargetResult>): TargetResult => ({
  kind: 'postgres',
  products: 1000,
  orders: 1000,
  generateMs: 1,
  results: {},
  ceilings: {},
  oversold: null,
  explains: {},
  ...over,
})

test('CPU time is utime + stime of /proc/<pid>/stat in milliseconds, even when the command name has spaces and parentheses', () => {
  // fields: pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
  const stat = '4242 (node (bench) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 11 0 12345'
  assert.equal(cpuMsFromStat(stat), 3250)
  assert.equal(cpuMsFromStat('garbage'), null)
})

test('each store figure is a share of its floor, with its CPU per request against the floor', () => {
  const t = target({
    results: {
      list: result({ label: 'List', rps: 3000, cpuMsPerRequest: 0.6 }),
      'list-uncached': result({ label: 'List, uncached', rps: 1000, cpuMsPerRequest: 1.5 }),
      quote: result({ label: 'Quote', rps: 9000 }),
      'order-distinct': result({ label: 'Orders, distinct', rps: 400, requests: 4000, codes: { '201': 3000, '409': 1000 }, cpuMsPerRequest: 2 }),
      'order-hot': result({ label: 'Orders, hot', rps: 200, requests: 2000, codes: { '201': 2000 } }),
    },
    floors: {
      'page-1k': result({ rps: 6000, cpuMsPerRequest: 0.3 }),
      'page-100k': result({ rps: 5000, cpuMsPerRequest: 0.3 }),
      'order-distinct': result({ rps: 1200, requests: 12000, codes: { '201': 12000 }, cpuMsPerRequest: 0.5 }),
      'order-hot': result({ rps: 800, requests: 8000, codes: { '201': 8000 } }),
    },
  })
  const shares = Object.fromEntries(floorShares(t).map((s) => [s.key, s]))
  assert.deepEqual(Object.keys(shares), ['list', 'list-uncached', 'order-distinct', 'order-hot'])
  assert.equal(shares.list?.floor, 'page-1k')
  assert.equal(shares.list?.share, 0.5)
  assert.equal(shares.list?.cpuRatio, 2)
  assert.equal(shares['list-uncached']?.share, 1000 / 6000)
  assert.equal(shares['list-uncached']?.cpuRatio, 5)
  // orders: created orders per second (201 only) against the floor's
  assert.equal(shares['order-distinct']?.rps, 300)
  assert.equal(shares['order-distinct']?.share, 0.25)
  assert.equal(shares['order-distinct']?.cpuRatio, 4)
  assert.equal(shares['order-hot']?.share, 0.25)
  assert.equal(shares['order-hot']?.cpuMsPerRequest, null)
  assert.equal(shares['order-hot']?.cpuRatio, null)

  const table = floorTable(t)
  assert.match(table, /\| Floor: 12-row page by an index, 1 000-row table \(bare Fastify \+ pg\) \| 6,000 \| 5 \| 10 \| 0 \| 0 \| 0\.300 \| 1 \|/)
  assert.match(table, /\| List \| 3,000 \| page-1k \| 6,000 \| 50 % \| 0\.600 \| 0\.300 \| 2\.0x \|/)
  assert.match(table, /\| Orders, distinct \| 300 \| order-distinct \| 1,200 \| 25 % \| 2\.000 \| 0\.500 \| 4\.0x \|/)
  assert.match(table, /\| Orders, hot \| 200 \| order-hot \| 800 \| 25 % \| - \| - \| - \|/)
  assert.doesNotMatch(table, /Quote/)
})

test('a target without floors (PGlite) has no share rows and no floor section', () => {
  const t = target({ kind: 'pglite', results: { list: result({ label: 'List' }) } })
  assert.deepEqual(floorShares(t), [])
  assert.equal(floorTable(t), '')
  const md = markdownReport({ mode: 'quick', machine: {}, seconds: 2, connections: 50, targets: [t], lighthouse: [], bundles: null, scale: null }, 1000)
  assert.doesNotMatch(md, /Floors/)
  assert.match(md, /server CPU ms\/request/)
})

test('a floor with no answered request gives no share instead of infinity', () => {
  const t = target({ results: { detail: result({ label: 'Detail', rps: 100 }) }, floors: { 'page-1k': result({ rps: 0, requests: 0 }) } })
  assert.equal(floorShares(t)[0]?.share, null)
  assert.match(floorTable(t), /\| Detail \| 100 \| page-1k \| 0 \| - \|/)
})
