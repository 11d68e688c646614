import type { FeeSyncPreview, FeeSyncRow, Locale } from '@shop/shared'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/app-error.ts'
import { type Actor, changedFields, writeAudit } from '../audit/audit.service.ts'
import { listDeliveryPrices, listWilayasUpTo, lockWilayaPrices, upsertDeliveryPrice } from '../delivery/delivery.repo.ts'
import { getShopSettings } from '../settings/settings.repo.ts'
import { findCourierAccount } from './courier-accounts.repo.ts'
import { type CourierAdapter, CourierError, type CourierFee } from './courier.ts'

/** The shop's margin on the courier's price: fixed DA, plus a percentage rounded to 10 DA. */
export interface FeeMargin {
  margin: number
  marginPercent: number
  /** A type the courier does not serve in a wilaya becomes "not offered" there (else the shop's price is kept). */
  offerOnlyServed?: boolean
}

export interface FeeSyncApply extends FeeMargin {
  /** Absent: every wilaya with a change. */
  wilayaCodes?: number[]
}

type AdapterOf = (accountId: string) => Promise<CourierAdapter>

/** The courier's price plus the margin; the percentage part rounded to the nearest 10 DA. */
export function withMargin(courier: number, { margin, marginPercent }: FeeMargin): number {
  return courier + margin + Math.round((courier * marginPercent) / 1000) * 10
}

/** What the courier said, in the store's refusal codes: bad credentials, quotas spent, or not reachable now. */
function courierFailure(error: unknown): never {
  if (error instanceof CourierError) {
    if (error.code === 'unauthorized') throw new AppError('COURIER_AUTH_FAILED', { cause: error })
    if (error.code === 'rate_limited') throw new AppError('TOO_MANY_REQUESTS', { cause: error })
    throw new AppError('COURIER_UNAVAILABLE', { cause: error })
  }
  throw error
}

/** The courier's fees from the account's sender wilaya, asked outside any transaction (a slow courier holds no lock). */
async function courierFees(db: Db, accountId: string, adapterOf: AdapterOf): Promise<Map<number, CourierFee>> {
  const account = await findCourierAccount(db, accountId)
  if (!account) throw new AppError('NOT_FOUND')
  let fees: CourierFee[]
  try {
    fees = await (await adapterOf(accountId)).fees(account.senderWilayaCode)
  } catch (error) {
    courierFailure(error)
  }
  return new Map(fees.map((fee) => [fee.wilayaCode, fee]))
}

/**
 * Each wilaya's three prices (home, stop desk, return) as the shop has them now (a wilaya without a row: the
 * default fees), the courier's, and the proposed ones. A type the courier does not serve keeps the shop's price,
 * or becomes "not offered" with offerOnlyServed. The return price is the courier's, without margin (it is what
 * the courier charges back). Home delivery is never made "not offered": the shop always delivers home somewhere.
 */
async function compare(db: Db, fees: Map<number, CourierFee>, margin: FeeMargin, locale: Locale): Promise<FeeSyncPreview> {
  const settings = await getShopSettings(db)
  const [wilayaRows, prices] = await Promise.all([listWilayasUpTo(db, settings.wilayaDivision), listDeliveryPrices(db)])
  const price = new Map(prices.map((p) => [`${p.wilayaCode}:${p.type}`, p]))
  const rows: FeeSyncRow[] = []
  const changedWilayas: number[] = []
  for (const wilaya of wilayaRows) {
    const home = price.get(`${wilaya.code}:domicil`)
    const desk = price.get(`${wilaya.code}:stopdesk`)
    const hasRow = Boolean(home || desk)
    const current = {
      domicil: hasRow ? (home?.price ?? null) : settings.defaultHomeFee,
      stopdesk: hasRow ? (desk?.price ?? null) : settings.defaultStopdeskFee,
      return: home?.returnPrice ?? desk?.returnPrice ?? settings.defaultReturnFee,
    }
    const fee = fees.get(wilaya.code)
    const courier = { domicil: fee?.home ?? null, stopdesk: fee?.stopDesk ?? null, return: fee?.returnFee ?? null }
    const proposed = {
      domicil: courier.domicil === null ? current.domicil : withMargin(courier.domicil, margin),
      stopdesk: courier.stopdesk === null ? (margin.offerOnlyServed ? null : current.stopdesk) : withMargin(courier.stopdesk, margin),
      return: courier.return ?? current.return,
    }
    const name = locale === 'ar' ? wilaya.nameAr : wilaya.nameFr
    let changed = false
    for (const type of ['domicil', 'stopdesk', 'return'] as const) {
      const row = { wilayaCode: wilaya.code, wilayaName: name, type, current: current[type], courier: courier[type], proposed: proposed[type], changed: current[type] !== proposed[type] }
      changed ||= row.changed
      rows.push(row)
    }
    if (changed) changedWilayas.push(wilaya.code)
  }
  return { rows, changedWilayas }
}

/** The differences between the shop's delivery prices and the courier's plus the margin; nothing is written. */
export async function previewFees(db: Db, accountId: string, adapterOf: AdapterOf, margin: FeeMargin, locale: Locale): Promise<FeeSyncPreview> {
  return compare(db, await courierFees(db, accountId, adapterOf), margin, locale)
}

/**
 * Asks the courier again (the client's numbers are never trusted) and writes the proposed prices of the chosen
 * wilayas (default: every changed one) in one transaction, with an audit line per wilaya as a staff edit has.
 * A chosen wilaya outside the shop's division refuses the whole request; one without a change is left alone.
 */
export async function applyFees(db: Db, actor: Actor, accountId: string, adapterOf: AdapterOf, input: FeeSyncApply, locale: Locale) {
  const fees = await courierFees(db, accountId, adapterOf)
  return db.transaction(async (tx) => {
    const wanted = input.wilayaCodes ? [...new Set(input.wilayaCodes)].sort((a, b) => a - b) : null
    // the price rows that may be written are locked first, then read again inside the transaction
    const lockable = wanted ?? (await listWilayasUpTo(tx, (await getShopSettings(tx)).wilayaDivision)).map((w) => w.code)
    for (const code of lockable) await lockWilayaPrices(tx, code)
    const preview = await compare(tx, fees, input, locale)
    const known = new Set(preview.rows.map((row) => row.wilayaCode))
    const unknown = (wanted ?? []).filter((code) => !known.has(code))
    if (unknown.length > 0) throw new AppError('VALIDATION_FAILED', { params: { field: 'wilayaCodes' }, data: { unknown } })
    const codes = (wanted ?? preview.changedWilayas).filter((code) => preview.changedWilayas.includes(code))
    let prices = 0
    for (const code of codes) {
      const rows = preview.rows.filter((row) => row.wilayaCode === code)
      const of = (type: FeeSyncRow['type']) => rows.find((row) => row.type === type)
      const [home, desk, back] = [of('domicil'), of('stopdesk'), of('return')]
      if (!home || !desk || !back) continue
      prices += rows.filter((row) => row.changed).length
      const returnPrice = back.proposed ?? 0
      const change = changedFields(
        { domicil: home.current, stopdesk: desk.current, returnPrice: back.current },
        { domicil: home.proposed, stopdesk: desk.proposed, returnPrice },
        ['domicil', 'stopdesk', 'returnPrice'],
      )
      if (change) await writeAudit(tx, actor, { kind: 'delivery_fee', action: 'update', entity: 'delivery_price', entityId: code, label: String(code).padStart(2, '0'), ...change })
      await upsertDeliveryPrice(tx, code, 'domicil', home.proposed, returnPrice)
      await upsertDeliveryPrice(tx, code, 'stopdesk', desk.proposed, returnPrice)
    }
    return { wilayas: codes.length, prices }
  })
}
