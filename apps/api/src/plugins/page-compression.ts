import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

/** Most compressed pages kept (by ETag); the oldest goes first. */
const KEPT = 300

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const offered = new Map<string, number>()
  for (const part of String(accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find((v) => v !== undefined)
    if (name) offered.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return null
}

/**
 * The storefront's rendered pages (text/html with an ETag) go out compressed: a 60 KB page is ~12 KB of gzip,
 * a quarter of a second less on a slow 4G link. Each page is compressed once per encoding and kept by its ETag,
 * so a burst of visitors served from the page cache costs no compression either. The built files (scripts,
 * styles, fonts) are compressed at build time (scripts/precompress.mjs); JSON is left to the proxy in front.
 */
export const pageCompressionPlugin = fp(async (app: FastifyInstance) => {
  const kept = new Map<string, Buffer>()
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' || reply.statusCode === 304) return payload
    const etag = reply.getHeader('etag')
    if (typeof etag !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload
    reply.header('vary', 'Cookie, Accept-Encoding')
    const encoding = pickEncoding(request.headers['accept-encoding'])
    if (encoding === null) return payload
    const key = `${encoding}|${etag}`
    let body = kept.get(key)
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: payload.length } })
          : gzipSync(payload, { level: 6 })
      kept.set(key, body)
      if (kept.size > KEPT) kept.delete(kept.keys().next().value as string)
    }
    reply.header('content-encoding', encoding)
    return body
  })
})
