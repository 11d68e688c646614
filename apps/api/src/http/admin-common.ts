import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { causes } from '../db/errors.ts'
import { AppError } from './app-error.ts'
import { isUuid, pageCount } from './paging.ts'

/** `:id` route parameters are UUIDs; anything else is a 404, never a database error. */
export const idParams = z.object({ id: z.string() })

export function requireUuid(value: string, code: 'NOT_FOUND' | 'ORDER_NOT_FOUND' | 'PRODUCT_NOT_FOUND' | 'CATEGORY_NOT_FOUND' | 'SHIPMENT_NOT_FOUND' = 'NOT_FOUND'): string {
  if (!isUuid(value)) throw new AppError(code)
  return value
}

/** The fields of a patch body that were sent: an absent field leaves the stored value alone. */
export const withoutUndefined = <T extends object>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>

// the request helpers every domain's contract uses live in packages/shared (contracts/http.ts)
export { isoDateTime, optionalText, queryBoolean } from '@shop/shared'

export function paged(total: number, page: number, limit: number) {
  return { currentPage: page, totalPages: pageCount(total, limit), total }
}

/** The PostgreSQL constraint a failed statement broke (drizzle keeps the driver error in `cause`). */
export function violatedConstraint(error: unknown): string | undefined {
  for (const { constraint } of causes(error)) if (typeof constraint === 'string') return constraint
  return undefined
}

/** Runs `work`; a unique or check violation on one of `constraints` becomes `code`. */
export async function mapConstraint<T>(work: () => Promise<T>, constraints: Record<string, AppError>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const name = violatedConstraint(error)
    const mapped = name ? constraints[name] : undefined
    if (mapped) throw mapped
    throw error
  }
}

// ---------------------------------------------------------------- CSV

/** One CSV cell: quoted, quotes doubled, and a leading = + - @ (or tab / CR) neutralised with ' (formula injection). */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""'
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replaceAll('"', '""')}"`
}

/** UTF-8 with a byte-order mark so that spreadsheet programs read Arabic and accents correctly. */
export function csvDocument(rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}

export function sendCsv(reply: FastifyReply, fileName: string, body: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body)
}

/** Slug from a name: accents dropped, lower case, dashes; empty for a name without Latin letters. */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
}
