import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { freshDatabase, TEST_TARGETS } from '../test/test-app.ts'

// The pool's connections through statement errors (db/client.ts, keepConnectionsOnStatementErrors): a
// statement's own error (a refused order raises one) leaves its connection in the pool; a connection the
// server ended is replaced. PostgreSQL only: PGlite has no connections.
for (const target of TEST_TARGETS.filter((t) => t === 'postgres')) {
  describe(`the pool through statement errors (${target})`, () => {
    let fresh: Awaited<ReturnType<typeof freshDatabase>>
    before(async () => {
      fresh = await freshDatabase(target)
      await fresh.database.migrate()
    })
    after(async () => fresh.drop())

    const backend = async () => {
      const result = await fresh.database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)
      return Number((result as unknown as { rows: { pid: number }[] }).rows[0]?.pid)
    }
    const opened = async () => {
      const admin = new pg.Client({ connectionString: fresh.url })
      await admin.connect()
      try {
        const result = await admin.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        )
        return result.rows[0]?.n ?? 0
      } finally {
        await admin.end()
      }
    }

    test('a statement error, a refusal raised or a key taken, keeps the connection: the next statements run on it', async () => {
      const first = await backend()
      const before = await opened()
      await assert.rejects(fresh.database.db.execute(sql`select refuse_order('STOCK_SHORT', null)`), (error: Error & { cause?: { code?: string } }) => {
        assert.equal(error.cause?.code, 'KH001')
        return true
      })
      await assert.rejects(fresh.database.db.execute(sql`select 1 / 0`))
      const counter = sql`insert into rate_limits (key, count, reset_at) values ('pool-test', 1, now())`
      await fresh.database.db.execute(counter)
      await assert.rejects(fresh.database.db.execute(counter), (error: Error & { cause?: { code?: string } }) => error.cause?.code === '23505')
      assert.equal(await backend(), first, 'the same connection after three errors')
      assert.equal(await opened(), before, 'no connection closed or opened')
    })

    test('a connection the server ends is dropped and the next statement gets a new one', async () => {
      const first = await backend()
      const admin = new pg.Client({ connectionString: fresh.url })
      await admin.connect()
      await admin.query('select pg_terminate_backend($1)', [first])
      await admin.end()
      // the ended connection fails its next statement (or is dropped while idle); either way the one after runs on another
      await fresh.database.db.execute(sql`select 1`).catch(() => undefined)
      const next = await backend()
      assert.notEqual(next, first)
    })
  })
}
