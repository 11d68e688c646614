import type { Db } from '../../db/client.ts'
import { AppError, type FieldError } from '../../http/app-error.ts'
import { type Actor, writeAudit } from '../audit/audit.service.ts'
import { findAccount, markPaid, parcelsByTracking } from './ledger.repo.ts'
import type { StatementLine } from '@shop/shared'

/** One line of a courier's payout statement, read. */
export interface StatementEntry {
  line: number
  tracking: string
  amount: number
  paidOutAt: Date
  payoutId: string | null
}

const malformed = (key: string, line: number): AppError =>
  new AppError('VALIDATION_FAILED', { fieldErrors: [{ field: 'csv', message: `validation:statement.${key}`, params: { line } } satisfies FieldError] })

/** Splits one line on the separator, keeping separators inside double quotes ("1 500,50"). */
function fieldsOf(text: string, separator: string): string[] {
  const fields: string[] = []
  let current = ''
  let quoted = false
  for (const char of text) {
    if (char === '"') quoted = !quoted
    else if (char === separator && !quoted) {
      fields.push(current.trim())
      current = ''
    } else current += char
  }
  fields.push(current.trim())
  return fields
}

/** "1 500,50", "1.500,50", "1500.5", "1500" → 1501 (DA, rounded): couriers write French decimal commas. */
export function parseAmount(raw: string): number | null {
  let text = raw.replace(/[\s\u00a0\u202f]/g, '').replace(/(DA|DZD)$/i, '')
  if (text.includes(',') && text.includes('.')) text = text.replace(/\./g, '').replace(',', '.')
  else text = text.replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null
  return Math.round(Number(text))
}

/** "2026-11-20" or "20/11/2026" (an optional time after it is ignored): that day in Algiers (UTC+1, no summer time). */
export function parseDay(raw: string): Date | null {
  const text = raw.trim().split(/[ T]/)[0] ?? ''
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const french = /^(\d{2})[/.-](\d{2})[/.-](\d{4})$/.exec(text)
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : french ? [french[3], french[2], french[1]] : []
  if (!y || !m || !d) return null
  const date = new Date(`${y}-${m}-${d}T00:00:00+01:00`)
  // 2026-02-31 rolls over to March: refuse it
  if (Number.isNaN(date.getTime()) || new Date(date.getTime() + 3_600_000).getUTCDate() !== Number(d)) return null
  return date
}

/**
 * Reads a statement, `tracking;amount;date[;payout_id]` a line (`,` works too, a header line is skipped).
 * Throws VALIDATION_FAILED naming the first bad line: a malformed file is refused whole.
 */
export function parseStatement(csv: string): StatementEntry[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)
  const firstText = lines.find((l) => l.trim() !== '') ?? ''
  const separator = firstText.includes(';') ? ';' : firstText.includes('\t') ? '\t' : ','
  const entries: StatementEntry[] = []
  for (const [index, text] of lines.entries()) {
    const line = index + 1
    if (text.trim() === '') continue
    const fields = fieldsOf(text, separator)
    const [tracking = '', amountText = '', dateText = '', payoutId = ''] = fields
    const amount = parseAmount(amountText)
    // a header: the first line, its amount column not a number
    if (entries.length === 0 && amount === null && !/\d/.test(amountText)) continue
    if (fields.length < 3 || fields.length > 4 || tracking === '') throw malformed('columns', line)
    if (amount === null) throw malformed('amount', line)
    const paidOutAt = parseDay(dateText)
    if (!paidOutAt) throw malformed('date', line)
    entries.push({ line, tracking, amount, paidOutAt, payoutId: payoutId === '' ? null : payoutId })
  }
  if (entries.length === 0) throw malformed('empty', 1)
  return entries
}

/**
 * Applies a courier's payout statement in one transaction: each delivered parcel of the account named by a line,
 * paid the amount the store expects (COD less the delivery fee), is marked paid with the statement's date and
 * payout id. A line with another amount is reported and left owed, for staff to take up with the courier.
 */
export async function importStatement(db: Db, actor: Actor, accountId: string, csv: string) {
  const entries = parseStatement(csv)
  return db.transaction(async (tx) => {
    const account = await findAccount(tx, accountId)
    if (!account) throw new AppError('NOT_FOUND')
    const parcels = new Map((await parcelsByTracking(tx, accountId, [...new Set(entries.map((e) => e.tracking))])).map((p) => [p.tracking, p]))
    const lines: StatementLine[] = []
    for (const entry of entries) {
      const parcel = parcels.get(entry.tracking)
      const base = { line: entry.line, tracking: entry.tracking, amount: entry.amount }
      if (!parcel) {
        lines.push({ ...base, outcome: 'unknown', expected: null })
        continue
      }
      if (parcel.status !== 'delivered') {
        lines.push({ ...base, outcome: 'not_delivered', expected: null })
        continue
      }
      const expected = parcel.codAmount - (parcel.deliveryFee ?? 0)
      if (parcel.payoutStatus === 'paid') lines.push({ ...base, outcome: 'already_paid', expected })
      else if (entry.amount !== expected) lines.push({ ...base, outcome: 'differs', expected })
      else {
        await markPaid(tx, parcel.id, entry.paidOutAt, entry.payoutId)
        parcel.payoutStatus = 'paid'
        lines.push({ ...base, outcome: 'matched', expected })
      }
    }
    const tally = (outcome: StatementLine['outcome']) => lines.filter((l) => l.outcome === outcome).length
    const result = { lines, matched: tally('matched'), unknown: tally('unknown'), notDelivered: tally('not_delivered'), differs: tally('differs'), alreadyPaid: tally('already_paid') }
    await writeAudit(tx, actor, {
      kind: 'payment',
      action: 'statement',
      entity: 'courier_account',
      entityId: account.id,
      label: account.name,
      after: {
        matched: result.matched,
        unknown: result.unknown,
        notDelivered: result.notDelivered,
        differs: result.differs,
        alreadyPaid: result.alreadyPaid,
        paidTotal: lines.filter((l) => l.outcome === 'matched').reduce((sum, l) => sum + l.amount, 0),
      },
    })
    return result
  })
}
