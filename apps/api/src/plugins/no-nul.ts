import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../http/app-error.ts'

// PostgreSQL refuses a NUL character (U+0000) in text, and no name, address, e-mail or search ever holds one:
// a request carrying one anywhere (path, query, JSON body, form field) is refused here, in one place, with
// the usual 400 VALIDATION_FAILED naming the field, before any route or the database sees it.

const NUL = '\u0000'
const ENCODED_NUL = /%00/i
const MAX_DEPTH = 64

/** The first place a NUL sits in a parsed value ('orderNotes', 'items.0.size'), or null. */
export function nulField(value: unknown, at = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? at || 'body' : null
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return null
  for (const [key, item] of Object.entries(value)) {
    const field = at ? `${at}.${key}` : key
    if (key.includes(NUL)) return at || 'body'
    const found = nulField(item, field, depth + 1)
    if (found) return found
  }
  return null
}

/** Where a NUL is in the request line: the query parameter's name, or 'path'. */
function nulInUrl(url: string): string | null {
  if (!url.includes(NUL) && !ENCODED_NUL.test(url)) return null
  const mark = url.indexOf('?')
  const pathPart = mark === -1 ? url : url.slice(0, mark)
  if (pathPart.includes(NUL) || ENCODED_NUL.test(pathPart)) return 'path'
  for (const pair of url.slice(mark + 1).split('&')) {
    if (pair.includes(NUL) || ENCODED_NUL.test(pair)) {
      const name = pair.split('=', 1)[0] ?? ''
      let decoded = name
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '))
      } catch {
        // a malformed name: reported as the query as a whole
      }
      return decoded && !decoded.includes(NUL) ? decoded : 'query'
    }
  }
  return 'query'
}

export function nulRefusal(field: string): AppError {
  return new AppError('VALIDATION_FAILED', { fieldErrors: [{ field, message: 'validation:invalid' }] })
}

export const noNulPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const field = nulInUrl(request.url)
    if (field) throw nulRefusal(field)
  })
  // after parsing, before the route's schema and handler: the JSON body, and the parsed query and params
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const field = nulField(request.params) ?? nulField(request.query) ?? nulField(request.body)
    if (field) throw nulRefusal(field)
  })
})
