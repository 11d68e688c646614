import { normalizeDzMobile, type Risk, riskAction, type RiskReply, scoreRisk } from '@shop/shared'
import type { z } from 'zod'
import type { customerCard } from '@shop/shared'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/app-error.ts'
import { type Actor, writeAudit } from '../audit/audit.service.ts'
import { getShopSettings, type ShopSettingsRow } from '../settings/settings.repo.ts'
import {
  deleteBlacklisted,
  findBlacklisted,
  findRiskFacts,
  listBlacklist,
  type PhoneOrderRow,
  phoneNotes,
  type RiskFacts,
  upsertBlacklist,
} from './customers.repo.ts'

/** Orders still to be shipped: another one of the same phone is a possible duplicate. */
export const OPEN_ORDER_STATUSES = ['pending', 'confirmed'] as const
const isOpen = (status: string) => (OPEN_ORDER_STATUSES as readonly string[]).includes(status)

type RiskSettings = Pick<ShopSettingsRow, 'riskHighAmount' | 'riskRecentOrders' | 'riskTrustedMaySkipCall' | 'riskHighMustCall' | 'riskVeryHighAction'>

/**
 * The risk of a phone from its facts: with `candidate`, the order being placed (not yet among the facts) or
 * the order staff look at (among them); its amount is judged and it counts among the recent orders.
 */
export function riskOf(facts: RiskFacts, settings: RiskSettings, candidate?: { total: number; orderId?: string }, now = new Date()): RiskReply {
  const risk: Risk = scoreRisk({
    orders: facts.orders,
    blacklisted: facts.blacklisted,
    settings,
    now,
    ...(candidate ? { candidate: { total: candidate.total, counted: candidate.orderId !== undefined } } : {}),
  })
  return { ...risk, action: riskAction(risk.level, settings) }
}

/** The phone in the URL, in any form an Algerian mobile is written; anything else is a 404. */
export function phoneParam(raw: string): string {
  const phone = normalizeDzMobile(decodeURIComponent(raw))
  if (!phone) throw new AppError('NOT_FOUND')
  return phone
}

const orderOf = (o: PhoneOrderRow) => ({
  _id: o.id,
  trackingNumber: o.trackingNumber,
  createdAt: o.createdAt,
  status: o.status as z.input<typeof customerCard>['orders'][number]['status'],
  totalAmount: o.total,
  customerName: `${o.firstName} ${o.lastName}`.trim(),
  onHold: o.onHold,
  callOutcomes: o.callOutcomes,
  version: o.version,
})

const UNANSWERED = ['no_answer', 'busy']

/**
 * The customer card of a phone: its orders (guest or client), counts by outcome, delivery success rate, first
 * and last order, staff notes, the other open orders (possible duplicates of `orderId`), the blacklist entry
 * and the risk (of `orderId`'s amount when given).
 */
export async function customerCardOf(db: Db, phone: string, orderId?: string): Promise<z.input<typeof customerCard>> {
  const [facts, settings, notes, blacklisted] = await Promise.all([
    findRiskFacts(db, phone),
    getShopSettings(db),
    phoneNotes(db, phone),
    findBlacklisted(db, phone),
  ])
  const list = facts.orders
  const current = orderId ? list.find((o) => o.id === orderId) : undefined
  const has = (o: PhoneOrderRow, outcome: string) => o.callOutcomes.includes(outcome)
  const delivered = list.filter((o) => o.status === 'delivered').length
  const returned = list.filter((o) => o.status === 'returned').length
  const times = list.map((o) => new Date(o.createdAt).getTime())
  return {
    phone,
    orders: list.map(orderOf),
    counts: {
      orders: list.filter((o) => o.status !== 'deleted').length,
      delivered,
      returned,
      cancelled: list.filter((o) => o.status === 'cancelled').length,
      fake: list.filter((o) => has(o, 'fake')).length,
      noAnswer: list.filter((o) => o.callOutcomes.length > 0 && o.callOutcomes.every((c) => UNANSWERED.includes(c))).length,
      wrongNumber: list.filter((o) => has(o, 'wrong_number')).length,
    },
    successRate: delivered + returned > 0 ? Math.round((delivered * 100) / (delivered + returned)) : null,
    firstOrderAt: times.length ? new Date(Math.min(...times)).toISOString() : null,
    lastOrderAt: times.length ? new Date(Math.max(...times)).toISOString() : null,
    notes: notes.map(({ n, trackingNumber, staffName }) => ({
      _id: n.id,
      orderId: n.orderId,
      trackingNumber,
      text: n.text,
      staffName: staffName ?? null,
      createdAt: n.createdAt.toISOString(),
    })),
    duplicates: current && isOpen(current.status) ? list.filter((o) => o.id !== current.id && isOpen(o.status)).map(orderOf) : [],
    blacklist: blacklisted ? { reason: blacklisted.reason, staffName: blacklisted.staffName, createdAt: blacklisted.createdAt.toISOString() } : null,
    risk: riskOf(facts, settings, current ? { total: current.total, orderId: current.id } : undefined),
  }
}

export async function blacklistEntries(db: Db) {
  const rows = await listBlacklist(db)
  return rows.map((r) => ({ phone: r.phone, reason: r.reason, staffName: r.staffName, createdAt: r.createdAt.toISOString() }))
}

/** Adds a phone to the blacklist (or changes its reason), with its audit line, in one transaction. */
export async function addToBlacklist(db: Db, actor: Actor, phone: string, reason: string) {
  return db.transaction(async (tx) => {
    const { saved, before } = await upsertBlacklist(tx, { phone, reason, staffId: actor.id, staffName: actor.name })
    await writeAudit(tx, actor, {
      kind: 'blacklist',
      action: before ? 'update' : 'create',
      entity: 'phone',
      entityId: phone,
      label: phone,
      before: before ? { reason: before.reason } : null,
      after: { reason: saved.reason },
    })
    return saved
  })
}

export async function removeFromBlacklist(db: Db, actor: Actor, phone: string) {
  return db.transaction(async (tx) => {
    const removed = await deleteBlacklisted(tx, phone)
    if (!removed) throw new AppError('NOT_FOUND')
    await writeAudit(tx, actor, {
      kind: 'blacklist',
      action: 'delete',
      entity: 'phone',
      entityId: phone,
      label: phone,
      before: { reason: removed.reason, addedBy: removed.staffName },
      after: null,
    })
  })
}
