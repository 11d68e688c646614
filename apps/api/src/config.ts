import path from 'node:path'
import { z } from 'zod'

/** Rate limits are configuration so tests and benchmarks can raise them: "count per window seconds". */
const limit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const match = /^(\d+)\/(\d+)$/.exec(value.trim())
      if (!match) {
        ctx.addIssue({ code: 'custom', message: 'expected "count/seconds", e.g. "10/60"' })
        return z.NEVER
      }
      return { max: Number(match[1]), windowSeconds: Number(match[2]) }
    })

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^rediss?:\/\//, 'must start with redis://').optional()),
  /** Prepended to every Redis key, so several shops (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().max(100).default(''),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /**
   * Without PUBLIC_URL, the host names the shop answers under in its page links (canonical, og:url, sitemap):
   * comma-separated; localhost, 127.0.0.1, ::1 and HOST are always listed. Any other Host header gets relative links.
   */
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Strict-Transport-Security max-age in seconds, sent only when PUBLIC_URL is https; 0 sends none. */
  HSTS_MAX_AGE: z.coerce.number().int().min(0).max(63_072_000).default(15_552_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().optional()),
  SMTP_HOST: z.preprocess(emptyAsUndefined, z.string().optional()),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.preprocess(emptyAsUndefined, z.string().optional()),
  SMTP_PASSWORD: z.preprocess(emptyAsUndefined, z.string().optional()),
  SMTP_FROM: z.preprocess(emptyAsUndefined, z.string().optional()),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  RATE_LIMIT_LOGIN: limit('10/60'),
  /** Back-office sign-in, counted per address and per account like the shoppers' login. */
  RATE_LIMIT_STAFF_LOGIN: limit('10/60'),
  RATE_LIMIT_SIGNUP: limit('5/600'),
  RATE_LIMIT_PASSWORD_RESET: limit('5/600'),
  RATE_LIMIT_TRACKING: limit('20/600'),
  RATE_LIMIT_COUPON: limit('20/60'),
  /** A customer's answers through the confirmation link, per address and per order. */
  RATE_LIMIT_CONFIRM_LINK: limit('10/600'),
  /**
   * Orders (guests and signed-in clients): counted per client address + phone and per client account, so
   * shoppers behind one carrier NAT address do not share a window; RATE_LIMIT_ORDER_ADDRESS is the looser
   * cap of one address whatever the phone.
   */
  RATE_LIMIT_ORDER: limit('5/3600'),
  RATE_LIMIT_ORDER_ADDRESS: limit('60/3600'),
  /**
   * Call-back drafts of the quick-order form (POST /drafts), per address and per phone: the form saves at
   * most one every few seconds while typing and one when the page is left.
   */
  RATE_LIMIT_DRAFT: limit('30/600'),
  /** Courier webhooks, per account: a courier sends bursts of status changes, never thousands a minute. */
  RATE_LIMIT_WEBHOOK: limit('600/60'),
  /**
   * The purge of stale rows, run inside the app (no cron): every PURGE_INTERVAL_MINUTES (0 turns it off),
   * one run at a time across every API process. Idle guest carts and merged guest-session records after
   * PURGE_GUEST_CART_DAYS, order idempotency keys after PURGE_IDEMPOTENCY_HOURS; expired sessions, used
   * or expired reset codes and ended rate-limit windows as soon as they are over. PURGE_BATCH_SIZE rows
   * at most per table and run (the rest goes at the next run).
   */
  /**
   * Background jobs (modules/jobs): `on` runs them in this API process (the default); `off` leaves them to
   * `npm run worker` processes on the same database (docs/operations.md). JOBS_POLL_MS: how often a runner
   * looks for due jobs when nothing wakes it.
   */
  JOBS: z.enum(['on', 'off']).default('on'),
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** Tests only (NODE_ENV=test): the worker also runs the test queue of modules/jobs/test-queue.ts. */
  JOBS_TEST_QUEUE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  PURGE_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  PURGE_GUEST_CART_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  PURGE_IDEMPOTENCY_HOURS: z.coerce.number().int().min(1).max(87_600).default(48),
  /** Finished (done) background jobs are kept this many days, then purged; dead ones stay until deleted. */
  PURGE_DONE_JOBS_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  PURGE_BATCH_SIZE: z.coerce.number().int().min(100).max(1_000_000).default(10_000),
  /**
   * The key secrets are encrypted with at rest (courier credentials, webhook secrets): base64 of 32 bytes
   * (`openssl rand -base64 32`). Unset: a key generated once into <DATA_DIR>/secrets.key; production with
   * several processes or machines must set it, so that every process reads what another wrote.
   */
  SECRETS_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value.trim()) && Buffer.from(value.trim(), 'base64').length === 32, {
        message: 'must be the base64 of 32 random bytes (openssl rand -base64 32)',
      })
      .optional(),
  ),
})

export type Config = z.infer<typeof envSchema> & { dataDir: string; mediaDir: string; pgliteDir: string }

export class ConfigError extends Error {}

/** The only reader of process.env: a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = issue?.path.join('.') ?? 'environment'
    const received = issue ? env[String(issue.path[0])] : undefined
    throw new ConfigError(
      `Invalid ${name}${received === undefined ? '' : ` (${JSON.stringify(received)})`}: ${issue?.message ?? 'bad value'}`,
    )
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR)
  return { ...parsed.data, dataDir, mediaDir: path.join(dataDir, 'media'), pgliteDir: path.join(dataDir, 'pglite') }
}
