import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { JobRunner } from './job-runner.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The background jobs of this process: modules register their queues (`app.jobs.register`) and
     * recurring jobs (`app.jobs.every`); anyone enqueues with enqueueJob(db, ...) (jobs.repo.ts).
     */
    jobs: JobRunner
  }
}

/**
 * The job runner of the app: started when the server listens (JOBS=on, the default) or by the worker
 * (worker.ts), never by tests that only inject (they call `app.jobs.drain()`). On close it stops claiming,
 * waits for running jobs up to SHUTDOWN_GRACE_MS, then aborts them (their lease brings them back).
 */
export const jobsPlugin = fp(async (app: FastifyInstance, options: { config: Config; db: Db }) => {
  const runner = new JobRunner({ db: options.db, log: app.log.child({ module: 'jobs' }), pollMs: options.config.JOBS_POLL_MS })
  app.decorate('jobs', runner)
  if (options.config.JOBS === 'on') {
    app.addHook('onListen', async () => runner.start())
  }
  app.addHook('onClose', async () => runner.stop(options.config.SHUTDOWN_GRACE_MS))
})
