// `npm start`: builds what is missing or out of date (storefront, back office, server: scripts/build.mjs),
// then runs the built server (apps/api/dist/server.js) in this same process, so signals reach it directly
// (SIGTERM: graceful shutdown, exit 0). A fresh clone builds everything on its first start; later starts
// only check the stamps (a few milliseconds) and rebuild what a change of sources made stale.
import module from 'node:module'
import path from 'node:path'
import { buildTarget, ROOT, staleTargets } from './build.mjs'

// Node 22.1 and later keep the compiled code of every module loaded (the store's bundle and node_modules) in
// this folder, so later starts skip most of the compiling; Node 20 has no such cache and goes on without it.
module.enableCompileCache?.(path.join(ROOT, 'node_modules/.cache/khatwa-compile'))

try {
  for (const { target, stamp } of staleTargets()) {
    process.stderr.write(`start: building the ${target.name} (missing or changed since its last build)\n`)
    buildTarget(target, stamp)
  }
} catch (error) {
  process.stderr.write(`error: the build failed, the store was not started (${error instanceof Error ? error.message : String(error)})\n`)
  process.exit(1)
}

await import('../apps/api/dist/server.js')
