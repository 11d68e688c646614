import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { asc, eq, sql } from 'drizzle-orm'
import { freshDatabase, TEST_TARGETS } from '../test/test-app.ts'
import { rawBuiltOnce, selectBuiltOnce } from './built-once.ts'
import type { Db } from './client.ts'
import { categories, products } from './schema.ts'

for (const target of TEST_TARGETS) {
  describe(`statements built once (${target})`, () => {
    let fresh: Awaited<ReturnType<typeof freshDatabase>>
    let sent: string[] = []
    let db: Db
    before(async () => {
      fresh = await freshDatabase(target, { onQuery: (text) => sent.push(text) })
      await fresh.database.migrate()
      db = fresh.database.db
      await db.insert(categories).values([
        { id: '00000000-0000-4000-8000-000000000001', slug: 'shoes', nameAr: 'أحذية', nameFr: 'Chaussures', position: 1 },
        { id: '00000000-0000-4000-8000-000000000002', slug: 'bags', nameAr: 'حقائب', nameFr: 'Sacs', position: 2 },
      ])
    })
    after(async () => fresh.drop())

    test('a select is built once and runs with each call’s values, the text drizzle builds for it', async () => {
      const run = selectBuiltOnce()
      let builds = 0
      const build = () => {
        builds++
        return db
          .select({ slug: categories.slug, position: categories.position })
          .from(categories)
          .where(eq(categories.slug, sql.placeholder('slug')))
          .orderBy(asc(categories.position))
      }
      sent = []
      const shoes = await run(db, 'by slug', build, { slug: 'shoes' })
      const bags = await run(db, 'by slug', build, { slug: 'bags' })
      const none = await run(db, 'by slug', build, { slug: 'hats' })
      assert.equal(builds, 1)
      assert.equal(shoes[0]?.slug, 'shoes')
      assert.equal(shoes[0]?.position, 1)
      assert.equal(bags[0]?.slug, 'bags')
      assert.deepEqual(none, [])
      // the same text each time, the one drizzle builds for the select itself
      assert.equal(sent.length, 3)
      assert.equal(new Set(sent).size, 1)
      assert.equal(sent[0], build().toSQL().sql)
    })

    test('a left-joined table that matched nothing comes back as null, as in drizzle’s own select', async () => {
      const run = selectBuiltOnce()
      const build = () =>
        db
          .select({ slug: categories.slug, product: { id: products.id, price: products.price } })
          .from(categories)
          .leftJoin(products, eq(products.categoryId, categories.id))
          .where(eq(categories.slug, sql.placeholder('slug')))
      const built = await run(db, 'left', build, { slug: 'bags' })
      const direct = await db
        .select({ slug: categories.slug, product: { id: products.id, price: products.price } })
        .from(categories)
        .leftJoin(products, eq(products.categoryId, categories.id))
        .where(eq(categories.slug, 'bags'))
      assert.deepEqual(built, direct)
      assert.deepEqual(built, [{ slug: 'bags', product: null }])
    })

    test('a raw statement runs inside the transaction it is given (it sees the transaction’s own writes)', async () => {
      const run = rawBuiltOnce()
      const count = (on: Db) =>
        run<{ n: number }>(on, 'count', () => sql`select count(*)::int as n from ${categories} where ${categories.position} >= ${sql.placeholder('from')}`, { from: 1 })
      await assert.rejects(
        db.transaction(async (tx) => {
          await tx.insert(categories).values({ slug: 'hats', nameAr: 'قبعات', nameFr: 'Chapeaux', position: 3 })
          // on PostgreSQL another connection of the pool would not see the uncommitted row
          assert.equal((await count(tx)).rows[0]?.n, 3)
          throw new Error('roll back')
        }),
        /roll back/,
      )
      assert.equal((await count(db)).rows[0]?.n, 2)
    })

    test('a value missing for a placeholder is an error, not a null sent to the database', async () => {
      const run = rawBuiltOnce()
      await assert.rejects(
        run(db, 'one', () => sql`select ${sql.placeholder('a')}::int + ${sql.placeholder('b')}::int as n`, { a: 1 }),
        /No value for placeholder "b"/,
      )
    })
  })
}

test('past 200 shapes a new shape is built at each call and still runs; the known ones stay built once', async () => {
  const run = rawBuiltOnce()
  const texts: string[] = []
  const fakeDb = { _: { session: { prepareQuery: (query: { sql: string }) => ({ execute: async () => texts.push(query.sql) }) } } } as unknown as Db
  let builds = 0
  const build = (n: number) => () => {
    builds++
    return sql`select ${sql.raw(String(n))}`
  }
  for (let i = 0; i < 200; i++) await run(fakeDb, `shape ${i}`, build(i), {})
  assert.equal(builds, 200)
  await run(fakeDb, 'one more', build(1000), {})
  await run(fakeDb, 'one more', build(1000), {})
  assert.equal(builds, 202)
  assert.equal(texts.at(-1), 'select 1000')
  await run(fakeDb, 'shape 3', build(3), {})
  assert.equal(builds, 202)
  assert.equal(texts.at(-1), 'select 3')
})
