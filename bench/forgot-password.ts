/**
 * `node --import tsx bench/forgot-password.ts` — does POST /auth/client/forgot-password take the same time
 * for an e-mail with an account and one without? The real app on a fresh database (PGlite in memory, and
 * PostgreSQL when it answers), listening on 127.0.0.1; requests one at a time, known and unknown e-mails
 * interleaved in a random order, after a warm-up. Prints the median and p90 of each and their difference.
 *
 * Options: --rounds N (pairs measured, default 400)  --targets pglite,postgres  --pg postgres://postgres@127.0.0.1:5432
 *          --control (both series use unknown e-mails: the difference this machine shows for identical work)
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { buildApp } from '../apps/api/src/app.ts'
import { loadConfig } from '../apps/api/src/config.ts'
import { openDatabase } from '../apps/api/src/db/client.ts'

const argv = process.argv.slice(2)
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`)
  return i >= 0 && argv[i + 1] ? (argv[i + 1] as string) : fallback
}
const rounds = Number(option('rounds', '400'))
const targets = option('targets', 'pglite,postgres').split(',') as ('pglite' | 'postgres')[]
const pgBase = option('pg', 'postgres://postgres@127.0.0.1:5432')
const control = argv.includes('--control')

const median = (values: number[]) => quantile(values, 0.5)
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number
}

async function measure(target: 'pglite' | 'postgres') {
  let url: string | undefined
  let drop = async () => {}
  if (target === 'postgres') {
    const name = `bench_reset_${Date.now()}_${randomBytes(3).toString('hex')}`
    const admin = new pg.Client({ connectionString: `${pgBase}/postgres` })
    try {
      await admin.connect()
    } catch {
      process.stderr.write('PostgreSQL does not answer: its figures are skipped\n')
      return null
    }
    await admin.query(`create database ${name}`)
    await admin.end()
    url = `${pgBase}/${name}`
    drop = async () => {
      const cleanup = new pg.Client({ connectionString: `${pgBase}/postgres` })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    }
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-reset-'))
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', RATE_LIMIT_PASSWORD_RESET: '1000000/60', RATE_LIMIT_SIGNUP: '1000/60', PURGE_INTERVAL_MINUTES: '0' })
  const database = await openDatabase(url ? { url } : { dir: 'memory://' })
  await database.migrate()
  // the default mailer with no SMTP writes each message to the log (here: no log), as a fresh install does
  const app = await buildApp({ config, database, logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`
  const post = async (email: string) => {
    const started = performance.now()
    const res = await fetch(`${base}/auth/client/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
    await res.arrayBuffer()
    const ms = performance.now() - started
    if (res.status !== 200) throw new Error(`forgot-password answered ${res.status}`)
    return ms
  }
  try {
    const signup = await fetch(`${base}/auth/client/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Bench', lastName: 'Reset', email: 'known@bench.dz', password: 'bench-reset-password-1' }),
    })
    if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`)
    for (let i = 0; i < 50; i++) {
      await post('known@bench.dz')
      await post(`warm-${i}@bench.dz`)
    }
    const known: number[] = []
    const unknown: number[] = []
    const knownEmail = (i: number) => (control ? `other-${i}@bench.dz` : 'known@bench.dz')
    for (let i = 0; i < rounds; i++) {
      // a random order in each pair, so drift (another process, a checkpoint) falls on both alike
      if (Math.random() < 0.5) {
        known.push(await post(knownEmail(i)))
        unknown.push(await post(`nobody-${i}@bench.dz`))
      } else {
        unknown.push(await post(`nobody-${i}@bench.dz`))
        known.push(await post(knownEmail(i)))
      }
    }
    return { known, unknown }
  } finally {
    await app.close()
    await database.close()
    await drop()
  }
}

const fmt = (ms: number) => ms.toFixed(2).padStart(6)
process.stdout.write(`forgot-password, ${rounds} requests per kind, one at a time (ms)${control ? ', control: both series unknown e-mails' : ''}\n`)
process.stdout.write(`| database | known median | unknown median | difference | known p90 | unknown p90 |\n|---|---|---|---|---|---|\n`)
for (const target of targets) {
  const result = await measure(target)
  if (!result) continue
  const [k, u] = [median(result.known), median(result.unknown)]
  process.stdout.write(
    `| ${target} | ${fmt(k)} | ${fmt(u)} | ${fmt(k - u)} | ${fmt(quantile(result.known, 0.9))} | ${fmt(quantile(result.unknown, 0.9))} |\n`,
  )
}
