import assert from 'node:assert/strict'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from 'node:test'
import { sql } from 'drizzle-orm'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { freshDatabase, TEST_TARGETS } from '../test/test-app.ts'

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url))
const ROLES_MIGRATION = '0007_staff_roles_audit_log'

/** A copy of the migrations folder that stops just before the roles migration. */
async function migrationsBeforeRoles(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-migrations-'))
  await cp(MIGRATIONS, dir, { recursive: true })
  const journalPath = path.join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] }
  const at = journal.entries.findIndex((e) => e.tag === ROLES_MIGRATION)
  assert.ok(at > 0, 'roles migration in the journal')
  journal.entries = journal.entries.slice(0, at)
  await writeFile(journalPath, JSON.stringify(journal))
  return dir
}

for (const target of TEST_TARGETS) {
  test(`the roles migration turns "staff" accounts into managers and allows only owner/manager/agent (${target})`, async () => {
    const fresh = await freshDatabase(target)
    const older = await migrationsBeforeRoles()
    const db = fresh.database.db
    const migrate = (folder: string) =>
      target === 'pglite'
        ? migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: folder })
        : migratePg(db as unknown as NodePgDatabase, { migrationsFolder: folder })
    try {
      await migrate(older)
      await db.execute(sql`insert into staff (email, name, password_hash, role) values ('o@t.dz', 'O', 'x', 'owner'), ('s@t.dz', 'S', 'x', 'staff')`)
      await migrate(MIGRATIONS)
      const rows = await db.execute(sql`select email, role from staff order by email`)
      assert.deepEqual(
        (rows as unknown as { rows: { email: string; role: string }[] }).rows.map((r) => [r.email, r.role]),
        [['o@t.dz', 'owner'], ['s@t.dz', 'manager']],
      )
      await db.execute(sql`insert into staff (email, name, password_hash) values ('d@t.dz', 'D', 'x')`)
      const added = await db.execute(sql`select role from staff where email = 'd@t.dz'`)
      assert.equal((added as unknown as { rows: { role: string }[] }).rows[0]?.role, 'manager')
      await db.execute(sql`insert into staff (email, name, password_hash, role) values ('a@t.dz', 'A', 'x', 'agent')`)
      await assert.rejects(db.execute(sql`insert into staff (email, name, password_hash, role) values ('x@t.dz', 'X', 'x', 'staff')`))
    } finally {
      await fresh.drop()
      await rm(older, { recursive: true, force: true })
    }
  })
}
