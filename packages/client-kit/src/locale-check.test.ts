import assert from 'node:assert/strict'
import { test } from 'node:test'
import { emptyTexts, leafKeys, localeCatalogues, missingKeys, missingKitTexts, missingPluralForms } from './locale-check.ts'

const kitTexts = { actions: { retry: 'r', refresh: 'r', goHome: 'h' }, crash: { title: 't', message: 'm' } }

test('leaf keys are dotted paths to the texts', () => {
  assert.deepEqual(leafKeys({ nav: { home: 'Accueil', cart: 'Panier' }, title: 'T' }), ['nav.home', 'nav.cart', 'title'])
})

test('a key one language has and another lacks is listed, plural forms compared by their base', () => {
  const catalogues = localeCatalogues({
    './ar/common.json': { ...kitTexts, items_zero: '', items_one: '', items_two: '', items_few: '', items_many: '', items_other: '' },
    './fr/common.json': { ...kitTexts, items_one: '', items_many: '', items_other: '', extra: 'en plus' },
    './en/common.json': { ...kitTexts, items_one: '', items_other: '' },
  })
  assert.deepEqual(missingKeys(catalogues, 'ar', 'fr'), ['common:extra'])
  assert.deepEqual(missingKeys(catalogues, 'fr', 'ar'), [])
  assert.deepEqual(missingPluralForms(catalogues, 'ar'), [])
  assert.deepEqual(missingPluralForms(catalogues, 'en'), [])
  assert.deepEqual(missingKitTexts(catalogues, 'en'), [])
  assert.deepEqual(missingKitTexts(catalogues, 'en', ['connection.title']), ['connection.title'])
})

test('an Arabic plural without its six forms is listed', () => {
  const catalogues = localeCatalogues({ './ar/common.json': { items_one: 'x', items_other: 'y' } })
  assert.deepEqual(missingPluralForms(catalogues, 'ar').sort(), ['common:items_few', 'common:items_many', 'common:items_two', 'common:items_zero'])
})

test('a blank text is listed with its file', () => {
  assert.deepEqual(emptyTexts({ './fr/common.json': { a: 'ok', b: '  ' } }), ['./fr/common.json b'])
})
