import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { freshDatabase } from '../test/test-app.ts'
import type { Database } from './client.ts'
import { preparedStatementsOf, preparingClient, statementNamer } from './prepared-statements.ts'

describe('named statements: which texts are prepared', () => {
  test('one name per text, the same each time; pattern searches and texts past the cap run unnamed', () => {
    const nameOf = statementNamer(3)
    const list = 'select id from products where is_active = $1 limit $2'
    const detail = 'select id from products where slug = $1'
    assert.equal(nameOf(list), nameOf(list))
    assert.ok(nameOf(list))
    assert.notEqual(nameOf(detail), nameOf(list))
    for (const search of [
      'select id from products where search_text like shop_fold($1)',
      'select id from products where name ILIKE $1',
      'select id from products where shop_fold($1) <% search_text',
      'select id from products where name ~* $1',
    ]) {
      assert.equal(statementNamer()(search), undefined, search)
    }
    // list, detail, and a third text fill the cap of 3: a fourth runs unnamed, the known ones keep their names
    assert.ok(nameOf('select 3 where $1'))
    assert.equal(nameOf('select 4 where $1'), undefined)
    assert.ok(nameOf(detail))
  })

  test('DATABASE_URL may turn them off with ?prepared_statements=false, which is not passed on to the driver', () => {
    assert.deepEqual(preparedStatementsOf('postgres://shop@127.0.0.1:5432/shop'), { url: 'postgres://shop@127.0.0.1:5432/shop', prepared: true })
    assert.deepEqual(preparedStatementsOf('postgres://shop@127.0.0.1:6432/shop?prepared_statements=false&sslmode=disable'), {
      url: 'postgres://shop@127.0.0.1:6432/shop?sslmode=disable',
      prepared: false,
    })
    assert.equal(preparedStatementsOf('postgres://shop@127.0.0.1:6432/shop?prepared_statements=true').prepared, true)
  })
})

// on the PostgreSQL server only (TEST_DATABASE_URL, as in CI): PGlite has no named statements from the store
if (process.env.TEST_DATABASE_URL) describe('named statements on PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>
  before(async () => {
    fresh = await freshDatabase('postgres')
    await fresh.database.migrate()
  })
  after(async () => fresh.drop())

  /** The statements prepared on the one connection of a pool of one. */
  async function preparedOn(database: Database): Promise<string[]> {
    const result = await database.db.execute(sql`select statement from pg_prepared_statements order by prepare_time`)
    return (result as unknown as { rows: { statement: string }[] }).rows.map((row) => row.statement)
  }

  test('a statement with parameters is prepared once on its connection; a parameterless one with several commands still runs', async () => {
    const { openDatabase } = await import('./client.ts')
    const database = await openDatabase({ url: fresh.url as string, poolMax: 1 })
    try {
      for (const slug of ['a', 'b', 'c']) await database.db.execute(sql`select count(*) from products where slug = ${slug}`)
      const prepared = await preparedOn(database)
      assert.equal(prepared.filter((text) => text.includes('from products where slug = $1')).length, 1)
      // a pattern search is planned for each term: never prepared
      await database.db.execute(sql`select count(*) from products where search_text like ${'%x%'}`)
      assert.ok(!(await preparedOn(database)).some((text) => text.includes('like')))
      // parameterless, two commands: the simple protocol, as before
      await database.db.execute(sql.raw('select 1; select 2'))
    } finally {
      await database.close()
    }
  })

  test('with ?prepared_statements=false nothing is prepared', async () => {
    const { openDatabase } = await import('./client.ts')
    const url = new URL(fresh.url as string)
    url.searchParams.set('prepared_statements', 'false')
    const database = await openDatabase({ url: url.toString(), poolMax: 1 })
    try {
      await database.db.execute(sql`select count(*) from products where slug = ${'a'}`)
      assert.deepEqual(await preparedOn(database), [])
    } finally {
      await database.close()
    }
  })

  test('a connection prepares at most its cap of texts; the others run unnamed and answer the same', async () => {
    const client = new (preparingClient(pg.Client, 2))({ connectionString: fresh.url as string })
    await client.connect()
    try {
      for (let n = 1; n <= 4; n++) {
        const { rows } = await client.query<{ n: number }>(`select $1::int + ${n} as n`, [1])
        assert.equal(rows[0]?.n, 1 + n)
      }
      const { rows } = await client.query<{ count: number }>('select count(*)::int as count from pg_prepared_statements')
      assert.equal(rows[0]?.count, 2)
    } finally {
      await client.end()
    }
  })
})
