import { emptyTexts, localeCatalogues, missingKeys, missingKitTexts, missingPluralForms } from '@shop/client-kit/locale-check'
import { LOCALES, ORDER_STATUSES, STAFF_ROLES } from '@shop/shared'
import { describe, expect, test } from 'vitest'

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' })
const catalogues = localeCatalogues(files)

describe('translations', () => {
  test('the three languages have the same namespaces', () => {
    const names = LOCALES.map((locale) => [...catalogues[locale].keys()].sort())
    expect(names[0]?.length).toBeGreaterThan(0)
    for (const list of names) expect(list).toEqual(names[0])
  })

  for (const locale of LOCALES) {
    for (const other of LOCALES) {
      if (locale === other) continue
      test(`every key in ${other} exists in ${locale}`, () => {
        expect(missingKeys(catalogues, locale, other), `${locale} lacks keys that ${other} has`).toEqual([])
      })
    }

    test(`plural keys in ${locale} have every form the language uses`, () => {
      expect(missingPluralForms(catalogues, locale)).toEqual([])
    })

    test(`the client kit's texts (the crash and failed-query screens) exist in ${locale}`, () => {
      expect(missingKitTexts(catalogues, locale)).toEqual([])
    })
  }

  test('every order status and staff role has a name in every language', () => {
    for (const locale of LOCALES) {
      const common = catalogues[locale].get('common') ?? []
      const missing = [
        ...ORDER_STATUSES.map((status) => `orderStatus.${status}`),
        ...STAFF_ROLES.map((role) => `staff.role.${role}`),
      ].filter((key) => !common.includes(key))
      expect(missing, `${locale}/common.json`).toEqual([])
    }
  })

  test('no translation is empty', () => {
    expect(emptyTexts(files)).toEqual([])
  })
})
