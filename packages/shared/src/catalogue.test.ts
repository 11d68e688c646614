import assert from 'node:assert/strict'
import { test } from 'node:test'
import { colorError, colorHex, colorName, COLORS, pickLocalized, PRODUCT_NAME_MIN, productSummary, REVENUE_GROUPS, translate } from './index.ts'

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

test('a catalogue text is read in Arabic for ar, in French for fr and en, each falling back to the other', () => {
  assert.equal(pickLocalized('حذاء', 'Chaussure', 'ar'), 'حذاء')
  assert.equal(pickLocalized('حذاء', 'Chaussure', 'fr'), 'Chaussure')
  assert.equal(pickLocalized('حذاء', 'Chaussure', 'en'), 'Chaussure')
  assert.equal(pickLocalized('صندل', '', 'fr'), 'صندل', 'no French name: the Arabic one')
  assert.equal(pickLocalized('  ', 'Sandale', 'ar'), 'Sandale', 'blank counts as missing')
  assert.equal(pickLocalized(null, undefined, 'ar'), '')
})

test('a product summary reply keeps its fields; the server date becomes an ISO string', () => {
  const summary = productSummary.parse({
    _id: 'p-1', slug: 'derby', name: 'Derby', nameAr: 'ديربي', nameFr: 'Derby', price: 5400, compareAtPrice: null, percentOff: 0,
    inStock: true, stock: 3, sizes: ['41'], colors: ['black'], category: 'c-1', image: null, createdAt: new Date('2026-05-01T09:00:00Z'),
  })
  assert.equal(summary.createdAt, '2026-05-01T09:00:00.000Z')
  assert.deepEqual(productSummary.parse(summary), summary, 'the wire form parses to itself')
})
