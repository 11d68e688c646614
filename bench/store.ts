/** The store under test: `bench/serve.ts` in a child process on a fresh database, and its control port. */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { repoRoot, type TargetKind } from './options.ts'

export interface Store {
  kind: TargetKind
  port: number
  controlPort: number
  pid: number
  child: ChildProcess
  cleanup: () => Promise<void>
}

const cleanups: (() => Promise<void>)[] = []

/** Where the store's database lives: --pg (the PostgreSQL server) and --pool (its connection pool). */
export interface StoreSettings {
  pgBase: string
  pool: string
  /** false: `?prepared_statements=false` on the store's DATABASE_URL (--no-prepared). */
  prepared?: boolean
}

export async function startStore(
  kind: TargetKind,
  productCount: number,
  orderCount: number,
  port: number,
  { pgBase, pool, prepared = true }: StoreSettings,
): Promise<Store> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-${kind}-`))
  let dbName: string | undefined
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    CONTROL_PORT: String(port + 1),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    // the bench sends a different client address per request (X-Forwarded-For from 127.0.0.1), as shoppers have
    TRUST_PROXY: '127.0.0.1',
    // the app's default pool (10) unless --pool says otherwise
    ...(pool ? { DATABASE_POOL_MAX: pool } : {}),
    BENCH_PRODUCTS: String(productCount),
    BENCH_ORDERS: String(orderCount),
  }
  for (const name of ['LOGIN', 'STAFF_LOGIN', 'SIGNUP', 'PASSWORD_RESET', 'TRACKING', 'COUPON', 'ORDER', 'ORDER_ADDRESS']) env[`RATE_LIMIT_${name}`] = '1000000000/3600'
  if (kind === 'postgres') {
    // BENCH_DB_PREFIX: another name for the throwaway database (several checkouts sharing one server)
    const prefix = process.env.BENCH_DB_PREFIX ?? 'bench'
    if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) throw new Error(`BENCH_DB_PREFIX: lower-case letters, digits and _ only (got ${prefix})`)
    dbName = `${prefix}_${Date.now()}`
    const admin = new pg.Client({ connectionString: `${pgBase}/postgres` })
    await admin.connect()
    await admin.query(`create database ${dbName} template template0 encoding 'UTF8' lc_ctype 'C.UTF-8' lc_collate 'C.UTF-8'`)
    await admin.end()
    env.DATABASE_URL = `${pgBase}/${dbName}${prepared ? '' : '?prepared_statements=false'}`
  }
  // BENCH_SERVE_NODE_ARGS: extra Node options for the store's process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  const nodeArgs = (process.env.BENCH_SERVE_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(repoRoot, 'bench/serve.ts')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stopped = false
  const cleanup = async () => {
    if (!stopped) {
      stopped = true
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await new Promise((resolve) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL')
            resolve(null)
          }, 10_000)
          child.once('exit', () => {
            clearTimeout(t)
            resolve(null)
          })
        })
      }
      if (dbName) {
        const admin = new pg.Client({ connectionString: `${pgBase}/postgres` })
        await admin.connect()
        await admin.query(`drop database if exists ${dbName} with (force)`)
        await admin.end()
      }
      await rm(dataDir, { recursive: true, force: true })
    }
  }
  cleanups.push(cleanup)
  const ready = await new Promise<{ pid: number }>((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const line = /BENCH READY (\{.*\})/.exec(out)
      if (line) resolve(JSON.parse(line[1] as string))
    })
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk))
    child.once('exit', (code) => reject(new Error(`store (${kind}) exited with ${code} before it was ready`)))
  })
  return { kind, port, controlPort: port + 1, pid: ready.pid, child, cleanup }
}

export async function control<T>(store: Store, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${store.controlPort}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`control ${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

export const query = async <T = Record<string, unknown>>(store: Store, sql: string, params: unknown[] = []) =>
  (await control<{ rows: T[] }>(store, 'POST', '/query', { sql, params })).rows

/** Stops every store still running (the end of the run, or Ctrl-C). */
export async function stopStores(): Promise<void> {
  for (const c of cleanups) await c().catch(() => {})
}
