import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { claimJobs, completeJob, enqueueJob, failJob, type JobRow, jobSignals, lockHeldJob } from './jobs.repo.ts'

export interface JobContext {
  jobId: number
  /** 1 on the first run, counted at each claim (a run cut by a dead worker counts too). */
  attempt: number
  log: FastifyBaseLogger
  /** Aborted when the job runs past its timeout or the process stops: stop work, the job runs again. */
  signal: AbortSignal
  /**
   * The job's effect and its completion in ONE transaction, for an effect that is a database write: the
   * effect commits exactly once, whatever crashes or retries. Throws JobLeaseLost (and writes nothing) when
   * this attempt no longer holds the job (its lease ended and another worker claimed it).
   */
  once<T>(effect: (tx: Db) => Promise<T>): Promise<T>
}

export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>

export interface JobQueueOptions {
  /** Jobs of this queue run at the same time in this process (1 by default). */
  concurrency?: number
  /** A run longer than this is aborted and retried; also the lease after which another worker may claim it (60 s). */
  timeoutMs?: number
  /** The delay before attempt `attempt + 1` after attempt `attempt` failed (exponential with jitter by default). */
  backoff?: (attempt: number) => number
}

/** Thrown by ctx.once when another claim took the job: this attempt's effect is not written. */
export class JobLeaseLost extends Error {
  constructor(jobId: number) {
    super(`job ${jobId}: the lease ended and another worker took the job`)
    this.name = 'JobLeaseLost'
  }
}

/**
 * An error a handler throws to say when to try again (a courier's 429 with Retry-After): `retryAfterMs`
 * replaces the backoff. Any error with a numeric `retryAfterMs` (or `details.retryAfterMs`, CourierError's) counts.
 * `retryable: false` (CourierError's `rejected`, `unauthorized`) makes the job dead at once.
 */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message)
    this.name = 'RetryLater'
  }
}

/** 1 s, 2 s, 4 s... up to 1 h, each between half and all of it (jitter: retries of many jobs do not come together). */
export function exponentialBackoff(attempt: number, baseMs = 1000, maxMs = 3_600_000): number {
  const full = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(full / 2 + Math.random() * (full / 2))
}

function retryAfterOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined
  const own = (error as { retryAfterMs?: unknown }).retryAfterMs
  if (typeof own === 'number' && Number.isFinite(own)) return own
  const nested = (error as { details?: { retryAfterMs?: unknown } }).details?.retryAfterMs
  return typeof nested === 'number' && Number.isFinite(nested) ? nested : undefined
}

function isPermanent(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && (error as { retryable?: unknown }).retryable === false)
}

function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return String(error)
}

interface Queue {
  handler: JobHandler
  concurrency: number
  timeoutMs: number
  backoff: (attempt: number) => number
  running: number
}

interface Running {
  job: JobRow
  controller: AbortController
  done: Promise<void>
  /** Set when shutdown gave up on the run: nothing more is written for it, its lease brings it back. */
  abandoned: boolean
}

export interface JobRunnerOptions {
  db: Db
  log: FastifyBaseLogger
  /** How often the runner looks for due jobs when nothing wakes it (1 s). */
  pollMs?: number
}

/**
 * Runs the jobs of the queues registered here: every `pollMs`, and at once when this process enqueues or
 * a run ends. Several runners (processes) share one database; the claim (SKIP LOCKED) keeps a job to one.
 */
export class JobRunner {
  private readonly queues = new Map<string, Queue>()
  private readonly recurring: { queue: string; intervalMs: number; payload: unknown; lastSlot: number }[] = []
  private readonly running = new Set<Running>()
  private readonly db: Db
  private readonly log: FastifyBaseLogger
  private readonly pollMs: number
  private timer: NodeJS.Timeout | null = null
  private started = false
  private stopping = false
  private ticking: Promise<number> | null = null
  private tickAgain = false
  private readonly onEnqueued = (queue: string) => {
    if (this.queues.has(queue) || this.recurring.some((r) => r.queue === queue)) this.wakeSoon()
  }

  constructor(options: JobRunnerOptions) {
    this.db = options.db
    this.log = options.log
    this.pollMs = options.pollMs ?? 1000
  }

  /** Handles the jobs of `queue` in this process (each queue once per process). */
  register(queue: string, handler: JobHandler, options: JobQueueOptions = {}): void {
    if (this.queues.has(queue)) throw new Error(`job queue ${queue} is already registered`)
    this.queues.set(queue, {
      handler,
      concurrency: Math.max(1, options.concurrency ?? 1),
      timeoutMs: Math.max(10, options.timeoutMs ?? 60_000),
      backoff: options.backoff ?? ((attempt) => exponentialBackoff(attempt)),
      running: 0,
    })
  }

  /**
   * A job of `queue` every `intervalMs`: one per time slot (floor(now / interval)), its dedup key the slot's,
   * so several processes schedule each slot once. The queue's handler is registered apart (register).
   */
  every(queue: string, intervalMs: number, payload: unknown = {}): void {
    if (intervalMs < 1000) throw new Error('a recurring job runs at most once a second')
    this.recurring.push({ queue, intervalMs, payload, lastSlot: -1 })
  }

  get isStarted(): boolean {
    return this.started
  }

  /** Starts polling (the API after listen, or the worker). */
  start(): void {
    if (this.started || this.stopping) return
    this.started = true
    jobSignals.on('enqueued', this.onEnqueued)
    this.schedule(0)
  }

  /**
   * Stops claiming, waits up to `graceMs` for the running jobs, then aborts those left: nothing more is
   * written for them and their lease brings them back to a worker later.
   */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true
    jobSignals.off('enqueued', this.onEnqueued)
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.ticking?.catch(() => 0)
    const runs = [...this.running]
    if (runs.length === 0) return
    let timer: NodeJS.Timeout | undefined
    const graceOver = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), graceMs)
    })
    const outcome = await Promise.race([Promise.all(runs.map((r) => r.done)).then(() => 'finished' as const), graceOver])
    clearTimeout(timer)
    if (outcome === 'late') {
      for (const run of this.running) {
        run.abandoned = true
        run.controller.abort(new Error('the process is stopping'))
      }
      this.log.warn({ jobs: [...this.running].map((r) => r.job.id) }, 'jobs still running at shutdown were aborted; they run again when their lease ends')
    }
  }

  /**
   * Runs every job due now and those they make due, until none is left (tests and one-off scripts; the
   * started runner does this by itself). Returns how many runs there were.
   */
  async drain(): Promise<number> {
    let total = 0
    for (;;) {
      const claimed = await this.tick()
      await Promise.all([...this.running].map((r) => r.done))
      total += claimed
      if (claimed === 0) return total
    }
  }

  private wakeSoon(): void {
    if (!this.started || this.stopping) return
    // now, and once more shortly: a job enqueued inside a transaction is visible only after its commit
    this.schedule(0)
    setTimeout(() => this.schedule(0), 50).unref()
  }

  private schedule(delayMs: number): void {
    if (!this.started || this.stopping) return
    if (this.ticking) {
      this.tickAgain = true
      return
    }
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = null
      void this.tick().finally(() => {
        const again = this.tickAgain
        this.tickAgain = false
        this.schedule(again ? 0 : this.pollMs)
      })
    }, delayMs)
    this.timer.unref()
  }

  /** One look: the recurring slots scheduled, then as many due jobs claimed as each queue has free slots. */
  private tick(): Promise<number> {
    if (this.ticking) return this.ticking
    this.ticking = (async () => {
      let claimed = 0
      try {
        await this.scheduleRecurring()
        for (const [name, queue] of this.queues) {
          const free = queue.concurrency - queue.running
          if (free <= 0 || this.stopping) continue
          const jobs = await claimJobs(this.db, name, free, queue.timeoutMs)
          for (const job of jobs) this.run(name, queue, job)
          claimed += jobs.length
        }
      } catch (error) {
        this.log.warn({ err: error }, 'job runner: looking for due jobs failed; next try at the next poll')
      }
      return claimed
    })().finally(() => {
      this.ticking = null
    })
    return this.ticking
  }

  private async scheduleRecurring(): Promise<void> {
    const now = Date.now()
    for (const entry of this.recurring) {
      const slot = Math.floor(now / entry.intervalMs)
      if (slot === entry.lastSlot) continue
      await enqueueJob(this.db, entry.queue, entry.payload, { dedupKey: `every:${entry.queue}:${entry.intervalMs}:${slot}`, runAt: new Date(slot * entry.intervalMs) })
      entry.lastSlot = slot
    }
  }

  private run(name: string, queue: Queue, job: JobRow): void {
    const controller = new AbortController()
    const attempt = job.attempts
    const log = this.log.child({ job: job.id, queue: name, attempt })
    const run: Running = { job, controller, abandoned: false, done: Promise.resolve() }
    queue.running += 1
    this.running.add(run)
    const ctx: JobContext = {
      jobId: job.id,
      attempt,
      log,
      signal: controller.signal,
      once: (effect) =>
        this.db.transaction(async (tx) => {
          if (!(await lockHeldJob(tx, job.id, attempt))) throw new JobLeaseLost(job.id)
          const result = await effect(tx)
          await completeJob(tx, job.id, attempt)
          return result
        }),
    }
    run.done = (async () => {
      let timeout: NodeJS.Timeout | undefined
      try {
        if (attempt > job.maxAttempts) {
          // claimed again and again after its lease ended: the job kills or hangs its worker
          await failJob(this.db, job.id, attempt, job.lastError ?? 'the job never finished (its worker stopped or hung at every attempt)', 0, true)
          return
        }
        const timedOut = new Promise<never>((_, reject) => {
          timeout = setTimeout(() => {
            const error = new Error(`the job ran longer than ${queue.timeoutMs} ms`)
            controller.abort(error)
            reject(error)
          }, queue.timeoutMs)
        })
        await Promise.race([queue.handler(job.payload, ctx), timedOut])
        if (run.abandoned) return
        await completeJob(this.db, job.id, attempt)
      } catch (error) {
        if (run.abandoned || error instanceof JobLeaseLost) {
          log.warn({ err: error }, 'job attempt given up; the job is left to its next claim')
          return
        }
        const delay = retryAfterOf(error) ?? queue.backoff(attempt)
        const status = await failJob(this.db, job.id, attempt, errorText(error), delay, isPermanent(error)).catch((writeError: unknown) => {
          log.error({ err: writeError }, 'the failed job could not be recorded; it runs again when its lease ends')
          return null
        })
        if (status === 'dead') log.error({ err: error }, 'job failed its last attempt: dead')
        else log.warn({ err: error, retryInMs: delay }, 'job failed; it will be retried')
      } finally {
        clearTimeout(timeout)
        queue.running -= 1
        this.running.delete(run)
        // a free slot: look for the next job now
        this.schedule(0)
      }
    })().catch((error: unknown) => log.error({ err: error }, 'job runner error'))
  }
}
