import { hash, verify } from '@node-rs/argon2'

// OWASP's Argon2id row: m=19 MiB, t=2, p=1.
// algorithm 2 is Argon2id (@node-rs/argon2's const enum cannot be imported under isolated modules)
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const
/** Longer inputs are refused before hashing, so a huge password cannot tie up the CPU. */
export const MAX_PASSWORD_BYTES = 1024

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

let dummyHash: Promise<string> | undefined
/**
 * Verifies a password; with no stored hash (unknown account) it verifies against a dummy hash, so an
 * unknown e-mail and a wrong password take the same time.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) return false
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-used-for-timing')
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  return verify(storedHash, password).catch(() => false)
}
