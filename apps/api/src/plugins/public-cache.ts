import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

/**
 * Public catalogue replies (products, categories, delivery fees, places, settings, banners) are the same
 * for every shopper: they are kept in memory for a short time, keyed by URL and reply language, so a
 * burst of visitors from an ad costs the database one query per page per `ttlMs` instead of one per visitor.
 *
 * Freshness:
 * - every successful staff write (any non-GET request under /api/v1/admin answered 2xx/3xx) bumps the
 *   version, so staff see their change at once; `app.publicCache.bump()` does the same from code;
 * - stock shown in lists and on product pages may be up to `ttlMs` old (placing an order always checks
 *   the real stock in its transaction);
 * - with several API processes, each one's copy expires within `ttlMs` of a staff change elsewhere;
 * - a request sent with `Cache-Control: no-cache` is answered from the database (and refreshes the copy).
 */
export interface PublicCacheOptions {
  /** How long a reply is reused; 0 turns the cache off (replies and counts). */
  ttlMs: number
  /** The database whose totals `memoized()` keeps (see below); without it nothing is kept. */
  db?: object
  /** How long a kept total is reused at most (it is dropped earlier by the writes that change it). */
  countTtlMs?: number
  /** Most replies kept; the oldest goes first. */
  maxEntries?: number
  /** Replies larger than this are not kept. */
  maxBytes?: number
  /**
   * The storefront's rendered pages, kept as the JSON replies are (same lifetime, same drops on staff writes):
   * which addresses are pages, and the language a page is rendered in (its key, with the address).
   */
  pages?: {
    matches(url: string, request: FastifyRequest): boolean
    locale(request: FastifyRequest): string
    /** The address a page is kept under (the same page for addresses that differ only by what it ignores). */
    address(url: string): string
  }
}

/** Headers of a kept page that go out again with every copy of it. */
const KEPT_HEADERS = ['etag', 'cache-control', 'vary', 'content-language'] as const

/** Paths under /api/v1 whose GET replies depend only on the URL and the language. */
export const PUBLIC_CACHE_PREFIXES = [
  '/api/v1/product',
  '/api/v1/category',
  '/api/v1/shipping/',
  '/api/v1/location/',
  '/api/v1/settings',
  '/api/v1/banner/active',
] as const

interface Entry {
  version: number
  expires: number
  contentType: string
  /** The reply as sent: a string, or the bytes of a reply made of checked parts (reply.okJson) */
  body: string | Buffer
  headers: Record<string, string>
}

export interface PublicCache {
  /** Drops every kept reply (after a change staff made). */
  bump(): void
  /** Replies kept now (for tests and the benchmark report). */
  size(): number
}

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache
  }
}

/**
 * Totals (`count(*)` of a list's filter) cost a scan of every matching row: 40 ms for 100 000 products,
 * 100 ms for 1 000 000 orders, on every page of every list. They are kept per database and key until a
 * write that can change them: `catalogue:` keys until any staff write (products are only added, hidden or
 * moved by staff), `orders:` keys until an order is placed or staff change one; never longer than countTtlMs.
 */
interface Memo {
  ttlMs: number
  values: Map<string, { value: Promise<unknown>; expires: number }>
}
const memos = new WeakMap<object, Memo>()

export async function memoized<T>(
  db: object,
  key: `catalogue:${string}` | `orders:${string}`,
  load: () => Promise<T>,
  /** Shorter than the default when other processes' writes matter (their orders are not seen here). */
  ttlMs?: number,
): Promise<T> {
  const memo = memos.get(db)
  if (!memo) return load()
  const kept = memo.values.get(key)
  if (kept && kept.expires > Date.now()) return kept.value as Promise<T>
  // a real promise, settled once: a query builder is a thenable that runs its query again on every then()
  const value: Promise<T> = Promise.resolve().then(load)
  memo.values.set(key, { value, expires: Date.now() + Math.min(ttlMs ?? memo.ttlMs, memo.ttlMs) })
  if (memo.values.size > 2000) memo.values.delete(memo.values.keys().next().value as string)
  // a failed count is not kept
  value.catch(() => memo.values.delete(key))
  return value
}

function forget(db: object | undefined, prefix: string): void {
  const memo = db ? memos.get(db) : undefined
  if (!memo) return
  for (const key of memo.values.keys()) if (key.startsWith(prefix)) memo.values.delete(key)
}

const STORE_KEY = Symbol('publicCacheKey')
const REFRESH = Symbol('publicCacheRefresh')
const VERSION = Symbol('publicCacheVersion')
type Marked = FastifyRequest & { [STORE_KEY]?: string; [VERSION]?: number; [REFRESH]?: (entry: Entry | null) => void }

function isPublic(url: string): boolean {
  return PUBLIC_CACHE_PREFIXES.some((prefix) => url.startsWith(prefix))
}

export const publicCachePlugin = fp(async (app: FastifyInstance, options: PublicCacheOptions) => {
  const maxEntries = options.maxEntries ?? 1000
  const maxBytes = options.maxBytes ?? 512 * 1024
  const entries = new Map<string, Entry>()
  // One request per key goes to the database when a copy is missing or old; the others wait for it
  // (no copy) or get the old copy meanwhile: an expired list costs one query, not one per visitor.
  const refreshing = new Map<string, Promise<Entry | null>>()
  let version = 1

  const finish = (request: FastifyRequest, entry: Entry | null) => {
    const marked = request as Marked
    const settle = marked[REFRESH]
    if (!settle) return
    marked[REFRESH] = undefined
    refreshing.delete(marked[STORE_KEY] as string)
    settle(entry)
  }

  if (options.db && options.ttlMs > 0) memos.set(options.db, { ttlMs: options.countTtlMs ?? 60_000, values: new Map() })

  app.decorate('publicCache', {
    bump() {
      version++
      entries.clear()
      forget(options.db, '')
    },
    size: () => entries.size,
  })

  // staff writes change what shoppers see: the next read goes to the database
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/v1/admin') && reply.statusCode < 400) {
      app.publicCache.bump()
    } else if (request.method === 'POST' && request.url.startsWith('/api/v1/order/') && reply.statusCode < 400) {
      forget(options.db, 'orders:')
    }
    finish(request, null)
  })
  app.addHook('onRequestAbort', async (request: FastifyRequest) => finish(request, null))

  if (options.ttlMs <= 0) return

  // runs after the envelope's onRequest hook, so request.locale is known
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET') return
    // a prefix test first: the storefront's page patterns are only tried on addresses outside the public API
    const isApiReply = isPublic(request.url)
    const isPage = !isApiReply && (options.pages?.matches(request.url, request) ?? false)
    if (!isPage && !isApiReply) return
    const key = isPage && options.pages ? `page|${options.pages.locale(request)}|${options.pages.address(request.url)}` : `${request.locale}|${request.url}`
    const send = (entry: Entry, state: 'hit' | 'stale') => {
      reply.headers(entry.headers).header('x-cache', state)
      if (entry.headers.etag !== undefined && request.headers['if-none-match'] === entry.headers.etag) return reply.code(304).send()
      return reply.header('content-type', entry.contentType).send(entry.body)
    }
    const noCache = /no-cache/i.test(String(request.headers['cache-control'] ?? ''))
    if (!noCache) {
      const entry = entries.get(key)
      const current = entry && entry.version === version ? entry : undefined
      if (current && current.expires > Date.now()) return send(current, 'hit')
      const pending = refreshing.get(key)
      if (pending) {
        if (current) return send(current, 'stale')
        const fresh = await pending
        if (fresh) return send(fresh, 'hit')
      }
    }
    const marked = request as Marked
    marked[STORE_KEY] = key
    marked[VERSION] = version
    if (!refreshing.has(key)) refreshing.set(key, new Promise((resolve) => (marked[REFRESH] = resolve)))
  })

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const key = (request as Marked)[STORE_KEY]
    if (key === undefined || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload)) || payload.length > maxBytes) {
      finish(request, null)
      return payload
    }
    // a staff change while this reply was being built: it may hold the old data, do not keep it
    // nor a reply for one visitor (`private` / `no-store`)
    if (
      reply.getHeader('set-cookie') !== undefined ||
      (request as Marked)[VERSION] !== version ||
      /private|no-store/i.test(String(reply.getHeader('cache-control') ?? ''))
    ) {
      finish(request, null)
      return payload
    }
    entries.delete(key)
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next().value
      if (oldest !== undefined) entries.delete(oldest)
    }
    const entry: Entry = {
      version,
      expires: Date.now() + options.ttlMs,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      body: payload,
      headers: {},
    }
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name)
      if (value !== undefined) entry.headers[name] = String(value)
    }
    entries.set(key, entry)
    finish(request, entry)
    reply.header('x-cache', 'miss')
    return payload
  })
})
