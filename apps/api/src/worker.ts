// `npm run worker`: the background jobs only (modules/jobs), no HTTP. For a shop running several API processes
// with JOBS=off, or jobs kept apart from the requests' CPU (docs/operations.md). The same app is built (every
// module registers its queues) against the same database; it never listens. SIGTERM/SIGINT: stops claiming,
// waits for running jobs up to SHUTDOWN_GRACE_MS, then exits (an aborted job runs again when its lease ends).
import { mkdir } from 'node:fs/promises'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { DatabaseUnreachableError, openDatabase } from './db/client.ts'
import { loggerOptions } from './http/logger.ts'

function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`)
  process.exit(1)
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message)
    throw error
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dir: config.pgliteDir,
    poolMax: Math.min(config.DATABASE_POOL_MAX, 5),
    applicationName: 'shop-worker',
  }).catch((error: unknown) => {
    if (error instanceof DatabaseUnreachableError) fail(error.message)
    throw error
  })
  if (database.kind === 'pglite') {
    // the embedded database belongs to one process: the API runs the jobs itself (JOBS=on)
    fail('the worker needs a PostgreSQL server (DATABASE_URL); with the embedded database the API process runs the jobs')
  }
  // the API may not have started yet: the migrations are idempotent and serialized across processes
  await database.migrate()
  await mkdir(config.mediaDir, { recursive: true })
  const app = await buildApp({ config, database, logger: loggerOptions(config.LOG_LEVEL) })
  if (config.NODE_ENV === 'test' && config.JOBS_TEST_QUEUE) {
    const { registerTestQueue } = await import('./modules/jobs/test-queue.ts')
    registerTestQueue(app)
  }
  await app.ready()

  // the runner's timers do not hold the process (an API process is held by its server): this one does
  const keepAlive = setInterval(() => {}, 60_000)
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    clearInterval(keepAlive)
    app.log.info({ signal }, 'worker stopping: finishing running jobs')
    try {
      await app.close() // stops the runner (jobs.plugin.ts): waits up to SHUTDOWN_GRACE_MS
      await database.close()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  app.jobs.start()
  app.log.info('worker started: running background jobs')
  process.stdout.write('worker: running background jobs\n')
}

main().catch((error: unknown) => {
  process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
