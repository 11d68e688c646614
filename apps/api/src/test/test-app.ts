import { randomBytes } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { type BuildAppOptions, buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { type DatabaseOptions, openDatabase } from '../db/client.ts'
import type { Mail } from '../modules/mail/mailer.ts'

/** The databases a test runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const TEST_TARGETS: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

/** A fresh, empty database for one test: in-memory PGlite, or a new PostgreSQL database dropped afterwards. */
export async function freshDatabase(target: 'pglite' | 'postgres', options: Pick<DatabaseOptions, 'onQuery'> = {}) {
  if (target === 'pglite') {
    const database = await openDatabase({ dir: 'memory://', ...options })
    return { database, url: undefined, drop: async () => database.close() }
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string
  const name = `shop_test_${Date.now()}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name} template template0 encoding 'UTF8'`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString(), poolMax: 5, ...options })
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close()
      const cleanup = new pg.Client({ connectionString: adminUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

export async function startTestApp(
  target: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  options: Pick<DatabaseOptions, 'onQuery'> & Pick<BuildAppOptions, 'courierDirectory' | 'createCourierAdapter' | 'mailer'> = {},
) {
  const fresh = await freshDatabase(target, { onQuery: options.onQuery })
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-'))
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', ...env })
  /** Every e-mail the app sent, newest last. */
  const mails: Mail[] = []
  const app = await buildApp({
    config,
    database: fresh.database,
    // a mailer of the test's own (one that fails, say) or one that keeps every message
    mailer: options.mailer ?? { send: async (mail) => void mails.push(mail) },
    courierDirectory: options.courierDirectory,
    createCourierAdapter: options.createCourierAdapter,
  })
  return {
    app,
    mails,
    config,
    database: fresh.database,
    async close() {
      await app.close()
      await fresh.drop()
    },
  }
}
