import assert from 'node:assert/strict'
import { test } from 'node:test'
import { MESSAGES } from './messages/index.ts'
import { trackingPhone } from './phone.ts'
import { canMoveOrder, computeTotals, dzShopPhone, formatPrice, normalizeDzMobile, normalizeDzPhone, pickLocale, toLatinDigits, translate } from './index.ts'

test('prices are whole dinars with a thin thousands space and the language’s dinar sign', () => {
  assert.equal(formatPrice(5400, 'fr'), '5\u202F400 DA')
  assert.equal(formatPrice(1250000, 'ar'), '1\u202F250\u202F000 د.ج')
  assert.equal(formatPrice(0, 'en'), '0 DA')
  assert.equal(formatPrice(Number.NaN, 'fr'), '0 DA')
})

test('total = subtotal - discount + fee, never negative, discount capped at the subtotal', () => {
  assert.deepEqual(computeTotals(6000, 500, 450), { subtotal: 6000, discount: 500, deliveryFee: 450, total: 5950 })
  assert.equal(computeTotals(1000, 5000, 400).total, 400)
  assert.equal(computeTotals(1000, -50, 0).total, 1000)
})

test('the shop phone is an Algerian mobile or landline; "12345" is refused', () => {
  assert.equal(normalizeDzPhone('021 23 45 67'), '021234567')
  assert.equal(normalizeDzPhone('+213 38 12 34 56'), '038123456')
  assert.equal(normalizeDzPhone('0555 12 34 56'), '0555123456')
  assert.equal(normalizeDzPhone('12345'), null)
  assert.equal(normalizeDzPhone('0812345678'), null)
  const refused = dzShopPhone.safeParse('12345')
  assert.equal(refused.success, false)
  assert.equal(refused.error?.issues[0]?.message, 'validation:phone.shop')
})

test('Algerian mobiles are normalised to 0XXXXXXXXX; others refused', () => {
  assert.equal(normalizeDzMobile('+213 555 12 34 56'), '0555123456')
  assert.equal(normalizeDzMobile('213512345678'), '0512345678')
  assert.equal(normalizeDzMobile('0612345678'), '0612345678')
  assert.equal(normalizeDzMobile('0412345678'), null)
  assert.equal(normalizeDzMobile('051234567'), null)
  assert.equal(normalizeDzMobile("' OR 1=1--"), null)
})

test('Eastern Arabic and Persian digits are read as 0-9, in phones too', () => {
  assert.equal(toLatinDigits('٠٦٦١ ٢٣ ٤٥ ٦٧'), '0661 23 45 67')
  assert.equal(toLatinDigits('۰۵۵۵۱۲۳۴۵۶'), '0555123456')
  assert.equal(toLatinDigits('prix 1٥00 DA'), 'prix 1500 DA')
  assert.equal(normalizeDzMobile('٠٦٦١٢٣٤٥٦٧'), '0661234567')
})

test('the tracking phone rule reads Eastern Arabic digits and still asks for 10 digits', () => {
  assert.deepEqual(trackingPhone.safeParse('٠٦٦١٢٣٤٥٦٧').data, '0661234567')
  assert.deepEqual(trackingPhone.safeParse(' ۰۵۵۵۱۲۳۴۵۶ ').data, '0555123456')
  assert.equal(trackingPhone.safeParse('0661234567').data, '0661234567')
  assert.equal(trackingPhone.safeParse('٠٦٦١٢٣٤٥٦').error?.issues[0]?.message, 'validation:phone.tenDigits')
  assert.equal(trackingPhone.safeParse('').error?.issues[0]?.message, 'validation:phone.required')
})

test('order moves follow the table; only staff delete', () => {
  assert.ok(canMoveOrder('pending', 'confirmed', 'staff'))
  assert.ok(!canMoveOrder('pending', 'shipped', 'staff'))
  assert.ok(!canMoveOrder('delivered', 'cancelled', 'staff'))
  assert.ok(canMoveOrder('delivered', 'deleted', 'staff'))
  assert.ok(!canMoveOrder('pending', 'deleted', 'client'))
})

test('Accept-Language picks ar, fr or en, Arabic by default', () => {
  assert.equal(pickLocale('fr-DZ,fr;q=0.9,en;q=0.8'), 'fr')
  assert.equal(pickLocale('de-DE,en;q=0.5'), 'en')
  assert.equal(pickLocale('<script>'), 'ar')
  assert.equal(pickLocale(undefined), 'ar')
})

test('every server message exists in the three languages', () => {
  for (const namespace of ['errors', 'validation'] as const) {
    const keys = Object.keys(MESSAGES.en[namespace]).sort()
    assert.deepEqual(Object.keys(MESSAGES.ar[namespace]).sort(), keys)
    assert.deepEqual(Object.keys(MESSAGES.fr[namespace]).sort(), keys)
  }
  assert.equal(translate('fr', 'errors:QUANTITY_ABOVE_STOCK', { stock: 3 }), 'Il ne reste que 3 en stock.')
})
