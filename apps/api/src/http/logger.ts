import type { FastifyServerOptions } from 'fastify'

/** '0551234567' anywhere in a URL becomes '0*********': phone numbers never reach the access log. */
export function maskPhones(text: string): string {
  return text.replace(/0[567]\d{8}/g, '0*********')
}

/**
 * The server's logger (server.ts; tests pass a stream to read it): session cookies, authorization
 * headers and Set-Cookie are redacted, phone numbers masked in URLs, and request bodies are never logged.
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req(request: { method: string; url: string; id: string }) {
        return { method: request.method, url: maskPhones(request.url), id: request.id }
      },
    },
    ...(stream ? { stream } : {}),
  }
}
