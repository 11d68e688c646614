import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { jobs } from '../../db/schema.ts'
import { freshDatabase, TEST_TARGETS } from '../../test/test-app.ts'
import { enqueueJob } from './jobs.repo.ts'
import { TEST_QUEUE } from './test-queue.ts'

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

async function until(check: () => Promise<boolean>, what: string, limitMs = 60_000) {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`gave up waiting: ${what}`)
    await sleep(20)
  }
}

// The worker is a process of its own on a PostgreSQL server (the embedded database belongs to one process).
for (const target of TEST_TARGETS.filter((t) => t === 'postgres')) {
  describe(`the job worker process on ${target}`, () => {
    let fresh: Awaited<ReturnType<typeof freshDatabase>>
    let db: Db
    let dataDir: string
    const children: ChildProcess[] = []
    const output: string[] = []

    before(async () => {
      fresh = await freshDatabase(target)
      db = fresh.database.db
      await fresh.database.migrate()
      await db.execute(sql`create table test_job_starts (job_id bigint not null, n integer not null, attempt integer not null, pid integer not null)`)
      await db.execute(sql`create table test_job_effects (job_id bigint not null, n integer not null, pid integer not null)`)
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-worker-'))
    })
    after(async () => {
      // only the workers this test started, by their own pid
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await fresh.drop()
    })

    function startWorker(): ChildProcess {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
        cwd: API_DIR,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          DATABASE_URL: fresh.url,
          DATA_DIR: dataDir,
          JOBS_TEST_QUEUE: 'true',
          JOBS_POLL_MS: '50',
          LOG_LEVEL: 'warn',
          PURGE_INTERVAL_MINUTES: '0',
          SHUTDOWN_GRACE_MS: '5000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
      child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
      children.push(child)
      return child
    }

    test('a worker killed (SIGKILL) mid-job loses nothing and duplicates nothing: another worker finishes every job once', async () => {
      const total = 8
      const ids: number[] = []
      for (let n = 0; n < total; n += 1) ids.push((await enqueueJob(db, TEST_QUEUE, { n, workMs: 300 })).id)

      const first = startWorker()
      const firstPid = first.pid as number
      // a busy machine may take long to load the app; then the jobs go as fast as the queue's lease allows
      await until(async () => output.join('').includes('worker: running background jobs'), `the first worker started (${output.join('')})`, 180_000)
      // some jobs finished by the first worker, and one started and not finished: it is mid-job
      await until(async () => {
        const [row] = rowsOf<{ effects: number; open: number }>(
          await db.execute(sql`
            select (select count(*)::int from test_job_effects) as effects,
                   (select count(*)::int from test_job_starts s where s.pid = ${firstPid}
                      and not exists (select 1 from test_job_effects e where e.job_id = s.job_id)) as open`),
        )
        return (row?.effects ?? 0) >= 2 && (row?.open ?? 0) >= 1
      }, `the first worker mid-job (${output.join('')})`)
      first.kill('SIGKILL')
      await once(first, 'exit')
      assert.equal(first.signalCode, 'SIGKILL')

      const cut = rowsOf<{ job_id: string }>(
        await db.execute(sql`
          select distinct s.job_id from test_job_starts s
          where s.pid = ${firstPid} and not exists (select 1 from test_job_effects e where e.job_id = s.job_id)`),
      ).map((r) => Number(r.job_id))
      assert.ok(cut.length >= 1, 'a job was cut by the kill')
      for (const id of cut) assert.equal((await db.select().from(jobs).where(eq(jobs.id, id)))[0]?.status, 'running', 'left leased')

      const second = startWorker()
      await until(
        // the test queue's jobs only: the worker runs the store's own queues too (the recurring courier poll)
        async () => (await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.queue, TEST_QUEUE), eq(jobs.status, 'done')))).length === total,
        `every job done by the second worker (${output.join('')})`,
      )

      const effects = rowsOf<{ job_id: string; n: number; pid: number }>(await db.execute(sql`select job_id, n, pid from test_job_effects order by n`))
      assert.deepEqual(
        effects.map((e) => e.n),
        Array.from({ length: total }, (_, n) => n),
        'every job’s effect is there, once',
      )
      for (const id of cut) {
        const effect = effects.find((e) => Number(e.job_id) === id)
        assert.equal(effect?.pid, second.pid, 'the cut job was finished by the second worker')
        const [row] = await db.select().from(jobs).where(eq(jobs.id, id))
        assert.equal(row?.attempts, 2, 'the cut run counts as an attempt')
      }

      // SIGTERM: the worker stops claiming, lets running jobs end and exits cleanly
      second.kill('SIGTERM')
      const [code] = (await once(second, 'exit')) as [number | null]
      assert.equal(code, 0)
    })
  })
}
