import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, mock, test } from 'node:test'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type Shop, startShop } from '../../test/shop-fixture.ts'
import { TEST_TARGETS } from '../../test/test-app.ts'

type Row = Record<string, unknown>
const rows = (result: unknown) => (result as { rows: Row[] }).rows

for (const target of TEST_TARGETS) {
  describe(`purge of stale rows on ${target}`, () => {
    let shop: Shop
    let clientId = ''
    before(async () => {
      shop = await startShop(target)
      const signup = await shop.http('POST', '/api/v1/auth/client/signup', {
        body: { firstName: 'Rania', lastName: 'Belaid', email: 'rania@example.dz', password: 'casbah-d-alger-1' },
      })
      clientId = signup.body.data.user._id
    })
    after(async () => shop.close())

    const db = () => shop.database.db
    const ids = async (statement: ReturnType<typeof sql>) => rows(await db().execute(statement)).map((r) => String(Object.values(r)[0])).sort()

    /** One stale and one live row (or more) of every kind; returns the names of those that must stay. */
    async function seed() {
      const variant = shop.catalogue.scarf.variants[0]?.id as string
      const product = shop.catalogue.scarf.id
      const cart = async (name: string, cartAge: string, itemAge: string | null, client = false) => {
        const session = client ? null : randomUUID()
        const [row] = rows(
          await db().execute(sql`insert into carts (session_id, client_id, updated_at, created_at)
            values (${session}, ${client ? clientId : null}, now() - ${cartAge}::interval, now() - ${cartAge}::interval) returning id`),
        )
        if (itemAge) {
          await db().execute(sql`insert into cart_items (cart_id, product_id, variant_id, quantity, price_at_add, created_at, updated_at)
            values (${row?.id}, ${product}, ${variant}, 1, 1500, now() - ${itemAge}::interval, now() - ${itemAge}::interval)`)
        }
        return { name, id: String(row?.id) }
      }
      // a clean slate (the client's cart from the sign-up, rows of an earlier test)
      await db().execute(sql`delete from carts`)
      await db().execute(sql`delete from cart_merges`)
      const carts = [
        await cart('stale empty guest cart', '31 days', null),
        await cart('stale guest cart', '40 days', '35 days'),
        await cart('live guest cart', '29 days', '29 days'),
        await cart('old guest cart with a line changed today', '60 days', '1 hour'),
        await cart('old client cart', '400 days', '400 days', true),
      ]
      const mergedStale = randomUUID()
      const mergedLive = randomUUID()
      await db().execute(sql`insert into cart_merges (session_id, client_id, merged_at) values
        (${mergedStale}, ${clientId}, now() - interval '31 days'), (${mergedLive}, ${clientId}, now() - interval '1 day')`)
      await db().execute(sql`delete from sessions`)
      await db().execute(sql`insert into sessions (token_hash, kind, client_id, expires_at) values
        ('expired', 'client', ${clientId}, now() - interval '1 minute'), ('live', 'client', ${clientId}, now() + interval '1 day')`)
      await db().execute(sql`delete from password_reset_codes`)
      await db().execute(sql`insert into password_reset_codes (client_id, code_hash, expires_at, used_at) values
        (${clientId}, 'used', now() + interval '5 minutes', now()),
        (${clientId}, 'expired', now() - interval '1 minute', null),
        (null, 'expired-unknown-email', now() - interval '1 minute', null),
        (${clientId}, 'live', now() + interval '5 minutes', null)`)
      await db().execute(sql`delete from idempotency_keys`)
      await db().execute(sql`insert into idempotency_keys (scope, key, request_hash, created_at) values
        ('guest:none', 'old', 'h', now() - interval '49 hours'), ('guest:none', 'recent', 'h', now() - interval '47 hours')`)
      await db().execute(sql`delete from rate_limits`)
      await db().execute(sql`insert into rate_limits (key, count, reset_at) values
        ('LOGIN:ip:ended', 3, now() - interval '1 second'), ('LOGIN:ip:running', 3, now() + interval '60 seconds')`)
      return { carts, mergedLive }
    }

    async function assertOnlyLiveRowsLeft(seeded: Awaited<ReturnType<typeof seed>>) {
      const cartsLeft = await ids(sql`select id from carts`)
      const keep = seeded.carts.filter((c) => !c.name.startsWith('stale')).map((c) => c.id).sort()
      assert.deepEqual(cartsLeft, keep, 'only the stale guest carts went')
      assert.deepEqual(await ids(sql`select count(*) from cart_items`), ['3'], 'the lines of the kept carts stay')
      assert.deepEqual(await ids(sql`select session_id from cart_merges`), [seeded.mergedLive])
      assert.deepEqual(await ids(sql`select token_hash from sessions`), ['live'])
      assert.deepEqual(await ids(sql`select code_hash from password_reset_codes`), ['live'])
      assert.deepEqual(await ids(sql`select key from idempotency_keys`), ['recent'])
      assert.deepEqual(await ids(sql`select key from rate_limits`), ['LOGIN:ip:running'])
    }

    test('a run removes exactly the stale rows and keeps the live ones', async () => {
      const seeded = await seed()
      const counts = await shop.app.purgeNow()
      assert.deepEqual(counts, { guestCarts: 2, cartMerges: 1, sessions: 1, resetCodes: 3, idempotencyKeys: 1, rateLimits: 1, orderDrafts: 0, doneJobs: 0 })
      await assertOnlyLiveRowsLeft(seeded)
      const again = await shop.app.purgeNow()
      assert.deepEqual(again, { guestCarts: 0, cartMerges: 0, sessions: 0, resetCodes: 0, idempotencyKeys: 0, rateLimits: 0, orderDrafts: 0, doneJobs: 0 })
    })

    test('the ages come from the configuration', async () => {
      const strict = await startShop(target, { PURGE_GUEST_CART_DAYS: '1', PURGE_IDEMPOTENCY_HOURS: '1' })
      try {
        const fresh = randomUUID()
        await strict.database.db.execute(sql`insert into carts (session_id, updated_at) values
          (${fresh}, now() - interval '2 days'), (${randomUUID()}, now() - interval '2 hours')`)
        await strict.database.db.execute(sql`insert into idempotency_keys (scope, key, request_hash, created_at) values
          ('guest:none', 'two-hours', 'h', now() - interval '2 hours'), ('guest:none', 'now', 'h', now())`)
        const counts = await strict.app.purgeNow()
        assert.equal(counts?.guestCarts, 1)
        assert.equal(counts?.idempotencyKeys, 1)
      } finally {
        await strict.close()
      }
    })

    test('the schedule starts with the server, purges on its timer, and stops on close', async () => {
      const timed = await startShop(target, { PURGE_INTERVAL_MINUTES: '5' })
      mock.timers.enable({ apis: ['setTimeout', 'setInterval'] })
      try {
        await timed.database.db.execute(sql`insert into rate_limits (key, count, reset_at) values ('COUPON:ip:old', 1, now() - interval '1 minute')`)
        const left = async () => Number(rows(await timed.database.db.execute(sql`select count(*) as n from rate_limits`))[0]?.n)
        mock.timers.tick(10 * 60_000)
        assert.equal(await left(), 1, 'nothing runs before the server listens')
        await timed.app.listen({ port: 0, host: '127.0.0.1' })
        mock.timers.tick(60_000) // the first run, a minute after the start
        for (let i = 0; i < 2000 && (await left()) > 0; i++) await new Promise((resolve) => setImmediate(resolve))
        assert.equal(await left(), 0, 'the first run purged the ended window')
        await timed.database.db.execute(sql`insert into rate_limits (key, count, reset_at) values ('COUPON:ip:later', 1, now() - interval '1 minute')`)
        mock.timers.tick(5 * 60_000) // the next interval
        for (let i = 0; i < 2000 && (await left()) > 0; i++) await new Promise((resolve) => setImmediate(resolve))
        assert.equal(await left(), 0, 'the interval run purged it')
      } finally {
        mock.timers.reset()
        await timed.close()
      }
    })

    if (target === 'postgres') {
      test('one run at a time across API processes: while another holds the purge lock, a run does nothing', async () => {
        const seeded = await seed()
        // a second connection to the same database stands for another API process
        const name = rows(await db().execute(sql`select current_database() as name`))[0]?.name as string
        const otherUrl = new URL(process.env.TEST_DATABASE_URL as string)
        otherUrl.pathname = `/${name}`
        const holder = new pg.Client({ connectionString: otherUrl.toString() })
        await holder.connect()
        try {
          await holder.query('begin')
          await holder.query('select pg_advisory_xact_lock(72410002)')
          assert.equal(await shop.app.purgeNow(), null, 'skipped: another process is purging')
          assert.equal(Number(rows(await db().execute(sql`select count(*) as n from rate_limits`))[0]?.n), 2, 'nothing was deleted')
          await holder.query('commit')
          assert.notEqual(await shop.app.purgeNow(), null)
          await assertOnlyLiveRowsLeft(seeded)
        } finally {
          await holder.end()
        }
      })
    }
  })
}
