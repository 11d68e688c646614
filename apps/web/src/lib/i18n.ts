import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, MESSAGES, textDirection } from '@shop/shared'
import { createInstance, type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import arAccount from '../locales/ar/account.json'
import arCart from '../locales/ar/cart.json'
import arCheckout from '../locales/ar/checkout.json'
import arPages from '../locales/ar/pages.json'
import arProduct from '../locales/ar/product.json'
import arTracking from '../locales/ar/tracking.json'
import enAccount from '../locales/en/account.json'
import enCart from '../locales/en/cart.json'
import enCheckout from '../locales/en/checkout.json'
import enPages from '../locales/en/pages.json'
import enProduct from '../locales/en/product.json'
import enTracking from '../locales/en/tracking.json'
import frAccount from '../locales/fr/account.json'
import frCart from '../locales/fr/cart.json'
import frCheckout from '../locales/fr/checkout.json'
import frPages from '../locales/fr/pages.json'
import frProduct from '../locales/fr/product.json'
import frTracking from '../locales/fr/tracking.json'
import arCatalogue from '../locales/ar/catalogue.json'
import arCommon from '../locales/ar/common.json'
import arMarketing from '../locales/ar/marketing.json'
import enCatalogue from '../locales/en/catalogue.json'
import enCommon from '../locales/en/common.json'
import enMarketing from '../locales/en/marketing.json'
import frCatalogue from '../locales/fr/catalogue.json'
import frCommon from '../locales/fr/common.json'
import frMarketing from '../locales/fr/marketing.json'

/** localStorage key of the shopper's language; also read from `?lang=` so an ad can land in its own language. */
export const LANGUAGE_KEY = 'lang'

// The three languages are a few kilobytes together: bundling them keeps a switch instant, with no request on 3G.
export const resources = {
  ar: {
    common: arCommon,
    catalogue: arCatalogue,
    marketing: arMarketing,
    product: arProduct,
    cart: arCart,
    checkout: arCheckout,
    account: arAccount,
    tracking: arTracking,
    pages: arPages,
    ...MESSAGES.ar,
  },
  fr: {
    common: frCommon,
    catalogue: frCatalogue,
    marketing: frMarketing,
    product: frProduct,
    cart: frCart,
    checkout: frCheckout,
    account: frAccount,
    tracking: frTracking,
    pages: frPages,
    ...MESSAGES.fr,
  },
  en: {
    common: enCommon,
    catalogue: enCatalogue,
    marketing: enMarketing,
    product: enProduct,
    cart: enCart,
    checkout: enCheckout,
    account: enAccount,
    tracking: enTracking,
    pages: enPages,
    ...MESSAGES.en,
  },
} as const satisfies Record<Locale, object>

export const NAMESPACES = Object.keys(resources.ar) as (keyof (typeof resources)['ar'])[]

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

/** A ready i18next instance: resources are in the bundle, so it is usable as soon as this returns. */
export function createI18n(locale: Locale = detectLocale()): I18n {
  const instance = createInstance()
  // Synchronous with initAsync false: the returned promise is already settled.
  void instance.use(initReactI18next).init({
    resources,
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
