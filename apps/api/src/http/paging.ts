import { z } from 'zod'

/** The paging query lives with the contracts (packages/shared/src/contracts/http.ts). */
export { pagingQuery } from '@shop/shared'

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit))
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string): boolean => UUID_RE.test(value)

/** An id in a request body: a UUID, or "not valid" under the field's name. */
export const uuidText = z.string().regex(UUID_RE, 'validation:invalid')

/** A LIKE pattern for text containing `term`, its own % and _ taken literally. */
export const containing = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
