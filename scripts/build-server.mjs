// Bundles the server (apps/api/src/server.ts) into apps/api/dist/server.js, and the job worker
// (apps/api/src/worker.ts, `npm run worker`) into apps/api/dist/worker.js: ESM for Node 20, with a
// source map (`node --enable-source-maps` shows the TypeScript lines in stack traces). Installed packages
// stay outside the bundle and load from node_modules as usual; the workspace packages (@shop/*) are
// TypeScript sources that Node cannot load, so they are bundled in.
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outdir = path.join(root, 'apps/api/dist')

/** Like esbuild's `packages: 'external'`, except for the workspace's own packages. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true }))
  },
}

const started = Date.now()
await rm(outdir, { recursive: true, force: true })
const result = await build({
  absWorkingDir: root,
  entryPoints: ['apps/api/src/server.ts', 'apps/api/src/worker.ts'],
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // stack traces need the mappings only; the sources are beside the bundle in the repository
  sourcesContent: false,
  tsconfig: 'apps/api/tsconfig.json',
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
})
const bytes = Object.entries(result.metafile.outputs).find(([file]) => file.endsWith('server.js'))?.[1].bytes ?? 0
process.stderr.write(`server bundle: apps/api/dist/server.js, ${Math.round(bytes / 1024)} KB, ${Date.now() - started} ms\n`)
