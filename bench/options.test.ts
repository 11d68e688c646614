import assert from 'node:assert/strict'
import { test } from 'node:test'
import { browserOnly, browserRuns, ORDER_MIN_SECONDS, parseOptions } from './options.ts'

test('no option: the full run on both databases, 10 s per figure, 50 connections', () => {
  const o = parseOptions([])
  assert.equal(o.scale, false)
  assert.deepEqual(o.targets, ['pglite', 'postgres'])
  assert.deepEqual([o.seconds, o.warmup, o.connections, o.basePort], [10, 2, 50, 3700])
  assert.equal(o.onlyKeys, undefined)
  assert.deepEqual([o.build, o.lighthouse, o.help], [true, true, false])
})

test('--quick shortens the runs (3 s, orders at least 5 s); --only, --no-build and --no-lighthouse narrow them', () => {
  const o = parseOptions(['--quick', '--only', 'list,detail', '--no-build', '--no-lighthouse', '--targets', 'pglite'])
  assert.deepEqual([o.seconds, o.warmup, ORDER_MIN_SECONDS], [3, 1, 5])
  assert.deepEqual(o.onlyKeys, ['list', 'detail'])
  assert.deepEqual(o.targets, ['pglite'])
  assert.deepEqual([o.build, o.lighthouse], [false, false])
})

test('more than 1 000 products or orders is the scale run, on PostgreSQL only', () => {
  const o = parseOptions(['--products', '100000', '--orders', '1000000'])
  assert.equal(o.scale, true)
  assert.deepEqual(o.targets, ['postgres'])
})

test('browser measurements: all but the filmstrip by default; --only names them; the filmstrip when asked for', () => {
  const all = parseOptions([])
  assert.deepEqual([browserRuns(all, 'lighthouse'), browserRuns(all, 'page-load'), browserRuns(all, 'filmstrip'), browserOnly(all)], [true, true, false, false])
  assert.equal(browserRuns(parseOptions(['--no-lighthouse']), 'lighthouse'), false)
  const strip = parseOptions(['--only', 'filmstrip', '--filmstrip-out', 'docs/images/x.png'])
  assert.equal(strip.filmstripOut, 'docs/images/x.png')
  assert.deepEqual([browserRuns(strip, 'lighthouse'), browserRuns(strip, 'page-load'), browserRuns(strip, 'filmstrip'), browserOnly(strip)], [false, false, true, true])
  assert.equal(browserRuns(parseOptions(['--filmstrip-out', 'x.png']), 'filmstrip'), true)
  const mixed = parseOptions(['--only', 'page-cached,page-load'])
  assert.deepEqual([browserRuns(mixed, 'page-load'), browserRuns(mixed, 'lighthouse'), browserOnly(mixed)], [true, false, false])
})
