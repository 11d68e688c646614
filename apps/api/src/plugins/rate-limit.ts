import { sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { AppError } from '../http/app-error.ts'
import { maskPersonal } from '../http/logger.ts'

export type LimitName = 'LOGIN' | 'STAFF_LOGIN' | 'SIGNUP' | 'PASSWORD_RESET' | 'TRACKING' | 'COUPON' | 'ORDER' | 'ORDER_ADDRESS'

/** Fixed-window counters shared by every API process: in PostgreSQL, or in Redis when REDIS_URL is set. */
export interface RateLimitStore {
  /** Counts one hit on `key` and returns the hits in the current window and the seconds until it ends. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>
  /** The same for several keys at once (one statement, one commit), in the order given. */
  hitMany?(keys: string[], windowSeconds: number): Promise<{ count: number; resetInSeconds: number }[]>
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
    // One upsert for the address and the phone of a request instead of one each: half the round trips and
    // WAL flushes on every guest order and tracking request (measured by bench/). Keys are sorted so two
    // requests sharing keys lock the rows in the same order.
    async hitMany(keys, windowSeconds) {
      const unique = [...new Set(keys)].sort()
      const result = await db.execute<{ key: string; count: number; reset_in: number }>(sql`
        insert into rate_limits (key, count, reset_at)
        values ${sql.join(unique.map((key) => sql`(${key}, 1, now() + make_interval(secs => ${windowSeconds}))`), sql`, `)}
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning key, count, ceil(extract(epoch from reset_at - now()))::int as reset_in`)
      const rows = (result as unknown as { rows: { key: string; count: number; reset_in: number }[] }).rows
      return keys.map((key) => {
        const row = rows.find((r) => r.key === key)
        return { count: Number(row?.count ?? 1), resetInSeconds: Math.max(1, Number(row?.reset_in ?? windowSeconds)) }
      })
    },
    async close() {},
  }
}

export function redisStore(url: string, keyPrefix = ''): RateLimitStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false, keyPrefix })
  return {
    async hit(key, windowSeconds) {
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
      redis.disconnect()
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
  const store = options.config.REDIS_URL ? redisStore(options.config.REDIS_URL, options.config.REDIS_KEY_PREFIX) : databaseStore(options.db)
  app.addHook('onClose', async () => store.close())
  const limitKeys = async (name: LimitName, keys: string[]) => {
    const window = options.config[`RATE_LIMIT_${name}`]
    const hitMany = store.hitMany?.bind(store)
    if (hitMany && keys.length > 1) {
      const hits = await counted(keys, () => hitMany(keys, window.windowSeconds))
      const over = hits.find((h) => h.count > window.max)
      if (over) throw new AppError('TOO_MANY_REQUESTS', { data: { retryAfter: over.resetInSeconds } })
      return
    }
    for (const key of keys) {
      const { count, resetInSeconds } = await counted([key], () => store.hit(key, window.windowSeconds))
      if (count > window.max) {
        throw new AppError('TOO_MANY_REQUESTS', { data: { retryAfter: resetInSeconds } })
      }
    }
  }
  app.decorate('rateLimit', async (name: LimitName, request: FastifyRequest, ...extraKeys: string[]) => {
    // request.ip is the socket address unless TRUST_PROXY names the proxy: a forged X-Forwarded-For changes nothing
    await limitKeys(name, [`${name}:ip:${request.ip}`, ...extraKeys.map((k) => `${name}:${k}`)])
  })
  app.decorate('rateLimitKeys', async (name: LimitName, keys: string[]) => limitKeys(name, keys.map((k) => `${name}:${k}`)))
})
