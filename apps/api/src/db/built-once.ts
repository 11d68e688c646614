import * as drizzle from 'drizzle-orm'
import type { Query, SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db } from './client.ts'

/**
 * Statements whose SQL text drizzle builds once, their values left as `sql.placeholder(name)`, then run
 * with each request's values. Building a statement (walking its chunks, checking each entity) cost more
 * CPU than anything else the server did for an order: a quarter of it in a profile of guest orders under
 * load (docs/performance.md, "Statements built once"). The text is the one drizzle builds; only the
 * building is skipped.
 *
 * This runs the built text through the database's (or the transaction's) own drizzle session, the path
 * `db.execute()` and a select's `.execute()` take after building: `session.prepareQuery(...).execute(values)`.
 * drizzle's public `.prepare()` binds a statement to the session it was built on, so it cannot run inside
 * a transaction opened later; the session and the select's field list are drizzle internals, read in this
 * file only and checked by its tests on both databases.
 *
 * A statement whose shape varies (the number of lines of an order, the filters present) is built once per
 * shape: give each shape its key, from a small set (never from user input). Past 200 shapes of one statement
 * the new ones are built at each call, as without this file.
 */

interface PreparedLike {
  execute(values?: Record<string, unknown>): Promise<unknown>
  joinsNotNullableMap?: Record<string, boolean>
}
interface SessionLike {
  prepareQuery(query: Query, fields: unknown, name: string | undefined, arrayMode: boolean): PreparedLike
}

// drizzle's own (untyped) helper that orders a selection's fields as its selects map their rows
const orderSelectedFields = (drizzle as unknown as { orderSelectedFields(fields: Record<string, unknown>): unknown[] }).orderSelectedFields
const sessionOf = (db: Db): SessionLike => db._.session as unknown as SessionLike
// the store's drizzle instances use the default dialect settings (no casing option): the same text
const dialect = new PgDialect()

const MAX_SHAPES = 200

/** Built texts by shape; past MAX_SHAPES a new shape is built at each call (as drizzle does), never refused. */
function shapes<T>() {
  const built = new Map<string, T>()
  return (key: string, build: () => T): T => {
    const known = built.get(key)
    if (known) return known
    const entry = build()
    if (built.size < MAX_SHAPES) built.set(key, entry)
    return entry
  }
}

/** Rows as the driver gives them (column names as keys), like `db.execute()`. */
export interface RawResult<Row> {
  rows: Row[]
}

/**
 * A raw statement (`sql\`...\``) built once per key. `run(db, key, build, values)` returns what `db.execute()`
 * would: `{ rows }` with the driver's column names.
 */
export function rawBuiltOnce() {
  const byKey = shapes<Query>()
  return async <Row = Record<string, unknown>>(db: Db, key: string, build: () => SQL, values: Record<string, unknown>): Promise<RawResult<Row>> => {
    const query = byKey(key, () => dialect.sqlToQuery(build()))
    return sessionOf(db).prepareQuery(query, undefined, undefined, false).execute(values) as Promise<RawResult<Row>>
  }
}

/** What a drizzle select builder exposes of itself (its SQL, selection and joins). */
interface SelectLike<Result> {
  getSQL(): SQL
  _: { config: { fields: Record<string, unknown> }; result: Result }
}

interface BuiltSelect {
  query: Query
  fields: ReturnType<typeof orderSelectedFields>
  joinsNotNullableMap: Record<string, boolean> | undefined
}

/**
 * A select (`db.select({...}).from(...)...`) built once per key: rows mapped to the selection as drizzle maps
 * them, a left-joined table that matched nothing given as null.
 */
export function selectBuiltOnce() {
  const byKey = shapes<BuiltSelect>()
  return async <Result>(db: Db, key: string, build: () => SelectLike<Result>, values: Record<string, unknown>): Promise<Result> => {
    const built = byKey(key, () => {
      const select = build()
      return {
        query: dialect.sqlToQuery(select.getSQL()),
        fields: orderSelectedFields(select._.config.fields),
        joinsNotNullableMap: (select as unknown as { joinsNotNullableMap?: Record<string, boolean> }).joinsNotNullableMap,
      }
    })
    const prepared = sessionOf(db).prepareQuery(built.query, built.fields, undefined, true)
    prepared.joinsNotNullableMap = built.joinsNotNullableMap
    return prepared.execute(values) as Promise<Result>
  }
}
