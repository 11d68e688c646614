import { LRUCache } from 'lru-cache'
import { type input, safeParse, type $ZodType } from 'zod/v4/core'

/**
 * JSON text of a value that passed its reply contract (a zod schema of packages/shared/src/contracts). A reply
 * made of such parts is spliced together as text (`CheckedJson.object`, `.list`) and sent by `reply.okJson()`: no part is
 * checked or serialised again. A route answers this way where the same parts come back request after request
 * (a product's card on every page that lists it), see `serialisedOnce()`.
 */
export class CheckedJson {
  private constructor(readonly text: string) {}

  /** `value` checked against `schema` and written as JSON; a value that breaks the contract throws (a 500). */
  static of<S extends $ZodType>(schema: S, value: input<S>): CheckedJson {
    const result = safeParse(schema, value)
    if (result.error) throw new ReplyContractError(result.error)
    return new CheckedJson(JSON.stringify(result.data))
  }

  /** An array of checked parts. */
  static list(items: readonly CheckedJson[]): CheckedJson {
    let text = '['
    for (let i = 0; i < items.length; i++) text += (i === 0 ? '' : ',') + (items[i] as CheckedJson).text
    return new CheckedJson(`${text}]`)
  }

  /**
   * One JSON object from checked parts: each field's text as it is. `rest`, when given, holds the other fields
   * (checked as one object by its own schema) and is spliced in after them.
   */
  static object(fields: Record<string, CheckedJson>, rest?: CheckedJson): CheckedJson {
    let text = '{'
    let first = true
    for (const name in fields) {
      text += `${first ? '' : ','}${JSON.stringify(name)}:${(fields[name] as CheckedJson).text}`
      first = false
    }
    if (rest && rest.text !== '{}') text += (first ? '' : ',') + rest.text.slice(1, -1)
    return new CheckedJson(`${text}}`)
  }
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
 * be older than what the database just said. Kept by most recent use, `maxBytes` of keys and texts at most.
 */
export function serialisedOnce<Source extends string, Locale extends string>(
  build: (source: Source, locale: Locale) => CheckedJson,
  { maxBytes }: { maxBytes: number },
): ((source: Source, locale: Locale) => CheckedJson) & { clear(): void; readonly size: number } {
  const kept = new LRUCache<string, CheckedJson>({
    maxSize: maxBytes,
    // strings with Arabic letters take two bytes a character
    sizeCalculation: (value, key) => 2 * (key.length + value.text.length) + 64,
  })
  const serialise = (source: Source, locale: Locale): CheckedJson => {
    const key = `${locale}|${source}`
    let json = kept.get(key)
    if (json === undefined) {
      json = build(source, locale)
      kept.set(key, json)
    }
    return json
  }
  return Object.defineProperties(serialise, {
    clear: { value: () => kept.clear() },
    size: { get: () => kept.size },
  }) as typeof serialise & { clear(): void; readonly size: number }
}
