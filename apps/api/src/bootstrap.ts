import { count } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import type { Database, Db } from './db/client.ts'
import { products } from './db/schema.ts'
import { countStaff, createStaff, randomPassword } from './modules/staff/staff.service.ts'
import { ensureShopSettings, loadReferenceData } from './seed/reference.ts'

/** Whether the catalogue has any product (the demo shop is loaded only into an empty one). */
export async function hasProducts(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products)
  return (row?.n ?? 0) > 0
}

export const FIRST_OWNER_EMAIL = 'owner@khatwa.dz'

type Log = Pick<FastifyBaseLogger, 'info'>

/**
 * What a start needs before serving: migrations, reference data, the settings row, the demo shop on an
 * empty database (SEED_DEMO), and a first owner account when there is no staff at all.
 */
export async function bootstrap(database: Database, config: Config, log: Log): Promise<void> {
  await database.migrate()
  if (await loadReferenceData(database.db)) log.info('loaded wilayas, communes and default delivery prices')
  await ensureShopSettings(database.db)
  if (config.SEED_DEMO && !(await hasProducts(database.db))) {
    // the demo catalogue and its picture drawing are loaded only when an empty shop needs them, not on every start
    const { seedDemoShop } = await import('./seed/demo.ts')
    const started = Date.now()
    const result = await seedDemoShop(database.db, config.mediaDir)
    log.info({ ...result, ms: Date.now() - started }, 'loaded the demo shop')
  }
  if ((await countStaff(database.db)) === 0) {
    const password = randomPassword()
    await createStaff(database.db, { email: FIRST_OWNER_EMAIL, password, name: 'Owner', role: 'owner' })
    // Printed once, on purpose outside the JSON log: the only place this password ever appears.
    process.stdout.write(
      [
        '',
        '  First owner account created for the back office (/admin):',
        `    e-mail:   ${FIRST_OWNER_EMAIL}`,
        `    password: ${password}`,
        '  Keep it now: it is not shown again. `npm run admin:create` adds more accounts.',
        '',
      ].join('\n') + '\n',
    )
  }
}
