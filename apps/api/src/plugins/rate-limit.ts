import { type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { AppError } from '../http/app-error.ts'
import { maskPersonal } from '../http/logger.ts'

export type LimitName = 'LOGIN' | 'STAFF_LOGIN' | 'SIGNUP' | 'PASSWORD_RESET' | 'TRACKING' | 'COUPON' | 'ORDER' | 'ORDER_ADDRESS' | 'DRAFT' | 'CONFIRM_LINK' | 'WEBHOOK'

type Hit = { count: number; resetInSeconds: number }
export type LimitGroup = { keys: string[]; windowSeconds: number; max: number }

/** Fixed-window counters shared by every API process: in PostgreSQL, or in Redis when REDIS_URL is set. */
export interface RateLimitStore {
  /** Counts one hit on `key` and returns the hits in the current window and the seconds until it ends. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>
  /**
   * The same for groups of keys (one statement, one commit): each group is one limit (its window and
   * maximum); a group is counted only when no key of an earlier group went over its maximum (null:
   * not counted). Results in the order given.
   */
  hitMany?(groups: LimitGroup[]): Promise<(Hit[] | null)[]>
  close(): Promise<void>
}

export function databaseStore(db: Db): RateLimitStore {
  return {
    async hit(key, windowSeconds) {
      const result = await db.execute<{ count: number; reset_in: number }>(sql`
        insert into rate_limits (key, count, reset_at) values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, ceil(extract(epoch from reset_at - now()))::int as reset_in`)
      const row = (result as unknown as { rows: { count: number; reset_in: number }[] }).rows[0]
      return { count: Number(row?.count ?? 1), resetInSeconds: Math.max(1, Number(row?.reset_in ?? windowSeconds)) }
    },
    // One statement for the address and the phone of a request instead of one each, and for both order
    // limits: fewer round trips and WAL flushes on every guest order and tracking request (measured by
    // bench/).
    async hitMany(groups) {
      const counting = countingCtes(groups, (value) => sql`${value}`)
      const ctes = counting.ctes.map(({ name, body }) => sql`${sql.identifier(name)} as (${body})`)
      const result = await db.execute(sql`with ${sql.join(ctes, sql`, `)} ${counting.rows}`)
      return countsOf(groups, (result as unknown as { rows: HitRow[] }).rows)
    },
    async close() {},
  }
}

/** A counted key as the counting statement returns it: its group (its index), the key, the count and the seconds left. */
export type HitRow = { grp: number; key: string; count: number; reset_in: number }

/**
 * The counting of groups of keys as the CTEs g0, g1, … of one statement (for the database store's hitMany,
 * or inside another statement: the order's quote), and `rows`, the select of what they counted (HitRow).
 * Keys are sorted within a group, groups come in a fixed order, so two requests sharing keys lock the
 * rows in the same order. A later group's insert runs only when no row of an earlier one is over its
 * maximum: a refused attempt does not use up the looser limits after it. `value` writes a key, a window
 * or a maximum into the statement: a bound value, or a placeholder (`name`) of a statement built once.
 * `unless`, a condition of the statement, counts nothing when true (the order's quote: a replay of a
 * placed order).
 */
export function countingCtes(
  groups: LimitGroup[],
  value: (value: string | number, name: string) => SQL | Placeholder,
  unless?: SQL,
): { ctes: { name: string; body: SQL }[]; rows: SQL } {
  const ctes = groups.map((group, i) => {
    const unique = countedKeys(group)
    const conditions = [
      ...(unless ? [sql` and not ${unless}`] : []),
      ...groups.slice(0, i).map((_, j) => sql` and not exists (select 1 from ${sql.identifier(`g${j}`)} where over)`),
    ]
    const secs = value(group.windowSeconds, `limit${i}.window`)
    const body = sql`
      insert into rate_limits (key, count, reset_at)
      select v.key, 1, now() + make_interval(secs => v.secs)
      from (values ${sql.join(unique.map((key, j) => sql`(${value(key, `limit${i}.key${j}`)}::text, ${secs}::int)`), sql`, `)}) as v(key, secs)
      where true${sql.join(conditions, sql``)}
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning key, count, ceil(extract(epoch from reset_at - now()))::int as reset_in, count > ${value(group.max, `limit${i}.max`)}::int as over`
    return { name: `g${i}`, body }
  })
  const rows = sql.join(
    groups.map((_, i) => sql`select ${i}::int as grp, key, count, reset_in from ${sql.identifier(`g${i}`)}`),
    sql` union all `,
  )
  return { ctes, rows }
}

/** A group's keys as countingCtes counts them (and names their placeholders): once each, sorted. */
export function countedKeys(group: LimitGroup): string[] {
  return [...new Set(group.keys)].sort()
}

/** The values of countingCtes' placeholders for these groups. */
export function countingValues(groups: LimitGroup[]): Record<string, string | number> {
  const values: Record<string, string | number> = {}
  groups.forEach((group, i) => {
    values[`limit${i}.window`] = group.windowSeconds
    values[`limit${i}.max`] = group.max
    countedKeys(group).forEach((key, j) => (values[`limit${i}.key${j}`] = key))
  })
  return values
}

/** What countingCtes counted, per group in the order given, each key's count in the order of its keys (null: the group was not counted). */
export function countsOf(groups: LimitGroup[], rows: HitRow[]): (Hit[] | null)[] {
  return groups.map((group, i) => {
    const own = rows.filter((r) => Number(r.grp) === i)
    if (own.length === 0) return null
    return group.keys.map((key) => {
      const row = own.find((r) => r.key === key)
      return { count: Number(row?.count ?? 1), resetInSeconds: Math.max(1, Number(row?.reset_in ?? group.windowSeconds)) }
    })
  })
}

/** 429 TOO_MANY_REQUESTS (with the seconds until its window ends) at the first group with a key over its maximum. */
export function refuseOverLimit(groups: LimitGroup[], counts: (Hit[] | null)[]): void {
  for (const [i, group] of groups.entries()) {
    const over = counts[i]?.find((c) => c.count > group.max)
    if (over) throw new AppError('TOO_MANY_REQUESTS', { data: { retryAfter: over.resetInSeconds } })
  }
}

export function redisStore(url: string, keyPrefix = ''): RateLimitStore {
  // ioredis is loaded only by the processes that use it (REDIS_URL set); it connects as soon as it is loaded
  const connecting = import('ioredis').then(({ Redis }) => new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false, keyPrefix }))
  // a failed load is reported by the first hit (as a store failure), never as an unhandled rejection
  connecting.catch(() => {})
  return {
    async hit(key, windowSeconds) {
      const redis = await connecting
      const name = `rl:${key}`
      // the key is created with its expiry in the same transaction that counts (SET NX PX, then INCR): no
      // key is ever left without one, so Redis drops every counter by itself when its window ends
      const [, [, count], [, ttl]] = (await redis.multi().set(name, 0, 'PX', windowSeconds * 1000, 'NX').incr(name).pttl(name).exec()) as [
        unknown,
        [null, number],
        [null, number],
      ]
      // a counter left without one by an older version gets its expiry now
      if (ttl < 0) await redis.pexpire(name, windowSeconds * 1000)
      return { count, resetInSeconds: ttl > 0 ? Math.ceil(ttl / 1000) : windowSeconds }
    },
    async close() {
      ;(await connecting.catch(() => null))?.disconnect()
    },
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one attempt of `name` for each key (the client address, a phone, an e-mail) and throws
     * 429 TOO_MANY_REQUESTS with Retry-After when any is over its limit.
     */
    rateLimit(name: LimitName, request: FastifyRequest, ...extraKeys: string[]): Promise<void>
    /** The same for exactly the keys given (no address key added): for keys that combine the address with something else. */
    rateLimitKeys(name: LimitName, keys: string[]): Promise<void>
    /**
     * Several limits at once, each for exactly its keys: every key is counted (one statement on the
     * database store), then 429 when any is over its own limit.
     */
    rateLimitAll(limits: { name: LimitName; keys: string[] }[]): Promise<void>
    /**
     * The groups rateLimitAll would count (keys prefixed, the configured window and maximum) when the
     * counters are in the app's database, for a statement of the request's own to count them (countingCtes,
     * then refuseOverLimit): one round trip less. Null on Redis: count with rateLimitAll.
     */
    rateLimitGroups(limits: { name: LimitName; keys: string[] }[]): LimitGroup[] | null
  }
}

/** A key as the logs may show it: 'TRACKING:phone:05••••••67', 'LOGIN:email:s***@example.dz', 'LOGIN:ip'. */
export function loggableKey(key: string): string {
  return maskPersonal(key.replace(/:ip:.*$/, ':ip'))
}

/**
 * The store failed (database or Redis down): the error that reaches the error handler (and the log)
 * names the limit and its keys masked; the driver's error, whose query parameters are the full keys,
 * stays as the cause for the 503 decision and is logged without them (http/logger.ts).
 */
export class RateLimitStoreError extends Error {
  constructor(keys: string[], cause: unknown) {
    super(`rate-limit store failed for ${keys.map(loggableKey).join(', ')}`, { cause })
    this.name = 'RateLimitStoreError'
  }
}

async function counted<T>(keys: string[], run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw new RateLimitStoreError(keys, error)
  }
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { config: Config; db: Db }) => {
  const redisUrl = options.config.REDIS_URL
  const store = redisUrl ? redisStore(redisUrl, options.config.REDIS_KEY_PREFIX) : databaseStore(options.db)
  app.addHook('onClose', async () => store.close())
  /** Counts the keys of each limit in turn; 429 at the first limit with a key over its maximum (the later ones are not counted). */
  const groupsOf = (limits: { name: LimitName; keys: string[] }[]): LimitGroup[] => limits.map(({ name, keys }) => ({ keys, ...options.config[`RATE_LIMIT_${name}`] }))
  const limitKeys = async (limits: { name: LimitName; keys: string[] }[]) => {
    const groups = groupsOf(limits)
    const keys = groups.flatMap((g) => g.keys)
    const hitMany = store.hitMany?.bind(store)
    if (hitMany && keys.length > 1) {
      refuseOverLimit(groups, await counted(keys, () => hitMany(groups)))
      return
    }
    for (const group of groups) {
      for (const key of group.keys) {
        const { count, resetInSeconds } = await counted([key], () => store.hit(key, group.windowSeconds))
        if (count > group.max) throw new AppError('TOO_MANY_REQUESTS', { data: { retryAfter: resetInSeconds } })
      }
    }
  }
  app.decorate('rateLimit', async (name: LimitName, request: FastifyRequest, ...extraKeys: string[]) => {
    // request.ip is the socket address unless TRUST_PROXY names the proxy: a forged X-Forwarded-For changes nothing
    await limitKeys([{ name, keys: [`${name}:ip:${request.ip}`, ...extraKeys.map((k) => `${name}:${k}`)] }])
  })
  app.decorate('rateLimitKeys', async (name: LimitName, keys: string[]) => limitKeys([{ name, keys: keys.map((k) => `${name}:${k}`) }]))
  const prefixed = (limits: { name: LimitName; keys: string[] }[]) => limits.map(({ name, keys }) => ({ name, keys: keys.map((k) => `${name}:${k}`) }))
  app.decorate('rateLimitAll', async (limits: { name: LimitName; keys: string[] }[]) => limitKeys(prefixed(limits)))
  app.decorate('rateLimitGroups', (limits: { name: LimitName; keys: string[] }[]) => (redisUrl ? null : groupsOf(prefixed(limits))))
})
