import { type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { purgeDraftsStatement } from '../drafts/drafts.repo.ts'
import { purgeDoneJobsStatement } from '../jobs/jobs.repo.ts'

// Any fixed number (the migrations use 72_410_001): the advisory lock one purge run holds, so several API
// processes sharing the database never purge at the same time. Transaction-scoped, so it is released at
// commit and never leaks through a pooler in transaction mode.
const PURGE_LOCK = 72_410_002

export interface PurgeSettings {
  guestCartDays: number
  idempotencyHours: number
  /** Done background jobs are kept this many days (their dedup keys with them). */
  doneJobsDays?: number
  batchSize: number
}

export function purgeSettings(config: Config): PurgeSettings {
  return {
    guestCartDays: config.PURGE_GUEST_CART_DAYS,
    idempotencyHours: config.PURGE_IDEMPOTENCY_HOURS,
    doneJobsDays: config.PURGE_DONE_JOBS_DAYS,
    batchSize: config.PURGE_BATCH_SIZE,
  }
}

/** Rows removed per table by one run. */
export interface PurgeCounts {
  guestCarts: number
  cartMerges: number
  sessions: number
  resetCodes: number
  idempotencyKeys: number
  rateLimits: number
  /** Call-back drafts past the shop's draft_expiry_hours, or ordered since. */
  orderDrafts: number
  /** Background jobs done more than doneJobsDays ago (dead ones stay until the owner deletes them). */
  doneJobs: number
}

/**
 * Deletes the rows nothing will read again: guest carts idle for `guestCartDays` (their lines go with
 * them; a client's cart is never purged) and the merged guest-session records as old, expired sessions,
 * used or expired reset codes, order idempotency keys older than `idempotencyHours`, and rate-limit rows
 * whose window has ended, call-back drafts expired (shop_settings.draft_expiry_hours) or ordered since, and
 * background jobs done more than `doneJobsDays` ago.
 * At most `batchSize` rows per table. Returns null when another process is
 * purging (the lock is taken): one run at a time.
 */
export async function purgeStaleRows(db: Db, settings: PurgeSettings): Promise<PurgeCounts | null> {
  const { guestCartDays, idempotencyHours, batchSize } = settings
  return db.transaction(async (tx) => {
    const lock = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK}) as locked`)
    if (!rowsOf<{ locked: boolean }>(lock)[0]?.locked) return null
    const removed = async (statement: SQL) => rowsOf(await tx.execute(statement)).length
    const guestIdle = sql`now() - make_interval(days => ${guestCartDays})`
    return {
      // idle: neither the cart nor any of its lines changed since (an add touches the cart row)
      guestCarts: await removed(sql`
        delete from carts where id in (
          select c.id from carts c
          where c.session_id is not null
            and c.updated_at < ${guestIdle}
            and not exists (select 1 from cart_items i where i.cart_id = c.id and i.updated_at >= ${guestIdle})
          limit ${batchSize})
        returning 1`),
      cartMerges: await removed(sql`
        delete from cart_merges where session_id in (select session_id from cart_merges where merged_at < ${guestIdle} limit ${batchSize})
        returning 1`),
      sessions: await removed(sql`
        delete from sessions where token_hash in (select token_hash from sessions where expires_at < now() limit ${batchSize})
        returning 1`),
      resetCodes: await removed(sql`
        delete from password_reset_codes where id in (
          select id from password_reset_codes where used_at is not null or expires_at < now() limit ${batchSize})
        returning 1`),
      idempotencyKeys: await removed(sql`
        delete from idempotency_keys where (scope, key) in (
          select scope, key from idempotency_keys where created_at < now() - make_interval(hours => ${idempotencyHours}) limit ${batchSize})
        returning 1`),
      rateLimits: await removed(sql`
        delete from rate_limits where key in (select key from rate_limits where reset_at < now() limit ${batchSize})
        returning 1`),
      orderDrafts: await removed(purgeDraftsStatement(batchSize)),
      doneJobs: await removed(purgeDoneJobsStatement(settings.doneJobsDays ?? 7, batchSize)),
    }
  })
}

function rowsOf<T = unknown>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs one purge now (the schedule calls it); null when a run is already going on somewhere. */
    purgeNow(): Promise<PurgeCounts | null>
  }
}

/**
 * The purge on a schedule inside the app: started when the server listens (tests that only inject never
 * start it), every PURGE_INTERVAL_MINUTES, the timer unref'ed so it never keeps the process alive, and
 * stopped when the app closes. A run still going on when the next is due is not doubled.
 */
export const purgePlugin = fp(async (app: FastifyInstance, options: { config: Config; db: Db }) => {
  const settings = purgeSettings(options.config)
  let running: Promise<PurgeCounts | null> | null = null
  let timer: NodeJS.Timeout | null = null
  let first: NodeJS.Timeout | null = null

  const purgeNow = async (): Promise<PurgeCounts | null> => {
    if (running) return null
    running = purgeStaleRows(options.db, settings)
    try {
      const counts = await running
      if (counts && Object.values(counts).some((n) => n > 0)) app.log.info({ purged: counts }, 'stale rows purged')
      return counts
    } finally {
      running = null
    }
  }
  app.decorate('purgeNow', purgeNow)

  const minutes = options.config.PURGE_INTERVAL_MINUTES
  if (minutes === 0) return
  const tick = () => {
    if (app.isShuttingDown) return
    purgeNow().catch((error: unknown) => app.log.warn({ err: error }, 'purge of stale rows failed; next try at the next interval'))
  }
  app.addHook('onListen', async () => {
    if (timer) return
    // a first run soon after the start (processes restarted by a deploy all purge at most once), then every interval
    first = setTimeout(tick, Math.min(minutes * 60_000, 60_000))
    first.unref()
    timer = setInterval(tick, minutes * 60_000)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    if (first) clearTimeout(first)
    if (timer) clearInterval(timer)
    first = timer = null
    // a run in progress finishes before the database is closed
    await running?.catch(() => {})
  })
})
