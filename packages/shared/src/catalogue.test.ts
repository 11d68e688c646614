import assert from 'node:assert/strict'
import { test } from 'node:test'
import { colorError, colorHex, colorName, COLORS, PRODUCT_NAME_MIN, REVENUE_GROUPS, translate } from './index.ts'

test('a colour is a palette key or any name with a swatch; the 12 palette colours stay as suggestions', () => {
  assert.equal(COLORS.length, 12)
  assert.equal(colorError('navy', undefined), null, 'a palette key needs no swatch')
  assert.equal(colorError('Moutarde', '#d4a017'), null)
  assert.equal(colorError('خردلي', '#D4A017'), null, 'any language, upper-case hex')
  assert.equal(colorError('Moutarde', undefined), 'validation:color.hexRequired')
  assert.equal(colorError('Moutarde', 'yellow'), 'validation:color.hex')
  assert.equal(colorError('  ', '#d4a017'), 'validation:required')
  assert.equal(colorError('x'.repeat(41), '#d4a017'), 'validation:color.name')
  for (const locale of ['ar', 'fr', 'en'] as const) {
    assert.notEqual(translate(locale, 'validation:color.hexRequired'), 'validation:color.hexRequired')
    assert.match(translate(locale, 'validation:product.nameTooShort', { min: PRODUCT_NAME_MIN }), /3/)
    assert.notEqual(translate(locale, 'validation:product.sizesRequired'), 'validation:product.sizesRequired')
  }
})

test("a custom colour's swatch is its own hex; the palette's otherwise; grey for an unknown name", () => {
  assert.equal(colorHex('Moutarde', '#D4A017'), '#d4a017')
  assert.equal(colorHex('navy'), '#1f2a44')
  assert.equal(colorHex('navy', null), '#1f2a44')
  assert.equal(colorHex('Moutarde'), '#9e9e9e')
  assert.equal(colorHex('Moutarde', 'not-a-colour'), '#9e9e9e')
  assert.equal(colorName('Moutarde', 'ar'), 'Moutarde', 'a custom name is shown as typed')
})

test('the dashboard groups cover the money of live orders once each, never cancelled ones', () => {
  const all = [...REVENUE_GROUPS.pending, ...REVENUE_GROUPS.toDeliver, ...REVENUE_GROUPS.delivered]
  assert.equal(new Set(all).size, all.length)
  assert.ok(!all.includes('cancelled' as never) && !all.includes('deleted' as never))
})
