import { ConfigError, type Config, loadConfig } from '../config.ts'
import { type Database, DatabaseUnreachableError, openDatabase } from '../db/client.ts'

/** Config and database for the command-line tools, with the same one-line failures as the server. */
export async function openForCli(): Promise<{ config: Config; database: Database }> {
  try {
    const config = loadConfig()
    const database = await openDatabase({ url: config.DATABASE_URL, dir: config.pgliteDir, poolMax: 2 })
    return { config, database }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DatabaseUnreachableError) {
      process.stderr.write(`error: ${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
}

