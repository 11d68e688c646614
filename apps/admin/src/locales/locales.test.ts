import { LOCALES, type Locale, MESSAGES, ORDER_STATUSES, STAFF_ROLES } from '@shop/shared'
import { describe, expect, test } from 'vitest'

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' })

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

/** Every leaf key of a namespace, dotted: { nav: { home } } → ['nav.home']. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix]
  if (typeof value !== 'object' || value === null) throw new Error(`${prefix} is neither text nor a group`)
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key))
}

/** namespace → keys, for one language: this app's JSON files plus the shared errors and validation. */
function catalogue(locale: Locale): Map<string, string[]> {
  const namespaces = new Map<string, string[]>()
  for (const [path, content] of Object.entries(files)) {
    const [, lang, file] = /^\.\/(\w+)\/([\w-]+)\.json$/.exec(path) ?? []
    if (lang === locale && file) namespaces.set(file, leafKeys(content))
  }
  for (const [namespace, content] of Object.entries(MESSAGES[locale])) namespaces.set(namespace, leafKeys(content))
  return namespaces
}

const catalogues = Object.fromEntries(LOCALES.map((locale) => [locale, catalogue(locale)])) as Record<
  Locale,
  Map<string, string[]>
>

// Plural keys differ by language (Arabic has six forms, English two): compare them by their base.
const baseKeys = (keys: string[]) => new Set(keys.map((key) => key.replace(PLURAL_SUFFIX, '')))

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
        for (const [namespace, keys] of catalogues[other]) {
          const mine = baseKeys(catalogues[locale].get(namespace) ?? [])
          const missing = [...baseKeys(keys)].filter((key) => !mine.has(key))
          expect(missing, `${locale}/${namespace}.json lacks keys that ${other} has`).toEqual([])
        }
      })
    }

    test(`plural keys in ${locale} have every form the language uses`, () => {
      const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
      for (const [namespace, keys] of catalogues[locale]) {
        const plurals = new Set(
          keys.filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')),
        )
        for (const base of plurals) {
          const missing = forms.filter((form) => !keys.includes(`${base}_${form}`))
          expect(missing, `${locale}/${namespace}.json ${base}`).toEqual([])
        }
      }
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
    for (const [path, content] of Object.entries(files)) {
      const empty = leafKeys(content).filter((key) => {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], content)
        return typeof value !== 'string' || value.trim() === ''
      })
      expect(empty, path).toEqual([])
    }
  })
})
