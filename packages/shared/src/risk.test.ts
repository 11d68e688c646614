import assert from 'node:assert/strict'
import { test } from 'node:test'
import { type RiskOrder, riskAction, scoreRisk } from './risk.ts'

const now = new Date('2026-05-10T12:00:00Z')
const settings = { riskHighAmount: 15_000, riskRecentOrders: 3 }
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000)
const order = (status: string, days: number, callOutcomes: string[] = []): RiskOrder => ({ status, createdAt: daysAgo(days), callOutcomes })
const codes = (r: ReturnType<typeof scoreRisk>) => r.reasons.map((x) => x.code)

test('a phone with no history and a small order is normal, with no reason', () => {
  const risk = scoreRisk({ orders: [], blacklisted: false, settings, now, candidate: { total: 4_000, counted: false } })
  assert.deepEqual(risk, { level: 'normal', score: 0, reasons: [] })
})

test('two past returns and an order cancelled as fake make a very high risk, each reason with its count', () => {
  const risk = scoreRisk({
    orders: [order('returned', 40), order('returned', 20), order('cancelled', 10, ['no_answer', 'fake'])],
    blacklisted: false,
    settings,
    now,
  })
  assert.equal(risk.level, 'very_high')
  assert.deepEqual(risk.reasons, [
    { code: 'cancelled_as_fake', count: 1, points: 3 },
    { code: 'past_returns', count: 2, points: 4 },
  ])
  assert.equal(risk.score, 7)
})

test('a wrong number once is high; several orders in 24 hours add their own reason (the new one counted)', () => {
  const wrong = scoreRisk({ orders: [order('cancelled', 3, ['wrong_number'])], blacklisted: false, settings, now })
  assert.equal(wrong.level, 'high')
  assert.deepEqual(codes(wrong), ['wrong_number'])
  const burst = scoreRisk({
    orders: [order('pending', 0.1), order('pending', 0.5)],
    blacklisted: false,
    settings,
    now,
    candidate: { total: 3_000, counted: false },
  })
  assert.equal(burst.level, 'high')
  assert.deepEqual(burst.reasons, [{ code: 'many_recent_orders', count: 3, points: 2 }])
  // two days ago does not count as recent; two orders are under the threshold of 3
  const spread = scoreRisk({ orders: [order('pending', 2), order('pending', 0.5)], blacklisted: false, settings, now, candidate: { total: 3_000, counted: false } })
  assert.deepEqual(codes(spread), [])
})

test('a phone never delivered to ordering at or above the threshold is high; one delivered before is not', () => {
  const fresh = scoreRisk({ orders: [], blacklisted: false, settings, now, candidate: { total: 15_000, counted: false } })
  assert.deepEqual(fresh.reasons, [{ code: 'new_phone_high_amount', amount: 15_000, threshold: 15_000, points: 2 }])
  assert.equal(fresh.level, 'high')
  const known = scoreRisk({ orders: [order('delivered', 30)], blacklisted: false, settings, now, candidate: { total: 20_000, counted: false } })
  assert.deepEqual(codes(known), ['delivered_before'])
  assert.equal(known.level, 'trusted')
})

test('deliveries make a phone trusted only with nothing against it; their weight is capped', () => {
  const many = scoreRisk({ orders: [1, 2, 3, 4, 5].map((d) => order('delivered', d * 10)), blacklisted: false, settings, now })
  assert.equal(many.level, 'trusted')
  assert.deepEqual(many.reasons, [{ code: 'delivered_before', count: 5, points: -6 }])
  const mixed = scoreRisk({ orders: [order('delivered', 50), order('delivered', 40), order('returned', 30)], blacklisted: false, settings, now })
  assert.equal(mixed.level, 'normal', 'a return keeps a phone out of trusted even with deliveries')
})

test('a blacklisted phone is very high whatever its history', () => {
  const risk = scoreRisk({ orders: [1, 2, 3].map((d) => order('delivered', d * 10)), blacklisted: true, settings, now })
  assert.equal(risk.level, 'very_high')
  assert.equal(risk.reasons[0]?.code, 'blacklisted')
})

test('the shop settings map each level to its action', () => {
  const s = { riskTrustedMaySkipCall: true, riskHighMustCall: true, riskVeryHighAction: 'refuse' as const }
  assert.equal(riskAction('trusted', s), 'may_skip_call')
  assert.equal(riskAction('trusted', { ...s, riskTrustedMaySkipCall: false }), 'none')
  assert.equal(riskAction('normal', s), 'none')
  assert.equal(riskAction('high', s), 'must_call')
  assert.equal(riskAction('very_high', s), 'refuse')
  assert.equal(riskAction('very_high', { ...s, riskVeryHighAction: 'hold' }), 'hold')
})

test("a courier's failures count against the phone like their call-centre twins, each order once", () => {
  const failed = (status: string, courierFailures: string[], callOutcomes: string[] = []): RiskOrder => ({ status, createdAt: daysAgo(5), callOutcomes, courierFailures })
  const risk = scoreRisk({
    orders: [failed('shipped', ['no_answer', 'wrong_number']), failed('out_for_delivery', ['refused']), failed('delivered', ['not_ordered']), failed('shipped', ['no_answer'])],
    blacklisted: false,
    settings,
    now,
  })
  assert.deepEqual(risk.reasons, [
    { code: 'courier_wrong_number', count: 1, points: 2 },
    { code: 'courier_refused', count: 2, points: 4 },
    { code: 'delivered_before', count: 1, points: -2 },
  ])
  // a refused parcel that came back is one return; a wrong number a call already found is one wrong number
  const once = scoreRisk({ orders: [failed('returned', ['refused']), failed('cancelled', ['wrong_number'], ['wrong_number'])], blacklisted: false, settings, now })
  assert.deepEqual(codes(once), ['past_returns', 'wrong_number'])
})
