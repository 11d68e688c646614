import { maskPhone } from '@shop/shared'
import type { FastifyServerOptions } from 'fastify'

/** '0551234567' anywhere in a URL becomes '0*********': phone numbers never reach the access log. */
export function maskPhones(text: string): string {
  return text.replace(/0[567]\d{8}/g, '0*********')
}

const EMAIL = /[^\s@"'`,;:()<>[\]{}]+@[^\s@"'`,;:()<>[\]{}]+\.[a-z]{2,}/gi

/** 'yasmine.khelifa@example.dz' → 'y***@example.dz', and Algerian phone numbers (+213 or 0 forms) masked. */
export function maskPersonal(text: string): string {
  return text
    .replace(EMAIL, (address) => {
      const at = address.lastIndexOf('@')
      return at <= 0 ? '***' : `${address.slice(0, 1)}***${address.slice(at)}`
    })
    .replace(/(?:\+|00)?213\s?[567](?:[\s.-]?\d){8}/g, '+213•••••••••')
    .replace(/0[567]\d{8}/g, (phone) => maskPhone(phone))
}

/**
 * An error as the logs show it: its kind, SQLSTATE or system code, and message (the failed query's text
 * at most), never the values it was run with. Drizzle puts them in `params` and after "params:" in the
 * message; PostgreSQL's `detail` can quote a row ("Key (phone)=(0551…)"); ioredis keeps the command's
 * arguments: all dropped. Causes are walked the same way.
 */
export interface LoggedError {
  type: string
  message: string
  stack: string
  [field: string]: unknown
}

export function safeError(error: unknown, depth = 0): LoggedError {
  if (error === null || typeof error !== 'object') return { type: typeof error, message: maskPersonal(String(error)), stack: '' }
  const source = error as Record<string, unknown>
  const className = (error as object).constructor?.name
  const type = typeof source.name === 'string' && source.name !== 'Error' ? source.name : className && className !== 'Object' ? className : 'Error'
  const message = maskPersonal(String(source.message ?? '').replace(/\n\s*params:[\s\S]*$/, ''))
  const out: LoggedError = { type, message, stack: '' }
  for (const field of ['code', 'severity', 'table', 'column', 'constraint', 'routine', 'errno', 'syscall'] as const) {
    const value = source[field]
    if (typeof value === 'string' || typeof value === 'number') out[field] = value
  }
  if (typeof source.stack === 'string') {
    // the stack's first lines repeat the message (and its parameters): keep only the frames
    const frames = source.stack.split('\n').filter((line) => /^\s+at /.test(line))
    out.stack = [`${type}: ${message}`, ...frames].join('\n')
  }
  if (source.cause !== undefined && source.cause !== null && depth < 5) out.cause = safeError(source.cause, depth + 1)
  return out
}

/**
 * The server's logger (server.ts; tests pass a stream to read it): session cookies, authorization
 * headers and Set-Cookie are redacted, phone numbers masked in URLs, request bodies are never logged,
 * and errors are logged without the values of a failed query or any e-mail or phone number.
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-session-id"]',
        'req.body',
        'res.headers["set-cookie"]',
        'body',
        'params',
        'err.params',
        'error.params',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; id: string }) {
        return { method: request.method, url: maskPhones(request.url), id: request.id }
      },
      err: (error: unknown) => safeError(error),
      error: (error: unknown) => safeError(error),
    },
    ...(stream ? { stream } : {}),
  }
}
