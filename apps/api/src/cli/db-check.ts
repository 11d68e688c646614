import { checkInvariants, leftovers } from '../reliability/invariants.ts'
import { openForCli } from './open.ts'

/**
 * `npm run db:check`: the store's invariants (stock, orders, coupons, idempotency keys, carts) checked
 * on the configured database (DATABASE_URL, or the embedded database in DATA_DIR while the store is
 * stopped). Prints one line per check and exits 1 when any is violated. docs/operations.md says what
 * to do then.
 */
const { database } = await openForCli()
let failed = false
try {
  const results = await checkInvariants(database.db)
  for (const result of results) {
    process.stdout.write(`${result.ok ? 'pass' : 'FAIL'}  ${result.name}${result.ok ? '' : `  (${result.violations} row(s))`}\n`)
    for (const example of result.examples) process.stdout.write(`        ${example}\n`)
    if (!result.ok) failed = true
  }
  if (database.kind === 'postgres') {
    const left = await leftovers(database.db)
    process.stdout.write(`info  sessions idle in a transaction: ${left.idleInTransaction}, row locks held by other sessions: ${left.locksHeld}\n`)
  }
  process.stdout.write(failed ? '\nInvariant violations found: see docs/operations.md, "db:check".\n' : '\nAll invariants hold.\n')
} catch (error) {
  process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`)
  failed = true
} finally {
  await database.close()
}
process.exit(failed ? 1 : 0)
