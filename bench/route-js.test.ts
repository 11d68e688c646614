/**
 * The storefront's JavaScript budget, checked on every `npm test` from a real build (a size is deterministic,
 * unlike a timing): what a phone fetches before the product page answers to taps, the entry with the app it
 * loads and the product page's chunk, gzipped.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { routeJavaScript } from './bundle.ts'
import { BUDGETS } from './report.ts'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

test(`the product route needs at most ${BUDGETS.productRouteGzKb} KB of gzipped JavaScript before it answers to taps`, async () => {
  const { routes, entryGzKb } = await routeJavaScript(repoRoot)
  const product = routes.find((route) => route.route === '/product/:productId')
  assert.ok(product, 'the product route is in the build')
  assert.ok(product.totalGzKb <= BUDGETS.productRouteGzKb, `product route: ${product.totalGzKb.toFixed(1)} KB gzipped (entry ${entryGzKb.toFixed(1)} KB)`)
  // every page is its own chunk beyond the entry, home included: a page never carries another page's code
  const home = routes.find((route) => route.route === '/')
  assert.ok(home && home.routeGzKb > 0, 'home is a chunk of its own')
  assert.ok(product.routeGzKb > 0 && product.totalGzKb - product.routeGzKb === entryGzKb)
})
