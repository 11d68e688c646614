import { mkdir } from 'node:fs/promises'
import { buildApp } from './app.ts'
import { bootstrap } from './bootstrap.ts'
import { ConfigError, loadConfig } from './config.ts'
import { DatabaseUnreachableError, openDatabase } from './db/client.ts'
import { loggerOptions } from './http/logger.ts'

/** Fails fast with one clear line (no stack trace) for the mistakes an operator can fix. */
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

  // phone numbers and session cookies never reach the logs (http/logger.ts)
  const logger = loggerOptions(config.LOG_LEVEL)

  let poolErrorLog: (error: Error) => void = () => {}
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dir: config.pgliteDir,
    poolMax: config.DATABASE_POOL_MAX,
    onPoolError: (error) => poolErrorLog(error),
  }).catch((error: unknown) => {
    if (error instanceof DatabaseUnreachableError) fail(error.message)
    throw error
  })

  await mkdir(config.mediaDir, { recursive: true })
  const app = await buildApp({ config, database, logger })
  poolErrorLog = (error) => app.log.warn({ err: error }, 'database connection lost; the pool will reconnect')
  await bootstrap(database, config, app.log)

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.isShuttingDown = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting')
      process.exit(1)
    }, config.SHUTDOWN_GRACE_MS)
    force.unref()
    try {
      await app.close() // stops accepting, waits for in-flight requests
      await database.close()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  try {
    await app.listen({ port: config.PORT, host: config.HOST })
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'EADDRINUSE') fail(`Port ${config.PORT} is already in use (set PORT to another one)`)
    if (code === 'EACCES') fail(`Not allowed to listen on port ${config.PORT}`)
    throw error
  }
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST
  process.stdout.write(
    `\n  Store:       http://${shown}:${config.PORT}/\n  Back office: http://${shown}:${config.PORT}/admin\n  Database:    ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.pgliteDir}`}\n\n`,
  )
}

main().catch((error: unknown) => {
  process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
