// The freshness check of scripts/build.mjs on a throwaway tree: what makes a build stale and what does not.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { inputStamp, isCurrent, staleTargets, TARGETS, writeStamp } from './build.mjs'

function tree() {
  const root = mkdtempSync(path.join(tmpdir(), 'build-stamp-'))
  const write = (file, text = 'x') => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  write('package-lock.json', '{}')
  write('web/src/main.tsx', 'main')
  write('web/src/page.tsx', 'page')
  write('shared/src/index.ts', 'shared')
  write('web/dist/index.html', '<html>')
  const web = { name: 'web', inputs: ['package-lock.json', 'web', 'shared'], outputs: ['web/dist/index.html'], command: ['true', []] }
  const api = { name: 'api', inputs: ['package-lock.json', 'api/src', 'shared'], outputs: ['api/dist/server.js'], command: ['true', []] }
  const options = { root, stamps: path.join(root, '.stamps') }
  const built = (target) => writeStamp(target, inputStamp(target, root), options.stamps)
  const stale = () => staleTargets([web, api], options).map((s) => s.target.name)
  return { root, write, web, api, options, built, stale, cleanup: () => rmSync(root, { recursive: true, force: true }) }
}

test('never built, or its output gone: stale; built from the same sources: current', () => {
  const t = tree()
  try {
    assert.deepEqual(t.stale(), ['web', 'api'])
    t.built(t.web)
    assert.deepEqual(t.stale(), ['api'], 'the api output is missing')
    t.write('api/src/server.ts', 'server')
    t.write('api/dist/server.js', 'bundle')
    t.built(t.api)
    assert.deepEqual(t.stale(), [])
    rmSync(path.join(t.root, 'web/dist'), { recursive: true })
    assert.deepEqual(t.stale(), ['web'])
  } finally {
    t.cleanup()
  }
})

test('a source saved again, changed in size, added or removed makes only the builds that read it stale', () => {
  const t = tree()
  try {
    t.write('api/src/server.ts', 'server')
    t.write('api/dist/server.js', 'bundle')
    t.built(t.web)
    t.built(t.api)
    const later = new Date(Date.now() + 5000)
    utimesSync(path.join(t.root, 'web/src/page.tsx'), later, later)
    assert.deepEqual(t.stale(), ['web'], 'a storefront source touched: the storefront only')
    t.built(t.web)
    t.write('shared/src/index.ts', 'shared, longer')
    assert.deepEqual(t.stale(), ['web', 'api'], 'a shared source: both')
    t.built(t.web)
    t.built(t.api)
    t.write('api/src/new-module.ts', 'new')
    assert.deepEqual(t.stale(), ['api'], 'a new file')
    t.built(t.api)
    rmSync(path.join(t.root, 'api/src/new-module.ts'))
    assert.deepEqual(t.stale(), ['api'], 'a removed file')
  } finally {
    t.cleanup()
  }
})

test('tests, installed packages and build outputs inside the inputs are not sources', () => {
  const t = tree()
  try {
    t.built(t.web)
    t.write('web/src/page.test.tsx', 'test')
    t.write('web/node_modules/.vite/deps.js', 'cache')
    t.write('web/dist/assets/index-abc.js', 'built')
    t.write('web/dist-server/entry.js', 'built')
    assert.equal(isCurrent(t.web, inputStamp(t.web, t.root), t.options), true)
  } finally {
    t.cleanup()
  }
})

test('the store has three builds, each with an output that says it was built', () => {
  assert.deepEqual(
    TARGETS.map((target) => [target.name, target.outputs]),
    [
      ['web', ['apps/web/dist/index.html', 'apps/web/dist-server/entry-server.js']],
      ['admin', ['apps/admin/dist/index.html']],
      ['server', ['apps/api/dist/server.js', 'apps/api/dist/worker.js']],
    ],
  )
})
