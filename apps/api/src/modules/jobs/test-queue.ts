// Tests only: a queue whose effect is a database row, loaded by worker.ts when NODE_ENV=test and
// JOBS_TEST_QUEUE=true (jobs.worker.test.ts kills such a worker mid-job). Never loaded otherwise.
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'

export const TEST_QUEUE = 'test.effect'

/**
 * Each job `{ n }` notes that it started (test_job_starts), works for `workMs`, then writes its effect
 * (test_job_effects) and completes in one transaction. The tables are the test's own.
 */
export function registerTestQueue(app: FastifyInstance): void {
  app.jobs.register(
    TEST_QUEUE,
    async (payload, ctx) => {
      const { n, workMs } = payload as { n: number; workMs: number }
      await app.db.execute(sql`insert into test_job_starts (job_id, n, attempt, pid) values (${ctx.jobId}, ${n}, ${ctx.attempt}, ${process.pid})`)
      await sleep(workMs, undefined, { signal: ctx.signal })
      await ctx.once(async (tx) => {
        await tx.execute(sql`insert into test_job_effects (job_id, n, pid) values (${ctx.jobId}, ${n}, ${process.pid})`)
      })
    },
    { concurrency: 2, timeoutMs: 1500, backoff: () => 0 },
  )
}
