/**
 * Gzipped JavaScript per storefront route, from a build with a manifest (written to a temporary folder,
 * so apps/web/dist is left as the served build): the entry with its static imports and the app it loads
 * (main.tsx imports app/start.tsx once the page's photo is painted), plus the page's chunk with its static
 * imports (apps/web/src/app/routes.tsx lists which page is which chunk; home is one of them).
 */
import { execFile } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'

const run = promisify(execFile)

interface ManifestChunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
  isEntry?: boolean
}

export interface RouteJs {
  route: string
  source: string
  /** Entry + the app it loads + route chunk + everything they import statically, gzipped (what the page needs to answer to taps). */
  totalGzKb: number
  /** The route's own chunks beyond the entry. */
  routeGzKb: number
  files: number
}

export async function routeJavaScript(repoRoot: string): Promise<{ routes: RouteJs[]; entryGzKb: number }> {
  const outDir = path.join(os.tmpdir(), `bench-web-build-${process.pid}`)
  const webDir = path.join(repoRoot, 'apps/web')
  await run(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: webDir,
    maxBuffer: 10 * 1024 * 1024,
  })
  try {
    const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>
    const gz = new Map<string, number>()
    const size = async (file: string) => {
      if (!gz.has(file)) gz.set(file, gzipSync(await readFile(path.join(outDir, file))).length)
      return gz.get(file) as number
    }
    const closure = (key: string, into: Set<string>) => {
      const chunk = manifest[key]
      if (!chunk || into.has(chunk.file)) return
      into.add(chunk.file)
      for (const dep of chunk.imports ?? []) closure(dep, into)
    }
    const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry) ?? 'index.html'
    const entryFiles = new Set<string>()
    closure(entryKey, entryFiles)
    // the app the entry loads before the page answers to taps (not the pages routes.tsx loads lazily)
    for (const app of manifest[entryKey]?.dynamicImports ?? []) closure(app, entryFiles)
    let entryBytes = 0
    for (const f of entryFiles) if (f.endsWith('.js')) entryBytes += await size(f)

    const routesSource = await readFile(path.join(webDir, 'src/app/routes.tsx'), 'utf8')
    const routes: RouteJs[] = []
    // each page is its own chunk, home (path '') included
    const lazy = /path:\s*'([^']*)'[^\n]*?import\('\.\/(routes\/[^']+)'\)/g
    for (const match of routesSource.matchAll(lazy)) {
      const [, routePath, file] = match as unknown as [string, string, string]
      const key = `src/app/${file}`
      const files = new Set(entryFiles)
      closure(key, files)
      let total = 0
      for (const f of files) if (f.endsWith('.js')) total += await size(f)
      routes.push({ route: `/${routePath}`, source: key, totalGzKb: total / 1024, routeGzKb: (total - entryBytes) / 1024, files: files.size })
    }
    return { routes, entryGzKb: entryBytes / 1024 }
  } finally {
    await rm(outDir, { recursive: true, force: true })
  }
}
