import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, before, beforeEach, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { jobs } from '../../db/schema.ts'
import { type AdminShop, startAdminShop } from '../../test/admin-fixture.ts'
import { randomPhone, startShop } from '../../test/shop-fixture.ts'
import { startTestApp, TEST_TARGETS } from '../../test/test-app.ts'
import type { Mail } from '../mail/mailer.ts'
import { JobRunner, RetryLater } from './job-runner.ts'
import { enqueueJob } from './jobs.repo.ts'

/** The effects the test handlers write: one row per effect, no unique key, so a duplicate would show. */
async function createEffectsTable(db: Db) {
  await db.execute(sql`create table if not exists test_job_effects (job_id bigint not null, n integer not null, pid integer)`)
  await db.execute(sql`delete from test_job_effects`)
}

async function effectsOf(db: Db): Promise<{ job_id: string | number; n: number }[]> {
  const result = await db.execute(sql`select job_id, n from test_job_effects order by n`)
  return (result as unknown as { rows: { job_id: string | number; n: number }[] }).rows
}

async function jobRow(db: Db, id: number) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id))
  if (!row) throw new Error(`job ${id} missing`)
  return row
}

/** Waits until `check` is true (every 20 ms), failing after `limitMs`: the test waits for a state, never for a time. */
async function until(check: () => Promise<boolean>, what: string, limitMs = 20_000) {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`gave up waiting: ${what}`)
    await sleep(20)
  }
}

for (const target of TEST_TARGETS) {
  describe(`background jobs on ${target}`, () => {
    let shop: AdminShop
    let db: Db
    before(async () => {
      shop = await startAdminShop(target)
      db = shop.database.db
      await createEffectsTable(db)
    })
    after(async () => shop.close())
    beforeEach(async () => {
      await db.delete(jobs)
      await db.execute(sql`delete from test_job_effects`)
    })

    const runner = (pollMs = 20) => new JobRunner({ db, log: shop.app.log, pollMs })

    test('a job enqueued in a transaction that rolls back leaves nothing; one that commits is there', async () => {
      await assert.rejects(
        db.transaction(async (tx) => {
          await enqueueJob(tx, 'test.q', { n: 1 })
          throw new Error('the order failed')
        }),
        /the order failed/,
      )
      assert.equal((await db.select().from(jobs)).length, 0)
      const { id, created } = await db.transaction(async (tx) => enqueueJob(tx, 'test.q', { n: 2 }))
      assert.equal(created, true)
      const row = await jobRow(db, id)
      assert.deepEqual(row.payload, { n: 2 })
      assert.equal(row.status, 'queued')
      assert.equal(row.attempts, 0)
      assert.equal(row.maxAttempts, 8)
    })

    test('a dedup key makes a second enqueue a no-op while the first job exists', async () => {
      const first = await enqueueJob(db, 'test.q', { n: 1 }, { dedupKey: 'order-mail:1' })
      const second = await enqueueJob(db, 'test.q', { n: 2 }, { dedupKey: 'order-mail:1' })
      assert.deepEqual(second, { id: first.id, created: false })
      const other = await enqueueJob(db, 'test.q', { n: 3 }, { dedupKey: 'order-mail:2' })
      assert.equal(other.created, true)
      const rows = await db.select().from(jobs).orderBy(jobs.id)
      assert.deepEqual(rows.map((r) => r.payload), [{ n: 1 }, { n: 3 }])
      // the key is free again once its job is gone (the purge removes done jobs after days)
      await db.delete(jobs).where(eq(jobs.id, first.id))
      assert.equal((await enqueueJob(db, 'test.q', { n: 4 }, { dedupKey: 'order-mail:1' })).created, true)
    })

    test('a job failing twice then succeeding writes its effect once and ends done with attempts = 3', async () => {
      const jobRunner = runner()
      const runs: number[] = []
      jobRunner.register(
        'test.flaky',
        async (payload, ctx) => {
          runs.push(ctx.attempt)
          await ctx.once(async (tx) => {
            await tx.execute(sql`insert into test_job_effects (job_id, n) values (${ctx.jobId}, ${(payload as { n: number }).n})`)
            // the effect is written, then the attempt fails: the effect rolls back with it
            if (ctx.attempt < 3) throw new Error(`mail server down (attempt ${ctx.attempt})`)
          })
        },
        { backoff: () => 0 },
      )
      const { id } = await enqueueJob(db, 'test.flaky', { n: 7 })
      await jobRunner.drain()
      assert.deepEqual(runs, [1, 2, 3])
      const row = await jobRow(db, id)
      assert.equal(row.status, 'done')
      assert.equal(row.attempts, 3)
      assert.equal(row.lastError, null)
      assert.ok(row.finishedAt)
      assert.deepEqual((await effectsOf(db)).map((e) => e.n), [7])
    })

    test('an error carrying retryAfterMs sets the delay; the backoff sets it otherwise', async () => {
      const jobRunner = runner()
      jobRunner.register('test.limited', async () => {
        throw new RetryLater('429 from the courier', 120_000)
      })
      jobRunner.register('test.courier', async () => {
        // CourierError's shape: details.retryAfterMs
        throw Object.assign(new Error('rate limited'), { details: { retryAfterMs: 30_000 } })
      })
      jobRunner.register('test.backoff', async () => {
        throw new Error('down')
      }, { backoff: (attempt) => attempt * 1_000_000 })
      const limited = await enqueueJob(db, 'test.limited', {})
      const courier = await enqueueJob(db, 'test.courier', {})
      const backedOff = await enqueueJob(db, 'test.backoff', {})
      assert.equal(await jobRunner.drain(), 3, 'each ran once: none is due again')
      const delayOf = async (id: number) => {
        const [row] = (await db.execute(sql`select extract(epoch from (run_at - now())) * 1000 as ms, status, attempts, last_error from jobs where id = ${id}`) as unknown as {
          rows: { ms: string | number; status: string; attempts: number; last_error: string }[]
        }).rows
        return { ...row, ms: Number(row?.ms) }
      }
      const a = await delayOf(limited.id)
      assert.equal(a.status, 'queued')
      assert.equal(a.attempts, 1)
      assert.match(a.last_error ?? '', /429 from the courier/)
      assert.ok(a.ms > 100_000 && a.ms <= 120_000, `retry in ${a.ms} ms`)
      const b = await delayOf(courier.id)
      assert.ok(b.ms > 20_000 && b.ms <= 30_000, `retry in ${b.ms} ms`)
      const c = await delayOf(backedOff.id)
      assert.ok(c.ms > 900_000 && c.ms <= 1_000_000, `retry in ${c.ms} ms`)
    })

    test('after maxAttempts a job is dead with its last error, in the owner’s list; retry brings it back, delete removes it', async () => {
      const jobRunner = runner()
      let fail = true
      const seen: string[] = []
      jobRunner.register(
        'test.dead',
        async (payload) => {
          seen.push((payload as { to: string }).to)
          if (fail) throw new Error('SMTP 554 refused')
        },
        { backoff: () => 0 },
      )
      const { id } = await enqueueJob(db, 'test.dead', { to: 'amine.benali@example.dz' }, { maxAttempts: 3 })
      await jobRunner.drain()
      assert.equal(seen.length, 3)
      const dead = await jobRow(db, id)
      assert.equal(dead.status, 'dead')
      assert.equal(dead.attempts, 3)
      assert.match(dead.lastError ?? '', /SMTP 554 refused/)

      const list = await shop.http('GET', '/api/v1/admin/jobs?status=dead', { cookie: shop.ownerCookie })
      assert.equal(list.status, 200)
      assert.deepEqual(list.body.data.queues, [{ queue: 'test.dead', queued: 0, running: 0, done: 0, dead: 1 }])
      const [entry] = list.body.data.jobs
      assert.equal(entry._id, id)
      assert.equal(entry.attempts, 3)
      assert.equal(entry.maxAttempts, 3)
      assert.match(entry.lastError, /SMTP 554 refused/)
      // the summary masks e-mail addresses
      assert.equal(entry.summary, '{"to":"a***@example.dz"}')
      assert.equal(entry.status, 'dead')
      assert.equal(list.body.data.total, 1)

      const forbidden = await shop.http('GET', '/api/v1/admin/jobs', { cookie: shop.staffCookie })
      assert.equal(forbidden.status, 403)

      fail = false
      const retried = await shop.http('POST', `/api/v1/admin/jobs/${id}/retry`, { cookie: shop.ownerCookie })
      assert.equal(retried.status, 200)
      assert.equal(retried.body.data.job.status, 'queued')
      assert.equal(retried.body.data.job.attempts, 0)
      // a job that is not dead cannot be retried
      const again = await shop.http('POST', `/api/v1/admin/jobs/${id}/retry`, { cookie: shop.ownerCookie })
      assert.equal(again.status, 409)
      assert.equal(again.body.code, 'JOB_BUSY')
      await jobRunner.drain()
      const done = await jobRow(db, id)
      assert.equal(done.status, 'done')
      assert.equal(done.attempts, 1)
      assert.equal(seen.length, 4)

      const deleted = await shop.http('DELETE', `/api/v1/admin/jobs/${id}`, { cookie: shop.ownerCookie })
      assert.equal(deleted.status, 200)
      assert.equal((await db.select().from(jobs)).length, 0)
      const gone = await shop.http('DELETE', `/api/v1/admin/jobs/${id}`, { cookie: shop.ownerCookie })
      assert.equal(gone.status, 404)
      assert.equal(gone.body.code, 'JOB_NOT_FOUND')
    })

    test('an error that retrying cannot mend (retryable: false) makes the job dead at once', async () => {
      const jobRunner = runner()
      jobRunner.register('test.rejected', async () => {
        throw Object.assign(new Error('parcel refused: unknown commune'), { retryable: false })
      })
      const { id } = await enqueueJob(db, 'test.rejected', {})
      await jobRunner.drain()
      const row = await jobRow(db, id)
      assert.equal(row.status, 'dead')
      assert.equal(row.attempts, 1)
    })

    test('a run past its timeout is aborted and retried', async () => {
      const jobRunner = runner()
      const aborted: number[] = []
      jobRunner.register(
        'test.slow',
        async (_payload, ctx) => {
          if (ctx.attempt === 1) {
            await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()))
            aborted.push(ctx.attempt)
            return
          }
          await ctx.once(async (tx) => {
            await tx.execute(sql`insert into test_job_effects (job_id, n) values (${ctx.jobId}, 1)`)
          })
        },
        { timeoutMs: 100, backoff: () => 0 },
      )
      const { id } = await enqueueJob(db, 'test.slow', {})
      await jobRunner.drain()
      assert.deepEqual(aborted, [1])
      const row = await jobRow(db, id)
      assert.equal(row.status, 'done')
      assert.equal(row.attempts, 2)
      assert.equal((await effectsOf(db)).length, 1)
    })

    test('two runners on one database never run the same job twice', async () => {
      const runs = new Map<number, number>()
      const runners = [runner(), runner()]
      const byRunner = [0, 0]
      runners.forEach((jobRunner, index) => {
        jobRunner.register(
          'test.shared',
          async (payload, ctx) => {
            runs.set(ctx.jobId, (runs.get(ctx.jobId) ?? 0) + 1)
            byRunner[index] = (byRunner[index] ?? 0) + 1
            await sleep(2)
            await ctx.once(async (tx) => {
              await tx.execute(sql`insert into test_job_effects (job_id, n) values (${ctx.jobId}, ${(payload as { n: number }).n})`)
            })
          },
          { concurrency: 3 },
        )
      })
      const total = 60
      for (let n = 0; n < total; n += 1) await enqueueJob(db, 'test.shared', { n })
      for (const jobRunner of runners) jobRunner.start()
      try {
        await until(async () => (await db.select().from(jobs).where(eq(jobs.status, 'done'))).length === total, 'every job done')
      } finally {
        await Promise.all(runners.map((r) => r.stop(1000)))
      }
      assert.equal(runs.size, total)
      assert.ok([...runs.values()].every((count) => count === 1), 'each job ran once')
      const effects = await effectsOf(db)
      assert.deepEqual(effects.map((e) => e.n), Array.from({ length: total }, (_, n) => n))
      assert.equal(byRunner[0]! + byRunner[1]!, total)
    })

    test('a recurring job is scheduled once per time slot, whichever process schedules it', async () => {
      const ran: number[] = []
      const runners = [runner(), runner()]
      for (const jobRunner of runners) {
        jobRunner.every('test.poll', 30 * 60_000, { what: 'shipments' })
      }
      runners[0]!.register('test.poll', async (_payload, ctx) => void ran.push(ctx.jobId))
      await runners[1]!.drain()
      await runners[0]!.drain()
      await runners[1]!.drain()
      const rows = await db.select().from(jobs)
      assert.equal(rows.length, 1)
      const slot = Math.floor(Date.now() / (30 * 60_000))
      assert.equal(rows[0]?.dedupKey, `every:test.poll:${30 * 60_000}:${slot}`)
      assert.equal(rows[0]?.status, 'done')
      assert.deepEqual(ran, [rows[0]?.id])
    })

    test('a started runner picks up a job as soon as this process enqueues it', async () => {
      const jobRunner = runner(60_000)
      let ran = 0
      jobRunner.register('test.wake', async () => void (ran += 1))
      jobRunner.start()
      try {
        // the first look happens at start; the next poll would be in a minute: the enqueue wakes the runner
        await sleep(50)
        await db.transaction(async (tx) => enqueueJob(tx, 'test.wake', {}))
        await until(async () => ran === 1, 'the job ran without waiting for the poll')
      } finally {
        await jobRunner.stop(1000)
      }
    })

    test('the purge removes done jobs after PURGE_DONE_JOBS_DAYS, never queued or dead ones', async () => {
      const old = await enqueueJob(db, 'test.q', {}, { dedupKey: 'old' })
      const recent = await enqueueJob(db, 'test.q', {}, { dedupKey: 'recent' })
      const dead = await enqueueJob(db, 'test.q', {})
      const queued = await enqueueJob(db, 'test.q', {})
      await db.update(jobs).set({ status: 'done', finishedAt: sql`now() - interval '8 days'` }).where(eq(jobs.id, old.id))
      await db.update(jobs).set({ status: 'done', finishedAt: sql`now() - interval '6 days'` }).where(eq(jobs.id, recent.id))
      await db.update(jobs).set({ status: 'dead', finishedAt: sql`now() - interval '30 days'` }).where(eq(jobs.id, dead.id))
      const counts = await shop.app.purgeNow()
      assert.equal(counts?.doneJobs, 1)
      const left = (await db.select({ id: jobs.id }).from(jobs).orderBy(jobs.id)).map((r) => r.id)
      assert.deepEqual(left, [recent.id, dead.id, queued.id])
      // the purged job's dedup key is free again
      assert.equal((await enqueueJob(db, 'test.q', {}, { dedupKey: 'old' })).created, true)
    })
  })

  describe(`the app's job runner on ${target}`, () => {
    test('closing the app waits for a running job, which completes', async () => {
      const ctx = await startTestApp(target, { SHUTDOWN_GRACE_MS: '10000', JOBS_POLL_MS: '20' })
      try {
        await ctx.database.migrate()
        let release: () => void = () => {}
        const started = new Promise<void>((resolve) => {
          release = resolve
        })
        let finished = false
        ctx.app.jobs.register('test.graceful', async () => {
          release()
          await sleep(200)
          finished = true
        })
        const { id } = await enqueueJob(ctx.database.db, 'test.graceful', {})
        ctx.app.jobs.start()
        await started
        await ctx.app.close()
        assert.equal(finished, true)
        assert.equal((await jobRow(ctx.database.db, id)).status, 'done')
      } finally {
        await ctx.close()
      }
    })

    test('a job still running when the grace period ends is aborted and left to its lease', async () => {
      const ctx = await startTestApp(target, { SHUTDOWN_GRACE_MS: '50', JOBS_POLL_MS: '20' })
      try {
        await ctx.database.migrate()
        let aborted = false
        let release: () => void = () => {}
        const started = new Promise<void>((resolve) => {
          release = resolve
        })
        ctx.app.jobs.register('test.stuck', async (_payload, job) => {
          release()
          await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()))
          aborted = true
        })
        const { id } = await enqueueJob(ctx.database.db, 'test.stuck', {})
        ctx.app.jobs.start()
        await started
        await ctx.app.close()
        assert.equal(aborted, true)
        const row = await jobRow(ctx.database.db, id)
        // not failed, not done: still leased, so another worker runs it when the lease ends
        assert.equal(row.status, 'running')
        assert.equal(row.attempts, 1)
        assert.equal(row.lastError, null)
      } finally {
        await ctx.close()
      }
    })

    test('the order e-mail goes through the queue: a failing mailer is retried, then the mail is sent once', async () => {
      const sent: Mail[] = []
      let failures = 2
      const mailer = {
        send: async () => {
          throw new Error('send() swallows errors in production; the job must use deliver()')
        },
        deliver: async (mail: Mail) => {
          if (failures > 0) {
            failures -= 1
            throw new Error('421 try again later')
          }
          sent.push(mail)
        },
      }
      const shop = await startShop(target, {}, { mailer })
      try {
        const communes = await shop.http('GET', '/api/v1/location/states/16/cities')
        const body = {
          orderItems: [{ productId: shop.catalogue.derby.id, quantity: 1, size: '42', color: 'brown', price: 1 }],
          customerInfo: { firstName: 'Amine', lastName: 'Benali', phone: randomPhone(), email: 'amine@example.dz' },
          shippingAddress: { wilayaId: '16', communeId: communes.body.data.cities[0]._id, type: 'domicil', address: '12 rue Didouche Mourad' },
          paymentMethod: 'cash_on_delivery',
        }
        const placed = await shop.http('POST', '/api/v1/order/guest', { body, headers: { 'accept-language': 'fr' } })
        assert.equal(placed.status, 201)
        const orderId = placed.body.data.order._id as string
        const [job] = await shop.database.db.select().from(jobs).where(eq(jobs.dedupKey, `order-mail:${orderId}`))
        assert.ok(job, 'the mail job was written with the order')
        assert.equal(job.queue, 'mail.send')
        // an order refused (its total changed) writes no mail job
        const refused = await shop.http('POST', '/api/v1/order/guest', { body: { ...body, totalAmount: 1, customerInfo: { ...body.customerInfo, phone: randomPhone() } } })
        assert.equal(refused.status, 409)
        assert.equal((await shop.database.db.select().from(jobs)).length, 1)

        for (let round = 0; round < 3; round += 1) {
          await shop.app.jobs.drain()
          // the backoff's delay, skipped: the job is due again now
          await shop.database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.status, 'queued'))
        }
        assert.equal(sent.length, 1)
        assert.equal(sent[0]?.to, 'amine@example.dz')
        assert.match(sent[0]?.subject ?? '', new RegExp(placed.body.data.order.trackingNumber))
        const row = await jobRow(shop.database.db, job.id)
        assert.equal(row.status, 'done')
        assert.equal(row.attempts, 3)
      } finally {
        await shop.close()
      }
    })
  })
}
