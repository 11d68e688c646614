import { jobIdParams, jobListQuery, jobListReply, jobReply, nothing, ok } from '@shop/shared'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { AppError } from '../../http/app-error.ts'
import { paged } from '../../http/admin-common.ts'
import type { ShopTypeProvider } from '../../http/reply-serializer.ts'
import { requireStaff } from '../../plugins/session.ts'
import { maskEmail } from '../mail/mailer.ts'
import { deleteJob, jobCountsByQueue, jobExists, type JobRow, listJobs, retryDeadJob } from './jobs.repo.ts'

const EMAIL = /[^\s@"]+@[^\s@"]+\.[^\s@"]+/g

/** The payload as a short line for the owner: e-mail addresses masked, long texts cut. */
export function payloadSummary(payload: unknown): string {
  const text = JSON.stringify(payload ?? null) ?? 'null'
  const masked = text.replace(EMAIL, (address) => maskEmail(address))
  return masked.length > 160 ? `${masked.slice(0, 159)}…` : masked
}

const entryReply = (row: JobRow): z.input<typeof jobReply>['job'] => ({
  _id: row.id,
  queue: row.queue,
  status: row.status,
  attempts: row.attempts,
  maxAttempts: row.maxAttempts,
  summary: payloadSummary(row.payload),
  lastError: row.lastError,
  runAt: row.runAt,
  createdAt: row.createdAt,
  finishedAt: row.finishedAt,
})

/** The owner's view of the background jobs: counts per queue, a list by status, retry and delete. */
export async function jobsAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ShopTypeProvider>()
  const tags = ['admin: jobs']

  api.get(
    '/jobs',
    { schema: { tags, summary: 'Background jobs: counts by status per queue, and the jobs of one status (dead by default)', querystring: jobListQuery, response: ok(jobListReply) }, onRequest: requireStaff('jobs') },
    async (request, reply) => {
      const { page, limit } = request.query
      const [queues, { rows, total }] = await Promise.all([jobCountsByQueue(app.db), listJobs(app.db, request.query)])
      return reply.ok({ queues, jobs: rows.map(entryReply), ...paged(total, page, limit) })
    },
  )

  api.post(
    '/jobs/:id/retry',
    { schema: { tags, summary: 'Queue a dead job again now, its attempts counted afresh', params: jobIdParams, response: ok(jobReply) }, onRequest: requireStaff('jobs') },
    async (request, reply) => {
      const row = await retryDeadJob(app.db, request.params.id)
      if (!row) throw await missingOrBusy(request.params.id)
      return reply.ok({ job: entryReply(row) })
    },
  )

  api.delete(
    '/jobs/:id',
    { schema: { tags, summary: 'Delete a job no worker is running', params: jobIdParams, response: ok(nothing) }, onRequest: requireStaff('jobs') },
    async (request, reply) => {
      if (!(await deleteJob(app.db, request.params.id))) throw await missingOrBusy(request.params.id)
      return reply.ok(null)
    },
  )

  async function missingOrBusy(id: number): Promise<AppError> {
    return new AppError((await jobExists(app.db, id)) ? 'JOB_BUSY' : 'JOB_NOT_FOUND')
  }
}
