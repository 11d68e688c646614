import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, textDirection } from '@shop/shared'
import { createInstance, type i18n as I18n, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'

/** Where an app keeps the reader's language: its own localStorage key, and whether `?<key>=` in the address picks it. */
export interface LanguageStorage {
  storageKey: string
  /** The storefront reads `?lang=` so an ad can land in its own language; the back office does not. */
  fromUrl?: boolean
  /**
   * Also keep the choice in a cookie of this name, so the server renders the next page in that language
   * (the storefront's HTML is rendered on the server; localStorage never reaches it).
   */
  cookieName?: string
}

function readStored(storageKey: string): string | null {
  try {
    return window.localStorage.getItem(storageKey)
  } catch {
    // Storage can be disabled (private mode, embedded browsers): the default language still works.
    return null
  }
}

const YEAR_SECONDS = 365 * 24 * 3600

function store({ storageKey, cookieName }: LanguageStorage, locale: Locale): void {
  try {
    window.localStorage.setItem(storageKey, locale)
  } catch {
    // Not remembered across visits, nothing else is lost.
  }
  if (cookieName && typeof document !== 'undefined') {
    document.cookie = `${cookieName}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`
  }
}

/** The language cookie's value when it is exactly a language (what the server rendered the page in). */
export function readLanguageCookie(cookieName: string): Locale | null {
  if (typeof document === 'undefined') return null
  for (const part of document.cookie.split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === cookieName && isLocale(value)) return value
  }
  return null
}

/**
 * `?<key>=` first (where the app reads it), then the stored choice, then Arabic. Anything that is not
 * exactly one of the three languages (a typo, an old value, `<script>` planted in the URL or the
 * storage) is ignored.
 */
export function detectLocale({ storageKey, fromUrl = false }: LanguageStorage): Locale {
  if (fromUrl) {
    const fromAddress = new URLSearchParams(window.location.search).get(storageKey)
    if (isLocale(fromAddress)) return fromAddress
  }
  const stored = readStored(storageKey)
  return isLocale(stored) ? stored : DEFAULT_LOCALE
}

/** `<html lang dir>` follow the language: Arabic right to left, French and English left to right. */
export function applyLocaleToDocument(locale: Locale): void {
  // the server renders pages too: there the language and direction are written into the HTML it sends
  if (typeof document === 'undefined') return
  document.documentElement.lang = locale
  document.documentElement.dir = textDirection(locale)
}

export interface I18nSetup extends LanguageStorage {
  /** The language to start in (the app detects it, or a test names it). */
  locale: Locale
  /** The texts already loaded: Arabic always (the fallback), the others as the app bundles them. */
  resources: Resource
  namespaces: string[]
  /**
   * Store the starting language at once when it is not what storage holds (it came from `?lang=`, or
   * what was stored was not a language). Otherwise storage changes only when the reader switches.
   */
  rememberStart?: boolean
}

/**
 * A ready i18next instance for React, usable as soon as this returns (the resources are given, and init
 * is synchronous). `<html lang dir>` are set now and on every switch, and a switch is remembered.
 */
export function createI18n({ locale, resources, namespaces, storageKey, cookieName, rememberStart = false }: I18nSetup): I18n {
  const storage = { storageKey, cookieName }
  const instance = createInstance()
  // Synchronous with initAsync false: the returned promise is already settled.
  void instance.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: namespaces,
    defaultNS: 'common',
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  applyLocaleToDocument(locale)
  if (rememberStart) {
    const stored = readStored(storageKey)
    const cookie = cookieName ? readLanguageCookie(cookieName) : locale
    if ((stored === null ? locale !== DEFAULT_LOCALE : stored !== locale) || cookie !== locale) store(storage, locale)
  }
  instance.on('languageChanged', (lang) => {
    const next = isLocale(lang) ? lang : DEFAULT_LOCALE
    applyLocaleToDocument(next)
    store(storage, next)
  })
  return instance
}
