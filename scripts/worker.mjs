// `npm run worker`: the background jobs without the HTTP server (apps/api/src/worker.ts), for a shop whose API
// processes run with JOBS=off (docs/operations.md). Like `npm start`, it builds what is missing or out of date
// first, then runs the built worker (apps/api/dist/worker.js) in this process, so SIGTERM reaches it directly.
import { buildTarget, staleTargets, TARGETS } from './build.mjs'

try {
  for (const { target, stamp } of staleTargets(TARGETS.filter((t) => t.name === 'server'))) {
    process.stderr.write(`worker: building the ${target.name} (missing or changed since its last build)\n`)
    buildTarget(target, stamp)
  }
} catch (error) {
  process.stderr.write(`error: the build failed, the worker was not started (${error instanceof Error ? error.message : String(error)})\n`)
  process.exit(1)
}

await import('../apps/api/dist/worker.js')
