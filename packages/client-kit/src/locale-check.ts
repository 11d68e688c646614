/**
 * The checks both apps run on their translations (their locales tests): the three languages have the
 * same namespaces and keys, every plural form a language uses, no empty text, and the kit's own texts.
 * Pure functions over the JSON files as `import.meta.glob` gives them; the tests assert the lists are empty.
 */
import { LOCALES, type Locale, MESSAGES } from '@shop/shared'
import { KIT_TEXT_KEYS } from './kit-texts.ts'

/** './ar/common.json' → its content, as `import.meta.glob('./*\/*.json', { eager: true, import: 'default' })` gives. */
export type LocaleFiles = Record<string, unknown>

/** namespace → dotted leaf keys, for each language. */
export type Catalogues = Record<Locale, Map<string, string[]>>

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

/** Every leaf key of a namespace, dotted: { nav: { home } } → ['nav.home']. */
export function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix]
  if (typeof value !== 'object' || value === null) throw new Error(`${prefix} is neither text nor a group`)
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key))
}

/** Each language's namespaces: the app's JSON files plus the shared errors and validation. */
export function localeCatalogues(files: LocaleFiles): Catalogues {
  const catalogue = (locale: Locale) => {
    const namespaces = new Map<string, string[]>()
    for (const [path, content] of Object.entries(files)) {
      const [, lang, file] = /^\.\/(\w+)\/([\w-]+)\.json$/.exec(path) ?? []
      if (lang === locale && file) namespaces.set(file, leafKeys(content))
    }
    for (const [namespace, content] of Object.entries(MESSAGES[locale])) namespaces.set(namespace, leafKeys(content))
    return namespaces
  }
  return Object.fromEntries(LOCALES.map((locale) => [locale, catalogue(locale)])) as Catalogues
}

// Plural keys differ by language (Arabic has six forms, English two): compare them by their base.
const baseKeys = (keys: string[]) => new Set(keys.map((key) => key.replace(PLURAL_SUFFIX, '')))

/** The keys `other` has in each namespace that `locale` lacks, as 'namespace:key'. */
export function missingKeys(catalogues: Catalogues, locale: Locale, other: Locale): string[] {
  return [...catalogues[other]].flatMap(([namespace, keys]) => {
    const mine = baseKeys(catalogues[locale].get(namespace) ?? [])
    return [...baseKeys(keys)].filter((key) => !mine.has(key)).map((key) => `${namespace}:${key}`)
  })
}

/** Plural keys of `locale` without every form the language uses, as 'namespace:key_form'. */
export function missingPluralForms(catalogues: Catalogues, locale: Locale): string[] {
  const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
  return [...catalogues[locale]].flatMap(([namespace, keys]) => {
    const plurals = new Set(keys.filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')))
    return [...plurals].flatMap((base) => forms.filter((form) => !keys.includes(`${base}_${form}`)).map((form) => `${namespace}:${base}_${form}`))
  })
}

/** Texts that are empty or not text, as 'file key'. */
export function emptyTexts(files: LocaleFiles): string[] {
  return Object.entries(files).flatMap(([path, content]) =>
    leafKeys(content)
      .filter((key) => {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], content)
        return typeof value !== 'string' || value.trim() === ''
      })
      .map((key) => `${path} ${key}`),
  )
}

/** The kit's texts (and `extra` ones, e.g. the "no connection" screen's) missing from a language's `common`. */
export function missingKitTexts(catalogues: Catalogues, locale: Locale, extra: readonly string[] = []): string[] {
  const common = catalogues[locale].get('common') ?? []
  return [...KIT_TEXT_KEYS, ...extra].filter((key) => !common.includes(key))
}
