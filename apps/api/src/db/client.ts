import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
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

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))
// Any fixed number: PostgreSQL advisory lock taken while migrating, so two processes starting at once
// do not run the same migration twice.
const MIGRATION_LOCK = 72_410_001

// Below the clients' 10 s timeout, so a retry never races a statement still running on the server.
const SESSION_TIMEOUTS = '-c statement_timeout=5000 -c lock_timeout=3000 -c idle_in_transaction_session_timeout=10000'

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options.dir ?? 'memory://', options)
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: options.applicationName ?? 'shop-api',
    options: SESSION_TIMEOUTS,
  })
  // An idle client losing its connection (database restart, killed backend) must not crash the process.
  pool.on('error', (error) => options.onPoolError?.(error))
  // A client checked out of the pool (inside a transaction) whose connection dies (killed backend,
  // database restart) emits 'error' too; without a listener Node would crash the whole process.
  // The query in flight still fails (503 for its request) and the pool drops the broken client.
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onPoolError?.(error))
  })
  try {
    await pool.query('select 1')
  } catch (error) {
    await pool.end().catch(() => {})
    throw new DatabaseUnreachableError(`Cannot reach the database at ${describeUrl(url)}: ${reason(error)}`)
  }
  const db = drizzlePg(pool, { schema, ...queryLogger(options) }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder })
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
        }
      } finally {
        client.release()
      }
    },
    async ping() {
      await pool.query('select 1')
    },
    async close() {
      await pool.end()
    },
  }
}

async function openPglite(dir: string, options: DatabaseOptions = {}): Promise<Database> {
  if (!dir.startsWith('memory://')) await mkdir(dir, { recursive: true })
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
