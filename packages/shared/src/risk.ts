import type { CourierFailure } from './couriers.ts'
import type { CallOutcome, OrderStatus } from './orders.ts'

/**
 * The risk of a phone number, computed from the shop's own history (never a black box): a level and the
 * reasons that made it, each a code and its figures, shown to staff in their language.
 */
export const RISK_LEVELS = ['trusted', 'normal', 'high', 'very_high'] as const
export type RiskLevel = (typeof RISK_LEVELS)[number]

/** What the shop does with a very high risk order at checkout: refuse it (neutral message) or keep it on hold. */
export const VERY_HIGH_RISK_ACTIONS = ['refuse', 'hold'] as const
export type VeryHighRiskAction = (typeof VERY_HIGH_RISK_ACTIONS)[number]

export const RISK_REASON_CODES = [
  'blacklisted',
  'cancelled_as_fake',
  'past_returns',
  'wrong_number',
  'many_recent_orders',
  'new_phone_high_amount',
  'delivered_before',
  'courier_wrong_number',
  'courier_refused',
] as const
export type RiskReasonCode = (typeof RISK_REASON_CODES)[number]

export interface RiskReason {
  code: RiskReasonCode
  /** Orders counted (fake, returns, wrong number, recent orders, deliveries); absent for `blacklisted`. */
  count?: number
  /** The amount judged (`new_phone_high_amount`) and the shop's threshold. */
  amount?: number
  threshold?: number
  /** Points this reason adds (positive: riskier; negative: more trusted). */
  points: number
}

/** One past order of the phone, as the risk rules read it. */
export interface RiskOrder {
  status: OrderStatus | string
  createdAt: Date | string
  /** Every call outcome recorded on the order. */
  callOutcomes: readonly (CallOutcome | string)[]
  /** Every failure a courier gave for the order's parcels ("Faux numéro" → wrong_number); none when left out. */
  courierFailures?: readonly (CourierFailure | string)[]
}

/** Courier failures that say the customer did not want the parcel, counted like a return. */
export const REFUSAL_FAILURES = ['refused', 'not_ordered', 'cancelled_by_customer'] as const satisfies readonly CourierFailure[]

export interface RiskSettings {
  /** An order of at least this amount from a phone never delivered to is a reason. */
  riskHighAmount: number
  /** This many orders of the phone in 24 hours (the one being judged included) is a reason. */
  riskRecentOrders: number
}

export const RISK_DEFAULTS = {
  riskHighAmount: 15_000,
  riskRecentOrders: 3,
  riskTrustedMaySkipCall: true,
  riskHighMustCall: true,
  riskVeryHighAction: 'hold',
} as const satisfies RiskSettings & { riskTrustedMaySkipCall: boolean; riskHighMustCall: boolean; riskVeryHighAction: VeryHighRiskAction }

export interface RiskInput {
  /** The phone's orders (any status), the one being judged excluded when `candidate` is given. */
  orders: readonly RiskOrder[]
  blacklisted: boolean
  settings: RiskSettings
  now: Date
  /** An order being placed or looked at: its total, and whether it is already among `orders`. */
  candidate?: { total: number; counted: boolean }
}

export interface Risk {
  level: RiskLevel
  score: number
  reasons: RiskReason[]
}

/**
 * Points per reason: an order cancelled as fake 3, a return or refusal 2, an order whose call found a wrong
 * number 2, many orders in 24 hours 2, a high amount from a phone never delivered to 2; each delivered order
 * -2 (at most -6). A courier's failures count as their call-centre twins: a courier's wrong number 2 (unless a call
 * already found it), a refusal at the door (refused, not ordered, cancelled by the customer) 2 (unless the
 * order is already counted as a return). Level: blacklisted or 6 points and more: very_high; 2 and more: high; -2 and less with no
 * reason against the phone: trusted; otherwise normal.
 */
export const RISK_POINTS = {
  cancelled_as_fake: 3,
  past_returns: 2,
  wrong_number: 2,
  many_recent_orders: 2,
  new_phone_high_amount: 2,
  delivered_before: -2,
  courier_wrong_number: 2,
  courier_refused: 2,
  deliveredCap: -6,
  veryHigh: 6,
  high: 2,
  trusted: -2,
} as const

const DAY_MS = 24 * 3_600_000

/** The risk of a phone from its history: pure, so crafted histories test it and the server and UI agree. */
export function scoreRisk(input: RiskInput): Risk {
  const reasons: RiskReason[] = []
  const { orders, settings } = input
  if (input.blacklisted) reasons.push({ code: 'blacklisted', points: RISK_POINTS.veryHigh })
  const fake = orders.filter((o) => o.callOutcomes.includes('fake')).length
  if (fake > 0) reasons.push({ code: 'cancelled_as_fake', count: fake, points: fake * RISK_POINTS.cancelled_as_fake })
  const returns = orders.filter((o) => o.status === 'returned').length
  if (returns > 0) reasons.push({ code: 'past_returns', count: returns, points: returns * RISK_POINTS.past_returns })
  const wrong = orders.filter((o) => o.callOutcomes.includes('wrong_number')).length
  if (wrong > 0) reasons.push({ code: 'wrong_number', count: wrong, points: wrong * RISK_POINTS.wrong_number })
  const failures = (o: RiskOrder) => o.courierFailures ?? []
  // one order counts once: a refused parcel that came back is already a return, a wrong number already found by a call stays one
  const courierWrong = orders.filter((o) => failures(o).includes('wrong_number') && !o.callOutcomes.includes('wrong_number')).length
  if (courierWrong > 0) reasons.push({ code: 'courier_wrong_number', count: courierWrong, points: courierWrong * RISK_POINTS.courier_wrong_number })
  const refused = orders.filter((o) => o.status !== 'returned' && failures(o).some((f) => (REFUSAL_FAILURES as readonly string[]).includes(f))).length
  if (refused > 0) reasons.push({ code: 'courier_refused', count: refused, points: refused * RISK_POINTS.courier_refused })
  const since = input.now.getTime() - DAY_MS
  const recent =
    orders.filter((o) => new Date(o.createdAt).getTime() > since && o.status !== 'deleted').length +
    (input.candidate && !input.candidate.counted ? 1 : 0)
  if (recent >= settings.riskRecentOrders) reasons.push({ code: 'many_recent_orders', count: recent, points: RISK_POINTS.many_recent_orders })
  const delivered = orders.filter((o) => o.status === 'delivered').length
  if (delivered === 0 && input.candidate && input.candidate.total >= settings.riskHighAmount) {
    reasons.push({
      code: 'new_phone_high_amount',
      amount: input.candidate.total,
      threshold: settings.riskHighAmount,
      points: RISK_POINTS.new_phone_high_amount,
    })
  }
  if (delivered > 0) {
    reasons.push({ code: 'delivered_before', count: delivered, points: Math.max(delivered * RISK_POINTS.delivered_before, RISK_POINTS.deliveredCap) })
  }
  const score = reasons.reduce((sum, r) => sum + r.points, 0)
  const against = reasons.some((r) => r.points > 0)
  const level: RiskLevel = input.blacklisted || score >= RISK_POINTS.veryHigh
    ? 'very_high'
    : score >= RISK_POINTS.high
      ? 'high'
      : score <= RISK_POINTS.trusted && !against
        ? 'trusted'
        : 'normal'
  return { level, score, reasons }
}

/** What the shop's settings make of a level: a flag for staff, or a hold or refusal at checkout. */
export type RiskAction = 'may_skip_call' | 'must_call' | 'hold' | 'refuse' | 'none'

export function riskAction(
  level: RiskLevel,
  settings: { riskTrustedMaySkipCall: boolean; riskHighMustCall: boolean; riskVeryHighAction: VeryHighRiskAction | string },
): RiskAction {
  if (level === 'trusted') return settings.riskTrustedMaySkipCall ? 'may_skip_call' : 'none'
  if (level === 'high') return settings.riskHighMustCall ? 'must_call' : 'none'
  if (level === 'very_high') return settings.riskVeryHighAction === 'refuse' ? 'refuse' : 'hold'
  return 'none'
}
