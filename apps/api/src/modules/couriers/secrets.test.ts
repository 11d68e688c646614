import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, test } from 'node:test'
import { ConfigError, loadConfig } from '../../config.ts'
import { createSecrets, loadSecretsKey, SECRETS_KEY_FILE, SecretsError } from './secrets.ts'

const tempDir = () => mkdtemp(path.join(os.tmpdir(), 'shop-secrets-'))

describe('secrets at rest', () => {
  test('a sealed secret opens to the same text, and never shows it', () => {
    const secrets = createSecrets(randomBytes(32))
    const sealed = secrets.seal('tok_éàü-123')
    assert.match(sealed, /^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/)
    assert.ok(!sealed.includes('tok_'))
    assert.equal(secrets.open(sealed), 'tok_éàü-123')
    // a fresh IV each time: the same secret sealed twice differs
    assert.notEqual(secrets.seal('same'), secrets.seal('same'))
  })

  test('an altered secret, another key or an unknown format is refused with a clear error', () => {
    const secrets = createSecrets(randomBytes(32))
    const sealed = secrets.seal('the-token')
    const [version, iv, tag, data] = sealed.split(':') as [string, string, string, string]
    const bytes = Buffer.from(data, 'base64')
    bytes[0] = (bytes[0] ?? 0) ^ 1
    assert.throws(() => secrets.open([version, iv, tag, bytes.toString('base64')].join(':')), (e) => e instanceof SecretsError && /altered/.test(e.message))
    assert.throws(() => createSecrets(randomBytes(32)).open(sealed), SecretsError)
    assert.throws(() => secrets.open(`v2:${iv}:${tag}:${data}`), /Unknown secret format/)
    assert.throws(() => secrets.open('plain text'), SecretsError)
  })

  test('the key comes from SECRETS_KEY when set, and no file is written', async () => {
    const dataDir = await tempDir()
    const key = randomBytes(32)
    const config = loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: key.toString('base64') })
    const loaded = await loadSecretsKey({ secretsKey: config.SECRETS_KEY, dataDir })
    assert.deepEqual(loaded, key)
    await assert.rejects(stat(path.join(dataDir, SECRETS_KEY_FILE)), { code: 'ENOENT' })
  })

  test('a SECRETS_KEY that is not 32 bytes of base64 stops the start with a line naming it', () => {
    for (const bad of [randomBytes(16).toString('base64'), 'not base64 at all!', 'x'.repeat(44)]) {
      assert.throws(() => loadConfig({ SECRETS_KEY: bad }), (e) => e instanceof ConfigError && e.message.startsWith('Invalid SECRETS_KEY'))
    }
  })

  test('without SECRETS_KEY a key is generated once into the data folder (0600) and read back after', async () => {
    const dataDir = await tempDir()
    const first = await loadSecretsKey({ secretsKey: undefined, dataDir })
    const file = path.join(dataDir, SECRETS_KEY_FILE)
    assert.equal((await stat(file)).mode & 0o777, 0o600)
    assert.equal(first.length, 32)
    const again = await loadSecretsKey({ secretsKey: undefined, dataDir })
    assert.deepEqual(again, first)
    // what the first process sealed, a restart opens
    assert.equal(createSecrets(again).open(createSecrets(first).seal('kept')), 'kept')
    assert.equal((await readFile(file, 'utf8')).trim(), first.toString('base64'))
    // two processes starting together end with one key
    const other = await tempDir()
    const [a, b] = await Promise.all([loadSecretsKey({ secretsKey: undefined, dataDir: other }), loadSecretsKey({ secretsKey: undefined, dataDir: other })])
    assert.deepEqual(a, b)
  })

  test('a damaged key file is refused, not replaced', async () => {
    const dataDir = await tempDir()
    await writeFile(path.join(dataDir, SECRETS_KEY_FILE), 'short\n')
    await assert.rejects(loadSecretsKey({ secretsKey: undefined, dataDir }), SecretsError)
  })
})
