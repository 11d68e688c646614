import assert from 'node:assert/strict'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { ADMIN_DIST, API_ROOT, MIGRATIONS_DIR, packageRootOf, REFERENCE_DIR, REPO_ROOT, WEB_DIST, WEB_DIST_SERVER, WEB_INDEX_HTML } from './paths.ts'

test('from the sources, the package root is apps/api and every run-time path is inside the repository', () => {
  assert.equal(JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')).name, '@shop/api')
  assert.equal(JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).name, 'khatwa-store')
  assert.ok(existsSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json')), 'the migrations journal')
  for (const file of ['wilayas.json', 'communes.json', 'delivery-prices.json']) assert.ok(existsSync(path.join(REFERENCE_DIR, file)), file)
  assert.equal(WEB_DIST, path.join(REPO_ROOT, 'apps/web/dist'))
  assert.equal(WEB_DIST_SERVER, path.join(REPO_ROOT, 'apps/web/dist-server'))
  assert.equal(WEB_INDEX_HTML, path.join(WEB_DIST, 'index.html'))
  assert.equal(ADMIN_DIST, path.join(REPO_ROOT, 'apps/admin/dist'))
})

test('the package root is the first folder above with a package.json, however deep the code sits', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'paths-'))
  try {
    writeFileSync(path.join(root, 'package.json'), '{}')
    mkdirSync(path.join(root, 'dist/chunks'), { recursive: true })
    assert.equal(packageRootOf(path.join(root, 'dist/chunks')), root)
    assert.equal(packageRootOf(root), root)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
})

test('bundled into a folder of apps/api, as the production build puts it, the module finds the same paths', async () => {
  // the bundle sits one level below the package root, like apps/api/dist/server.js
  const outdir = path.join(API_ROOT, `.paths-test-${process.pid}`)
  try {
    await build({ entryPoints: [path.join(API_ROOT, 'src/paths.ts')], outfile: path.join(outdir, 'paths.js'), bundle: true, format: 'esm', platform: 'node', logLevel: 'silent' })
    const bundled = (await import(pathToFileURL(path.join(outdir, 'paths.js')).href)) as typeof import('./paths.ts')
    assert.deepEqual(
      [bundled.API_ROOT, bundled.MIGRATIONS_DIR, bundled.REFERENCE_DIR, bundled.WEB_DIST, bundled.ADMIN_DIST],
      [API_ROOT, MIGRATIONS_DIR, REFERENCE_DIR, WEB_DIST, ADMIN_DIST],
    )
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
})
