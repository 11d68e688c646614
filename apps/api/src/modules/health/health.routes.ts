import type { FastifyInstance } from 'fastify'

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // Liveness: the process answers. Never touches the database, so a database outage does not restart it.
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' })
  })

  // Readiness: this process can serve traffic (database reachable, not shutting down).
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    if (app.isShuttingDown) return reply.code(503).send({ status: 'shutting_down' })
    try {
      await withTimeout(app.database.ping(), 2_000)
      return reply.send({ status: 'ready', database: app.database.kind })
    } catch {
      return reply.code(503).send({ status: 'database_unavailable' })
    }
  })
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}
