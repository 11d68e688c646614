import { KIT_CONNECTION_TEXT_KEYS } from '@shop/client-kit'
import { emptyTexts, localeCatalogues, missingKeys, missingKitTexts, missingPluralForms } from '@shop/client-kit/locale-check'
import { LOCALES } from '@shop/shared'
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

    test(`the client kit's texts (the crash, failed-query and no-connection screens) exist in ${locale}`, () => {
      expect(missingKitTexts(catalogues, locale, KIT_CONNECTION_TEXT_KEYS)).toEqual([])
    })
  }

  test('no translation is empty', () => {
    expect(emptyTexts(files)).toEqual([])
  })
})
