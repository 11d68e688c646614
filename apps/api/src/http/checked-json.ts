import { LRUCache } from 'lru-cache'
import { type input, safeParse, type $ZodType } from 'zod/v4/core'

/**
 * JSON of a value that passed its reply contract (a zod schema of packages/shared/src/contracts), as UTF-8
 * bytes. A reply made of such parts is put together without copying them (`CheckedJson.object`, `.list`) and
 * sent by `reply.okJson()` as one buffer: no part is checked, serialised or encoded again. A route answers
 * this way where the same parts come back request after request (a product's card on every page that lists
 * it), see `serialisedOnce()`.
 */
export class CheckedJson {
  private constructor(
    private readonly chunks: readonly Buffer[],
    /** Its size in bytes. */
    readonly byteLength: number,
  ) {}

  /** `value` checked against `schema` and written as JSON; a value that breaks the contract throws (a 500). */
  static of<S extends $ZodType>(schema: S, value: input<S>): CheckedJson {
    const result = safeParse(schema, value)
    if (result.error) throw new ReplyContractError(result.error)
    const text = JSON.stringify(result.data)
    // a buffer of its own, not a slice of Node's shared 8 KB pool: a part kept for long would keep the whole slab
    const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text))
    bytes.write(text)
    return new CheckedJson([bytes], bytes.length)
  }

  /** An array of checked parts. */
  static list(items: readonly CheckedJson[]): CheckedJson {
    const chunks: Buffer[] = [OPEN_ARRAY]
    items.forEach((item, i) => {
      if (i > 0) chunks.push(COMMA)
      chunks.push(...item.chunks)
    })
    chunks.push(CLOSE_ARRAY)
    return new CheckedJson(chunks, items.reduce((sum, item) => sum + item.byteLength, 1 + Math.max(items.length - 1, 0) + 1))
  }

  /**
   * One JSON object from checked parts: each field's JSON as it is. `rest`, when given, holds the other fields
   * (checked as one object by its own schema) and is spliced in after them.
   */
  static object(fields: Record<string, CheckedJson>, rest?: CheckedJson): CheckedJson {
    const chunks: Buffer[] = [OPEN_OBJECT]
    let byteLength = 2
    let first = true
    for (const [name, part] of Object.entries(fields)) {
      const key = fieldKey(first ? '' : ',', name)
      chunks.push(key, ...part.chunks)
      byteLength += key.length + part.byteLength
      first = false
    }
    // the rest without its braces, after a comma when fields came before it
    const inner = rest && rest.byteLength > 2 ? rest.bytes().subarray(1, -1) : undefined
    if (inner) {
      if (!first) chunks.push(COMMA)
      chunks.push(inner)
      byteLength += inner.length + (first ? 0 : 1)
    }
    chunks.push(CLOSE_OBJECT)
    return new CheckedJson(chunks, byteLength)
  }

  /** Its bytes in one buffer, between `before` and `after` when given (one copy of each part). */
  bytes(before?: Buffer, after?: Buffer): Buffer {
    if (!before && !after && this.chunks.length === 1) return this.chunks[0] as Buffer
    const all = [...(before ? [before] : []), ...this.chunks, ...(after ? [after] : [])]
    return Buffer.concat(all, this.byteLength + (before?.length ?? 0) + (after?.length ?? 0))
  }

  /** Its JSON as a string (tests, logs). */
  get text(): string {
    return this.bytes().toString('utf8')
  }
}

const OPEN_ARRAY = Buffer.from('[')
const CLOSE_ARRAY = Buffer.from(']')
const OPEN_OBJECT = Buffer.from('{')
const CLOSE_OBJECT = Buffer.from('}')
const COMMA = Buffer.from(',')
const fieldKeys = new Map<string, Buffer>()
/** `"name":` (after a comma when `separator` says so), made once per name. */
function fieldKey(separator: '' | ',', name: string): Buffer {
  const cacheKey = separator + name
  let key = fieldKeys.get(cacheKey)
  if (!key) {
    key = Buffer.from(`${separator}${JSON.stringify(name)}:`)
    fieldKeys.set(cacheKey, key)
  }
  return key
}

/** A reply part that does not match its contract: never sent, the request ends in a 500 (error-handler.ts). */
export class ReplyContractError extends Error {
  constructor(cause: unknown) {
    super('A reply part does not match its contract', { cause })
    this.name = 'ReplyContractError'
  }
}

/**
 * A pure function of a source text (a database row read as JSON text) and the reply's language, turned into
 * checked JSON once and kept for the next request that reads the same text. The source is the key: a row
 * that changed in any way (its stock, a renamed size, a new photo) is another text, so what is kept can never
 * be older than what the database just said. Kept by most recent use, `maxBytes` of keys and texts at most for
 * each language (a cache per language: the source text itself is the key, no longer string is made per look-up).
 */
export function serialisedOnce<Source extends string, Locale extends string>(
  build: (source: Source, locale: Locale) => CheckedJson,
  { maxBytes }: { maxBytes: number },
): ((source: Source, locale: Locale) => CheckedJson) & { clear(): void; readonly size: number } {
  const byLocale = new Map<Locale, LRUCache<string, CheckedJson>>()
  const keptFor = (locale: Locale) => {
    let kept = byLocale.get(locale)
    if (!kept) {
      kept = new LRUCache<string, CheckedJson>({
        maxSize: maxBytes,
        // the key, a string with Arabic letters, takes two bytes a character
        sizeCalculation: (value, key) => 2 * key.length + value.byteLength + 64,
      })
      byLocale.set(locale, kept)
    }
    return kept
  }
  const serialise = (source: Source, locale: Locale): CheckedJson => {
    const kept = keptFor(locale)
    let json = kept.get(source)
    if (json === undefined) {
      json = build(source, locale)
      kept.set(source, json)
    }
    return json
  }
  return Object.defineProperties(serialise, {
    clear: { value: () => byLocale.clear() },
    size: { get: () => [...byLocale.values()].reduce((sum, kept) => sum + kept.size, 0) },
  }) as typeof serialise & { clear(): void; readonly size: number }
}
