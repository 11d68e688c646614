import type pg from 'pg'

/**
 * Named (prepared) statements for node-postgres. drizzle sends every statement unnamed, so PostgreSQL parses
 * and plans each one again on every request; a named statement is parsed once per connection, and after a
 * few runs PostgreSQL keeps a generic plan when it costs no more than a custom one. Measured on the bench's
 * 1 000-product shop (PostgreSQL, 50 connections, same session): uncached product detail 414 -> 642 req/s,
 * category page 568 -> 681, guest orders 122 -> 176 a second (docs/performance.md).
 *
 * Which statements are named:
 * - statements with parameters only: a parameterless text may hold several commands (migrations, raw SQL),
 *   which a prepared statement cannot, and goes by the simple protocol as before;
 * - not pattern searches (`like`, trigram operators, regular expressions): their best plan depends on the
 *   term (an index for a rare word, a scan for a common one), so they are planned for each term;
 * - at most MAX_PER_CONNECTION texts per connection and MAX_TEXTS per process: statements built with a
 *   varying number of parameters (`in ($1, $2, ...)`) cannot fill the server's memory; past the cap they
 *   run unnamed.
 *
 * Behind a pooler that hands each transaction to another server connection and does not carry prepared
 * statements across (PgBouncer before 1.21 in transaction mode, or 1.21+ without `max_prepared_statements`),
 * turn it off with `?prepared_statements=false` on DATABASE_URL (docs/operations.md).
 */
export const MAX_PER_CONNECTION = 200
export const MAX_TEXTS = 2_000

const VALUE_DEPENDENT_PLAN = /\b(?:i?like|similar\s+to)\b|<%|%>|<<%|%>>|\bsimilarity\(|\bword_similarity\(|~\*?\s*\$/i

interface QueryConfig {
  text?: unknown
  name?: unknown
  values?: unknown
  submit?: unknown
}

/** The name a statement text is prepared under, or undefined when it runs unnamed. */
export function statementNamer(maxTexts = MAX_TEXTS) {
  const names = new Map<string, string | null>()
  return (text: string): string | undefined => {
    const known = names.get(text)
    if (known !== undefined) return known ?? undefined
    if (names.size >= maxTexts) return undefined
    const name = VALUE_DEPENDENT_PLAN.test(text) ? null : `shop_${names.size + 1}`
    names.set(text, name)
    return name ?? undefined
  }
}

/** pg's Client class, naming the statements it sends as described above; the pool opens its connections with it. */
export function preparingClient(Client: typeof pg.Client, maxPerConnection = MAX_PER_CONNECTION): typeof pg.Client {
  const nameOf = statementNamer()
  class PreparingClient extends Client {
    readonly #prepared = new Set<string>()

    // pg's query() is overloaded (text, config, submittable; promise or callback): arguments passed on untouched
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(config: any, values?: any, callback?: any): any {
      const named = this.#nameOf(config, values)
      if (!named) return super.query(config, values, callback)
      return super.query({ ...(typeof config === 'string' ? { text: config } : config), name: named }, values, callback)
    }

    /** The name to send `config` under: a text with parameters, not named by the caller, not a submittable (a cursor). */
    #nameOf(config: unknown, values: unknown): string | undefined {
      const query: QueryConfig = typeof config === 'string' ? { text: config } : config && typeof config === 'object' ? (config as QueryConfig) : {}
      const params = Array.isArray(values) ? values : query.values
      if (typeof query.text !== 'string' || query.name !== undefined || typeof query.submit === 'function') return undefined
      if (!Array.isArray(params) || params.length === 0) return undefined
      return this.#nameFor(query.text)
    }

    /** The text's name if this connection may prepare it (it already has, or is below its cap). */
    #nameFor(text: string): string | undefined {
      const named = nameOf(text)
      if (!named || (!this.#prepared.has(named) && this.#prepared.size >= maxPerConnection)) return undefined
      this.#prepared.add(named)
      return named
    }
  }
  return PreparingClient as unknown as typeof pg.Client
}

/** DATABASE_URL without the store's own `prepared_statements` parameter, and whether it allows them (the default). */
export function preparedStatementsOf(url: string): { url: string; prepared: boolean } {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return { url, prepared: true }
  }
  const setting = parsed.searchParams.get('prepared_statements')
  if (setting === null) return { url, prepared: true }
  parsed.searchParams.delete('prepared_statements')
  return { url: parsed.toString(), prepared: !/^(?:false|off|0|no)$/i.test(setting) }
}
