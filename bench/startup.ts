/**
 * The production start: `node --enable-source-maps scripts/start.mjs`, as `npm start` runs it, on a database
 * that already holds the demo shop. A first start fills a fresh database (and builds what is stale); then
 * each warm restart is timed from the process spawn to the first 200 of `/readyz` (the database answers),
 * left idle a few seconds, its resident memory read from /proc/<pid>/status (VmRSS), and stopped with
 * SIGTERM (its exit code kept: a graceful stop is 0).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { cpuMsFromStat } from './load.ts'
import { log, repoRoot, type TargetKind } from './options.ts'

/** Warm restarts timed per database. */
export const RESTARTS = 3
/** How long a started store is left alone before its memory is read. */
export const IDLE_MS = 5000
/** How often readiness is asked while a store starts. */
const POLL_MS = 10

export interface StartupResult {
  kind: TargetKind
  /** The first start on an empty database: migrations, reference data, the demo shop. */
  firstStartMs: number
  /** Spawn to ready, each warm restart. */
  readyMs: number[]
  /**
   * CPU time (user + system) the process spent until ready, each warm restart: what the start costs
   * whatever else runs on the machine (the wall-clock figure grows with the machine's load).
   */
  cpuMs: number[]
  /** One-minute load average of the machine at each warm restart (other processes share the cores). */
  loadAvg: number[]
  /** VmRSS after IDLE_MS idle, each warm restart. */
  rssMb: number[]
  /** Exit code after SIGTERM, each start (null: it had to be killed). */
  exitCodes: (number | null)[]
}

/** VmRSS of a /proc/<pid>/status text, in MB (null when absent). */
export function parseVmRssMb(status: string): number | null {
  const m = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)
  return m ? Math.round((Number(m[1]) / 1024) * 10) / 10 : null
}

export function median(values: readonly number[]): number | null {
  if (!values.length) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** The figures a budget is judged on: the median warm ready time and the median idle RSS. */
export function startupSummary(r: StartupResult): { readyMs: number | null; cpuMs: number | null; rssMb: number | null; gracefulStops: boolean } {
  return { readyMs: median(r.readyMs), cpuMs: median(r.cpuMs), rssMb: median(r.rssMb), gracefulStops: r.exitCodes.length > 0 && r.exitCodes.every((c) => c === 0) }
}

interface Started {
  child: ChildProcess
  readyMs: number
  cpuMs: number | null
  output: () => string
}

async function startOnce(env: NodeJS.ProcessEnv, port: number, timeoutMs: number): Promise<Started> {
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000)
  }
  const started = performance.now()
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(repoRoot, 'scripts/start.mjs')], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const deadline = started + timeoutMs
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode} before it was ready\n${output}`)
    try {
      const reply = await fetch(`http://127.0.0.1:${port}/readyz`)
      if (reply.status === 200) {
        const readyMs = Math.round(performance.now() - started)
        const cpuMs = cpuMsFromStat(await readFile(`/proc/${child.pid}/stat`, 'utf8').catch(() => ''))
        return { child, readyMs, cpuMs, output: () => output }
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  child.kill('SIGKILL')
  throw new Error(`the store was not ready within ${timeoutMs} ms\n${output}`)
}

/** SIGTERM, then the exit code (SIGKILL and null after 15 s). */
async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  const code = await exited
  clearTimeout(timer)
  return code
}

export async function measureStartup(kind: TargetKind, port: number, pgBase: string, restarts = RESTARTS): Promise<StartupResult> {
  // the builds first, so that no timed start includes one (the first start would otherwise make them)
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), '--stale'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] })
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-start-${kind}-`))
  let dbName: string | undefined
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true' }
  try {
    if (kind === 'postgres') {
      dbName = `bench_start_${Date.now()}`
      const admin = new pg.Client({ connectionString: `${pgBase}/postgres` })
      await admin.connect()
      await admin.query(`create database ${dbName} template template0 encoding 'UTF8' lc_ctype 'C.UTF-8' lc_collate 'C.UTF-8'`)
      await admin.end()
      env.DATABASE_URL = `${pgBase}/${dbName}`
    }
    const out: StartupResult = { kind, firstStartMs: 0, readyMs: [], cpuMs: [], loadAvg: [], rssMb: [], exitCodes: [] }
    const first = await startOnce(env, port, 240_000)
    out.firstStartMs = first.readyMs
    out.exitCodes.push(await stop(first.child))
    log(`${kind} start: first start (empty database, demo shop) ready in ${first.readyMs} ms`)
    for (let i = 0; i < restarts; i++) {
      const run = await startOnce(env, port, 60_000)
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS))
      const rss = parseVmRssMb(await readFile(`/proc/${run.child.pid}/status`, 'utf8').catch(() => ''))
      out.readyMs.push(run.readyMs)
      if (run.cpuMs !== null) out.cpuMs.push(run.cpuMs)
      out.loadAvg.push(Math.round((os.loadavg()[0] ?? 0) * 100) / 100)
      if (rss !== null) out.rssMb.push(rss)
      out.exitCodes.push(await stop(run.child))
      log(`${kind} start: warm restart ${i + 1} ready in ${run.readyMs} ms (CPU ${run.cpuMs ?? '-'} ms, load ${out.loadAvg.at(-1)}), idle RSS ${rss ?? '-'} MB, exit ${out.exitCodes.at(-1)}`)
    }
    return out
  } finally {
    if (dbName) {
      const admin = new pg.Client({ connectionString: `${pgBase}/postgres` })
      await admin.connect()
      await admin.query(`drop database if exists ${dbName} with (force)`)
      await admin.end()
    }
    await rm(dataDir, { recursive: true, force: true })
  }
}
