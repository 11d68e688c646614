import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Secrets at rest (courier credentials, webhook secrets, later ad platform tokens): AES-256-GCM, so a changed
 * byte is detected rather than decrypted into garbage. Sealed text: `v1:<iv>:<tag>:<ciphertext>` (base64), the
 * version naming the algorithm so the format can change without guessing.
 */
export interface Secrets {
  seal(plain: string): string
  /** Throws SecretsError when the text was altered or sealed with another key. */
  open(sealed: string): string
}

export class SecretsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SecretsError'
  }
}

const VERSION = 'v1'
const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16
export const SECRETS_KEY_FILE = 'secrets.key'

export function createSecrets(key: Buffer): Secrets {
  if (key.length !== KEY_BYTES) throw new SecretsError(`The secrets key must be ${KEY_BYTES} bytes, not ${key.length}`)
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(':')
    },
    open(sealed) {
      const parts = sealed.split(':')
      if (parts[0] !== VERSION || parts.length !== 4) throw new SecretsError('Unknown secret format (expected v1:<iv>:<tag>:<data>)')
      const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64')) as [Buffer, Buffer, Buffer]
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretsError('Malformed secret')
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv)
        decipher.setAuthTag(tag)
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8')
      } catch {
        throw new SecretsError('A secret cannot be decrypted: it was altered, or sealed with another SECRETS_KEY')
      }
    },
  }
}

/**
 * SECRETS_KEY when set (validated by config.ts); otherwise the key kept in <DATA_DIR>/secrets.key, generated
 * on the first start (mode 0600) so `npm start` works without setup. Two processes starting together cannot
 * each keep their own key: the file is created by a link, which only one of them wins.
 */
export async function loadSecretsKey(options: { secretsKey: string | undefined; dataDir: string }): Promise<Buffer> {
  if (options.secretsKey !== undefined) return Buffer.from(options.secretsKey.trim(), 'base64')
  const file = path.join(options.dataDir, SECRETS_KEY_FILE)
  await mkdir(options.dataDir, { recursive: true })
  // written whole under another name, then linked: another process sees no key file or a complete one
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  await writeFile(draft, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 })
  try {
    await link(draft, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    await unlink(draft)
  }
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')
  if (key.length !== KEY_BYTES) throw new SecretsError(`${file} does not hold a key of ${KEY_BYTES} bytes (base64); set SECRETS_KEY or remove the file`)
  return key
}
