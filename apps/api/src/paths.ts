/**
 * Where the server finds the files it reads at run time. The same code runs from its sources
 * (apps/api/src, under tsx: tests, `npm run dev`, the CLIs) and bundled into apps/api/dist/server.js
 * (`npm start`), so nothing is computed from a module's own place in the tree: the package root is the
 * first folder above this code that holds a package.json (apps/api in both cases), and every other
 * path is taken from it.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The first folder at or above `from` holding a package.json. */
export function packageRootOf(from: string): string {
  let dir = from
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`no package.json above ${from}`)
    dir = parent
  }
}

/** apps/api */
export const API_ROOT = packageRootOf(path.dirname(fileURLToPath(import.meta.url)))
/** The repository (the workspaces' root). */
export const REPO_ROOT = path.resolve(API_ROOT, '../..')

/** The versioned SQL migrations (drizzle-kit's output). */
export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle')
/** The Algeria reference data: wilayas, communes, default delivery prices (JSON). */
export const REFERENCE_DIR = path.join(API_ROOT, 'src/reference')
/** The built storefront (`npm run build -w @shop/web`). */
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist')
/** The storefront's server-rendering bundle, built with it. */
export const WEB_DIST_SERVER = path.join(REPO_ROOT, 'apps/web/dist-server')
/** The built storefront's page, which the server fills with each page's head. */
export const WEB_INDEX_HTML = path.join(WEB_DIST, 'index.html')
/** The built back office (`npm run build -w @shop/admin`). */
export const ADMIN_DIST = path.join(REPO_ROOT, 'apps/admin/dist')
