import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, textDirection } from '@shop/shared'
import { createInstance, type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import ar from '../locales/ar/index.ts'

/** localStorage key of the shopper's language; also read from `?lang=` so an ad can land in its own language. */
export const LANGUAGE_KEY = 'lang'

// Arabic (the default) is in the first bundle; French and English are chunks of their own, fetched
// before the first render when chosen (main.tsx) or when the shopper switches (switchLanguage).
export type LocaleResources = typeof ar
/** One language's namespaces as loaded (the Arabic bundle gives the keys their types). */
export type LocaleBundle = Record<string, object>

const LOADERS: Record<Exclude<Locale, 'ar'>, () => Promise<LocaleBundle>> = {
  fr: async () => (await import('../locales/fr/index.ts')).default,
  en: async () => (await import('../locales/en/index.ts')).default,
}

export async function loadLocaleResources(locale: Locale): Promise<LocaleBundle> {
  return locale === 'ar' ? ar : LOADERS[locale]()
}

export const NAMESPACES = Object.keys(ar) as (keyof LocaleResources)[]

function readStored(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_KEY)
  } catch {
    // Storage can be disabled (private mode, embedded browsers): the default language still works.
    return null
  }
}

function store(locale: Locale): void {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, locale)
  } catch {
    // Not remembered across visits, nothing else is lost.
  }
}

/**
 * `?lang=` first, then the stored choice, then Arabic. Anything that is not exactly one of the three
 * languages (a typo, an old value, `<script>` planted in the URL or the storage) is ignored.
 */
export function detectLocale(): Locale {
  const fromUrl = new URLSearchParams(window.location.search).get(LANGUAGE_KEY)
  if (isLocale(fromUrl)) return fromUrl
  const stored = readStored()
  return isLocale(stored) ? stored : DEFAULT_LOCALE
}

function applyToDocument(locale: Locale): void {
  document.documentElement.lang = locale
  document.documentElement.dir = textDirection(locale)
}

/**
 * A ready i18next instance, usable as soon as this returns: Arabic is always there, `more` adds the
 * languages already loaded (the chosen one, before the first render).
 */
export function createI18n(locale: Locale = detectLocale(), more: Partial<Record<Locale, LocaleBundle>> = {}): I18n {
  const instance = createInstance()
  // Synchronous with initAsync false: the returned promise is already settled.
  void instance.use(initReactI18next).init({
    resources: { ar, ...more },
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: NAMESPACES,
    defaultNS: 'common',
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  applyToDocument(locale)
  // Remember a language that came from `?lang=` and replace a stored value that was not a language.
  const stored = readStored()
  if (stored === null ? locale !== DEFAULT_LOCALE : stored !== locale) store(locale)
  instance.on('languageChanged', (lang) => {
    const next = isLocale(lang) ? lang : DEFAULT_LOCALE
    applyToDocument(next)
    store(next)
  })
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
