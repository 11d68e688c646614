import { createI18n as createKitI18n, detectLocale as detectLanguage, readLanguageCookie } from '@shop/client-kit'
import { isLocale, type Locale } from '@shop/shared'
import type { i18n as I18n } from 'i18next'
import arFirst from '../locales/ar/first.ts'
import type ar from '../locales/ar/index.ts'

/** localStorage key of the shopper's language; also read from `?lang=` so an ad can land in its own language. */
export const LANGUAGE_KEY = 'lang'
/** The cookie that tells the server which language to render the next page in (same name as the key). */
export const LANGUAGE_COOKIE = 'lang'

// Arabic (the default) is in the first bundle, but for the texts of a page that are its own (addArabicTexts);
// French and English are chunks of their own, fetched before the first render when chosen (main.tsx) or when
// the shopper switches (switchLanguage).
export type LocaleResources = typeof ar
/** One language's namespaces as loaded (the Arabic bundle gives the keys their types). */
export type LocaleBundle = Record<string, object>

const LOADERS: Record<Exclude<Locale, 'ar'>, () => Promise<LocaleBundle>> = {
  fr: async () => (await import('../locales/fr/index.ts')).default,
  en: async () => (await import('../locales/en/index.ts')).default,
}

/** The Arabic texts this page has: the first bundle's and those of the pages' chunks loaded since. */
const arabic: LocaleBundle = { ...arFirst }
/** The instances made here, which get a page's Arabic texts when its chunk arrives. */
const instances = new Set<I18n>()

/**
 * Adds the Arabic texts of a namespace that is not in the first bundle: called when a page's chunk is loaded
 * (through its module in lib/arabic-texts/), before the page is drawn, on the server as in the browser.
 */
export function addArabicTexts(namespace: string, texts: object): void {
  if (arabic[namespace]) return
  arabic[namespace] = texts
  for (const instance of instances) instance.addResourceBundle('ar', namespace, texts, true, true)
}

export async function loadLocaleResources(locale: Locale): Promise<LocaleBundle> {
  return locale === 'ar' ? arabic : LOADERS[locale]()
}

const LATER_NAMESPACES = ['marketing', 'tracking', 'info'] as const
export const NAMESPACES = [...Object.keys(arFirst), ...LATER_NAMESPACES] as (keyof LocaleResources)[]

/** `?lang=` first, then the stored choice, then Arabic; anything that is not exactly a language is ignored. */
export function detectLocale(): Locale {
  return detectLanguage({ storageKey: LANGUAGE_KEY, fromUrl: true })
}

/**
 * The language the server rendered this page in (its `<html lang>`, marked by `data-rendered`), or null for a
 * page the browser draws alone (the development server). Hydration must start in that language.
 */
export function renderedLocale(): Locale | null {
  if (typeof document === 'undefined' || !document.documentElement.hasAttribute('data-rendered')) return null
  const lang = document.documentElement.lang
  return isLocale(lang) ? lang : null
}

/**
 * The shopper chose a language on an earlier visit (kept in localStorage) before the store kept it in a cookie:
 * the server rendered its default. That earlier choice, to switch to once the page is hydrated; null otherwise.
 */
export function storedChoiceOverRendered(rendered: Locale): Locale | null {
  if (readLanguageCookie(LANGUAGE_COOKIE) !== null) return null
  if (new URLSearchParams(window.location.search).has(LANGUAGE_KEY)) return null
  const stored = detectLanguage({ storageKey: LANGUAGE_KEY })
  return stored !== rendered && stored !== 'ar' ? stored : null
}

/**
 * A ready i18next instance, usable as soon as this returns: Arabic is always there, `more` adds the
 * languages already loaded (the chosen one, before the first render). A language that came from
 * `?lang=` is remembered, and a stored value that was not a language replaced.
 */
export function createI18n(
  locale: Locale = detectLocale(),
  more: Partial<Record<Locale, LocaleBundle>> = {},
  { onServer = false }: { onServer?: boolean } = {},
): I18n {
  const instance = createKitI18n({
    locale,
    resources: { ar: { ...arabic }, ...more },
    namespaces: NAMESPACES,
    storageKey: LANGUAGE_KEY,
    cookieName: LANGUAGE_COOKIE,
    rememberStart: !onServer,
  })
  instances.add(instance)
  return instance
}

/** Loads a language's texts if this page has not yet, then switches to it. */
export async function switchLanguage(i18n: I18n, locale: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, 'common')) {
    const bundle = await loadLocaleResources(locale)
    for (const [namespace, texts] of Object.entries(bundle)) i18n.addResourceBundle(locale, namespace, texts, true, true)
  }
  await i18n.changeLanguage(locale)
}
