import { EventEmitter } from 'node:events'
import type { JobStatus } from '@shop/shared'
import { and, count, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { jobs } from '../../db/schema.ts'

export type JobRow = typeof jobs.$inferSelect

export interface EnqueueOptions {
  /** A second enqueue of the same key is a no-op while the first job's row exists (done rows are purged after days). */
  dedupKey?: string
  /** Not before this moment (now by default). */
  runAt?: Date
  /** Attempts before the job is dead (8 by default). */
  maxAttempts?: number
}

export const DEFAULT_MAX_ATTEMPTS = 8

/**
 * Tells this process's runners that a job was enqueued, so they look at once instead of at their next poll.
 * A job enqueued inside a transaction is seen when that transaction commits: the runner looks again shortly.
 */
export const jobSignals = new EventEmitter()
jobSignals.setMaxListeners(100)

/**
 * Writes a job. Takes the caller's transaction (`Db` or a transaction): the job is written with the order,
 * or not at all. With a `dedupKey` already taken nothing is written and the existing job's id is returned.
 */
export async function enqueueJob(
  db: Db,
  queue: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<{ id: number; created: boolean }> {
  const values = {
    queue,
    payload: sql`${JSON.stringify(payload ?? null)}::jsonb`,
    dedupKey: options.dedupKey ?? null,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    ...(options.runAt ? { runAt: options.runAt } : {}),
  }
  // twice at most: the job holding the key may be deleted between the insert and the look-up
  for (let round = 0; round < 2; round += 1) {
    const inserted = await db.insert(jobs).values(values).onConflictDoNothing({ target: jobs.dedupKey }).returning({ id: jobs.id })
    if (inserted[0]) {
      jobSignals.emit('enqueued', queue)
      return { id: inserted[0].id, created: true }
    }
    const [existing] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.dedupKey, options.dedupKey as string))
    if (existing) return { id: existing.id, created: false }
  }
  throw new Error(`job ${queue}: its dedup key ${options.dedupKey} is held and released at once`)
}

/**
 * Claims up to `limit` due jobs of a queue: queued ones whose time has come, and running ones whose lease
 * ended (their worker died). Each claimed job is `running`, leased for `leaseMs`, its attempt counted.
 * SKIP LOCKED: two runners never claim the same row, nor wait for each other.
 */
export async function claimJobs(db: Db, queue: string, limit: number, leaseMs: number): Promise<JobRow[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.queue, queue),
        or(and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)), and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`))),
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(jobs)
    .set({
      status: 'running',
      lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      attempts: sql`${jobs.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(inArray(jobs.id, due))
    .returning()
}

/** The job as this attempt holds it: running, with this attempt's number (a later claim changed it). */
const heldBy = (id: number, attempt: number) => and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.attempts, attempt))

/** Locks the job's row for this attempt inside a transaction; false when the attempt lost its lease to another claim. */
export async function lockHeldJob(tx: Db, id: number, attempt: number): Promise<boolean> {
  const rows = await tx.select({ id: jobs.id }).from(jobs).where(heldBy(id, attempt)).for('update')
  return rows.length === 1
}

/** Marks the attempt done; false when it no longer held the job (already done by ctx.once, or claimed again). */
export async function completeJob(db: Db, id: number, attempt: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', lockedUntil: null, lastError: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(heldBy(id, attempt))
    .returning({ id: jobs.id })
  return rows.length === 1
}

/**
 * Records a failed attempt: queued again in `delayMs`, or dead (with its last error) when it was the last
 * attempt or `dead` is asked for (an error that retrying cannot mend).
 */
export async function failJob(db: Db, id: number, attempt: number, error: string, delayMs: number, dead = false): Promise<JobStatus | null> {
  const isDead = dead ? sql`true` : sql`${jobs.attempts} >= ${jobs.maxAttempts}`
  const rows = await db
    .update(jobs)
    .set({
      status: sql`case when ${isDead} then 'dead' else 'queued' end`,
      runAt: sql`case when ${isDead} then ${jobs.runAt} else now() + make_interval(secs => ${Math.max(0, delayMs) / 1000}) end`,
      finishedAt: sql`case when ${isDead} then now() end`,
      lockedUntil: null,
      lastError: error.slice(0, 2000),
      updatedAt: sql`now()`,
    })
    .where(heldBy(id, attempt))
    .returning({ status: jobs.status })
  return rows[0]?.status ?? null
}

// ---------------------------------------------------------------- the back office's view

export async function jobCountsByQueue(db: Db) {
  const rows = await db.select({ queue: jobs.queue, status: jobs.status, n: count() }).from(jobs).groupBy(jobs.queue, jobs.status).orderBy(jobs.queue)
  const byQueue = new Map<string, Record<JobStatus, number>>()
  for (const row of rows) {
    const counts = byQueue.get(row.queue) ?? { queued: 0, running: 0, done: 0, dead: 0 }
    counts[row.status] = Number(row.n)
    byQueue.set(row.queue, counts)
  }
  return [...byQueue].map(([queue, counts]) => ({ queue, ...counts }))
}

export async function listJobs(db: Db, query: { status: JobStatus; queue?: string | undefined; page: number; limit: number }) {
  const where = and(eq(jobs.status, query.status), query.queue ? eq(jobs.queue, query.queue) : undefined)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.updatedAt), desc(jobs.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(jobs).where(where),
  ])
  return { rows, total: Number(total?.n ?? 0) }
}

/** A dead job queued again now, with a fresh count of attempts; null when it is not dead (running, done, gone). */
export async function retryDeadJob(db: Db, id: number): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'queued', attempts: 0, runAt: sql`now()`, finishedAt: null, lockedUntil: null, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'dead')))
    .returning()
  if (row) jobSignals.emit('enqueued', row.queue)
  return row ?? null
}

export async function jobExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id))).length === 1
}

/** Deletes a job that no worker holds (a running one is left alone); false when there is none such. */
export async function deleteJob(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'done', 'dead'])))
    .returning({ id: jobs.id })
  return rows.length === 1
}

/** The purge's statement (modules/maintenance/purge.ts): done jobs finished more than `days` ago. */
export function purgeDoneJobsStatement(days: number, batchSize: number) {
  return sql`
    delete from jobs where id in (
      select id from jobs where status = 'done' and finished_at < now() - make_interval(days => ${days}) limit ${batchSize})
    returning 1`
}
