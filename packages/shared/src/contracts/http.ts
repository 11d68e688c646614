import { z } from 'zod'

/**
 * The reply contract every route shares: `{ status: 'success', message?, data }`.
 *
 * A reply schema has two sides. Its input is what the server may hand over (a `Date` from the database,
 * for instance); its output is what travels and what the clients read (an ISO string). The API parses each
 * reply with the route's schema before sending it (apps/api/src/http/reply-serializer.ts), so a field the
 * schema does not name never leaves the server; the clients parse the same JSON with the same schema
 * (`api()` in each app), so a reply that drifted from its contract is an error, not a silent `undefined`.
 * A schema must therefore accept its own output unchanged: transforms only turn server values into wire values.
 */
export function success<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), message: z.string().optional(), data })
}

/** `response` of a route answering 200 with `data`. */
export function ok<T extends z.ZodType>(data: T) {
  return { 200: success(data) }
}

/** `response` of a route answering 201 (something was created) with `data`. */
export function created<T extends z.ZodType>(data: T) {
  return { 201: success(data) }
}

/** A moment: a `Date` on the server, an ISO 8601 string on the wire and in the clients. */
export const timestamp = z.union([z.date().transform((date) => date.toISOString()), z.string()])

/** A day (`YYYY-MM-DD`). */
export const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** A whole number of dinars, or of anything counted. */
export const count = z.number().int().nonnegative()

/** A reply that carries nothing but its message (`data: null`). */
export const nothing = z.null()

/** `page` from 1; `limit` capped at 100 (docs/decisions.md, API contract), never refused for being large. */
export function pagingQuery(defaultLimit: number) {
  return {
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .default(defaultLimit)
      .transform((n) => Math.min(n, 100)),
  }
}

/** Query-string booleans: "true"/"false"/"1"/"0". */
export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')
