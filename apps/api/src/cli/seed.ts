import { hasProducts } from '../bootstrap.ts'
import { seedDemoShop } from '../seed/demo.ts'
import { ensureShopSettings, loadReferenceData } from '../seed/reference.ts'
import { openForCli } from './open.ts'

// Loads the reference data and the demo shop into an empty store; refuses to mix demo products
// into a catalogue that already has products.
const { config, database } = await openForCli()
try {
  await database.migrate()
  await loadReferenceData(database.db)
  await ensureShopSettings(database.db)
  if (await hasProducts(database.db)) {
    console.log('The catalogue already has products: the demo shop was not loaded.')
  } else {
    const result = await seedDemoShop(database.db, config.mediaDir)
    console.log('demo shop loaded:', result)
  }
} finally {
  await database.close()
}
