import { openForCli } from './open.ts'

const { database } = await openForCli()
await database.migrate()
console.log(`migrations applied (${database.kind})`)
await database.close()
