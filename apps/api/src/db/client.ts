import { mkdir } from 'node:fs/promises'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import { MIGRATIONS_DIR } from '../paths.ts'
import { connectionGone } from './errors.ts'
import { preparedStatementsOf, preparingClient } from './prepared-statements.ts'
import * as schema from './schema.ts'

/** A database or a transaction: services take it first so the caller picks the transaction boundary. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Runs the versioned migrations of apps/api/drizzle (idempotent; serialized across processes). */
  migrate(): Promise<void>
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** postgres://... uses a PostgreSQL server; otherwise PGlite in `dir` (or in memory with 'memory://'). */
  url?: string
  dir?: string
  poolMax?: number
  applicationName?: string
  onPoolError?: (error: Error) => void
  /** Sees the text of every statement the app sends (tests count them; nothing in production sets it). */
  onQuery?: (sql: string) => void
}

export class DatabaseUnreachableError extends Error {}

const migrationsFolder = MIGRATIONS_DIR
// Any fixed number: PostgreSQL advisory lock taken while migrating, so two processes starting at once
// do not run the same migration twice.
const MIGRATION_LOCK = 72_410_001

/**
 * The server-side limits of the store's sessions (milliseconds). Below the clients' 10 s timeout, so a
 * retry never races a statement still running on the server.
 *
 * They are not sent when connecting (a startup parameter `options=-c ...`, which PgBouncer refuses:
 * "unsupported startup parameter: options"), nor set per session (`SET` on a pooled connection would
 * stay on PgBouncer's server connection for whoever gets it next). `migrate()` stores them as the
 * defaults of the store's role in its database (`ALTER ROLE ... IN DATABASE ... SET`), so every new
 * server connection starts with them, whether it comes from the API's pool or from PgBouncer's.
 */
export const SESSION_TIMEOUTS = {
  statement_timeout: 5000,
  lock_timeout: 3000,
  idle_in_transaction_session_timeout: 10000,
} as const

/**
 * Each driver is loaded only when it is the one used: a process on PostgreSQL never loads PGlite (nor
 * drizzle's PGlite driver), and one on PGlite never loads node-postgres. Less to load at start, less memory.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options.dir ?? 'memory://', options)
}

async function openPostgres(configuredUrl: string, options: DatabaseOptions): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')])
  const { url, prepared } = preparedStatementsOf(configuredUrl)
  const pool = new pg.Pool({
    connectionString: url,
    // named statements, parsed and planned once per connection (prepared-statements.ts), unless the URL says not to
    ...(prepared ? { Client: preparingClient(pg.Client) } : {}),
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: options.applicationName ?? 'shop-api',
  })
  keepConnectionsOnStatementErrors(pg, pool)
  // An idle client losing its connection (database restart, killed backend) must not crash the process.
  pool.on('error', (error) => options.onPoolError?.(error))
  // A client checked out of the pool (inside a transaction) whose connection dies (killed backend,
  // database restart) emits 'error' too; without a listener Node would crash the whole process.
  // The query in flight still fails (503 for its request) and the pool drops the broken client.
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onPoolError?.(error))
  })
  try {
    // a connection of its own, closed at once: the pool's connections are all opened after migrate()
    // stored the session limits (a session takes its role's defaults when it starts)
    const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, application_name: options.applicationName ?? 'shop-api' })
    probe.on('error', () => {})
    try {
      await probe.connect()
      await probe.query('select 1')
    } finally {
      await probe.end().catch(() => {})
    }
  } catch (error) {
    await pool.end().catch(() => {})
    throw new DatabaseUnreachableError(`Cannot reach the database at ${describeUrl(url)}: ${reason(error)}`)
  }
  const db = drizzlePg(pool, { schema, ...queryLogger(options) }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    async migrate() {
      await migratePostgres(pool)
    },
    async ping() {
      await pool.query('select 1')
    },
    async close() {
      await pool.end()
    },
  }
}

/**
 * pg's `Pool.query()` (what drizzle runs every statement outside a transaction with) closes the connection
 * after any error, even a statement's own ERROR that leaves the connection as good as before: a refused
 * order (its statement raises, order.repo.ts), a unique key taken. The next statements then wait for a new
 * connection and parse their named statements again: a sold-out product's refused orders ran at about a
 * fifth of the rate of the orders before them. This query keeps the connection when the server answered
 * with a statement error (the connection is idle and usable again) and closes it as before on anything
 * else (a connection lost, the session ended by the server, a timeout of the client).
 */
function keepConnectionsOnStatementErrors(pgModule: typeof pg, pool: pg.Pool): void {
  // by its SQLSTATE (the severity's text is in the server's language): the connection gone (connectionGone)
  // or an internal error (XX) close the connection; a client whose socket has ended is dropped by the pool
  // whatever this says
  const statementError = (error: unknown) =>
    error instanceof pgModule.DatabaseError && typeof error.code === 'string' && !connectionGone(error.code) && !error.code.startsWith('XX')
  const query = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    const client = await pool.connect()
    try {
      const result = await client.query(config, values)
      client.release()
      return result
    } catch (error) {
      client.release(statementError(error) ? undefined : (error as Error))
      throw error
    }
  }
  pool.query = query as typeof pool.query
}

/**
 * drizzle's migrations (the same files and bookkeeping table as drizzle-orm's migrator), run in ONE
 * transaction under a transaction-level advisory lock. The lock goes with the commit or rollback on
 * the connection that took it, so it works through PgBouncer in transaction mode, where a session lock
 * (`pg_advisory_lock`) would be taken on one server connection and released, or not, on another, and
 * then stay held by a pooled connection. Then the session limits are stored for the role (SESSION_TIMEOUTS).
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder })
  const client = await pool.connect()
  let broken: unknown
  try {
    await client.query('begin')
    // a long migration (an index on a big table) is not cut by the store's own 5 s limit, and a
    // second process waits here for the first one's migrations rather than fail after 3 s
    await client.query(`set local statement_timeout = 0`)
    await client.query(`set local lock_timeout = '120s'`)
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await client.query('create schema if not exists drizzle')
    await client.query('create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)')
    const { rows } = await client.query<{ created_at: string }>('select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1')
    const last = rows[0] ? Number(rows[0].created_at) : null
    for (const migration of migrations) {
      if (last !== null && last >= migration.folderMillis) continue
      for (const statement of migration.sql) await client.query(statement)
      await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [migration.hash, migration.folderMillis])
    }
    await client.query(storeSessionTimeouts())
    await client.query('commit')
  } catch (error) {
    broken = error
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    // this connection started before the limits were stored: it is closed, not reused
    client.release(broken instanceof Error ? broken : true)
  }
}

/**
 * `ALTER ROLE <current user> IN DATABASE <this database> SET ...` for each limit (a role may always set its
 * own defaults). Without the right (a managed database's restricted role) a warning is logged by the
 * server and the limits are the server's: set them for the role by hand then (docs/operations.md).
 */
function storeSessionTimeouts(): string {
  const statements = Object.entries(SESSION_TIMEOUTS)
    .map(([name, ms]) => `execute format('alter role %I in database %I set ${name} = %L', current_user, current_database(), '${ms}ms');`)
    .join('\n    ')
  return `do $$
  begin
    ${statements}
  exception when insufficient_privilege then
    raise warning 'the session limits could not be stored for role %: %', current_user, sqlerrm;
  end $$`
}

async function openPglite(dir: string, options: DatabaseOptions = {}): Promise<Database> {
  if (!dir.startsWith('memory://')) await mkdir(dir, { recursive: true })
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ])
  let client: PGlite
  try {
    client = await PGlite.create(dir, { extensions: { pg_trgm, unaccent } })
  } catch (error) {
    throw new DatabaseUnreachableError(`Cannot open the embedded database in ${dir}: ${reason(error)}`)
  }
  const pglite = drizzlePglite(client, { schema, ...queryLogger(options) })
  const db = pglite as unknown as Db
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(pglite, { migrationsFolder })
    },
    async ping() {
      await db.execute(sql`select 1`)
    },
    async close() {
      await client.close()
    },
  }
}

function queryLogger(options: DatabaseOptions) {
  const onQuery = options.onQuery
  return onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {}
}

function describeUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`
  } catch {
    return 'the configured DATABASE_URL'
  }
}

function reason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reason(error.errors[0])
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: string; message?: string }
    return [code, message].filter(Boolean).join(' ') || 'unknown error'
  }
  return String(error)
}
