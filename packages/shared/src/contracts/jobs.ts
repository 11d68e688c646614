import { z } from 'zod'
import { count, pagingQuery, paging, timestamp } from './http.ts'

/**
 * Background jobs (apps/api/src/modules/jobs): `queued` waits for its time, `running` is held by a worker
 * until its lease ends, `done` is kept a few days, `dead` failed its last attempt (the dead-letter list).
 */
export const JOB_STATUSES = ['queued', 'running', 'done', 'dead'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

/** `GET /admin/jobs`: the jobs of one status (the dead letters by default), newest first. */
export const jobListQuery = z.object({
  status: z.enum(JOB_STATUSES).default('dead'),
  queue: z.string().min(1).max(100).optional(),
  ...pagingQuery(50),
})

export const jobIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

export const jobEntry = z.object({
  _id: z.number().int(),
  queue: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: count,
  maxAttempts: count,
  /** A short text of the payload (e-mail addresses masked); the payload itself stays on the server. */
  summary: z.string(),
  lastError: z.string().nullable(),
  runAt: timestamp,
  createdAt: timestamp,
  finishedAt: timestamp.nullable(),
})
export type JobEntry = z.output<typeof jobEntry>

/** Jobs counted by status, per queue. */
export const jobQueueCounts = z.object({
  queue: z.string(),
  queued: count,
  running: count,
  done: count,
  dead: count,
})
export type JobQueueCounts = z.output<typeof jobQueueCounts>

export const jobListReply = z.object({ queues: z.array(jobQueueCounts), jobs: z.array(jobEntry), ...paging })
export type JobListPage = z.output<typeof jobListReply>

export const jobReply = z.object({ job: jobEntry })
