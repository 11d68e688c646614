// `npm start`: builds what is missing or out of date (storefront, back office, server: scripts/build.mjs),
// then runs the built server (apps/api/dist/server.js) in this same process, so signals reach it directly
// (SIGTERM: graceful shutdown, exit 0). A fresh clone builds everything on its first start; later starts
// only check the stamps (a few milliseconds) and rebuild what a change of sources made stale.
import { buildTarget, staleTargets } from './build.mjs'

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
