import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, MESSAGES, textDirection } from '@shop/shared'
import { createInstance, type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import arAuth from '../locales/ar/auth.json'
import arCommon from '../locales/ar/common.json'
import arDashboard from '../locales/ar/dashboard.json'
import enAuth from '../locales/en/auth.json'
import enCommon from '../locales/en/common.json'
import enDashboard from '../locales/en/dashboard.json'
import frAuth from '../locales/fr/auth.json'
import frCommon from '../locales/fr/common.json'
import frDashboard from '../locales/fr/dashboard.json'
import arOrders from '../locales/ar/orders.json'
import arProducts from '../locales/ar/products.json'
import arCatalogue from '../locales/ar/catalogue.json'
import arMarketing from '../locales/ar/marketing.json'
import arDelivery from '../locales/ar/delivery.json'
import arShop from '../locales/ar/shop.json'
import enOrders from '../locales/en/orders.json'
import enProducts from '../locales/en/products.json'
import enCatalogue from '../locales/en/catalogue.json'
import enMarketing from '../locales/en/marketing.json'
import enDelivery from '../locales/en/delivery.json'
import enShop from '../locales/en/shop.json'
import frOrders from '../locales/fr/orders.json'
import frProducts from '../locales/fr/products.json'
import frCatalogue from '../locales/fr/catalogue.json'
import frMarketing from '../locales/fr/marketing.json'
import frDelivery from '../locales/fr/delivery.json'
import frShop from '../locales/fr/shop.json'
import arInbox from '../locales/ar/inbox.json'
import enInbox from '../locales/en/inbox.json'
import frInbox from '../locales/fr/inbox.json'

/** localStorage key of the staff member's language (the storefront's `lang` is the shopper's, kept apart). */
export const LANGUAGE_KEY = 'admin-lang'

/** The languages offered in the switch: Arabic, French and English (every screen exists in the three). */
export const STAFF_LOCALES = ['ar', 'fr', 'en'] as const satisfies readonly Locale[]

export const resources = {
  ar: { common: arCommon, auth: arAuth, dashboard: arDashboard, orders: arOrders, products: arProducts, catalogue: arCatalogue, marketing: arMarketing, delivery: arDelivery, shop: arShop, inbox: arInbox, ...MESSAGES.ar },
  fr: { common: frCommon, auth: frAuth, dashboard: frDashboard, orders: frOrders, products: frProducts, catalogue: frCatalogue, marketing: frMarketing, delivery: frDelivery, shop: frShop, inbox: frInbox, ...MESSAGES.fr },
  en: { common: enCommon, auth: enAuth, dashboard: enDashboard, orders: enOrders, products: enProducts, catalogue: enCatalogue, marketing: enMarketing, delivery: enDelivery, shop: enShop, inbox: enInbox, ...MESSAGES.en },
} as const satisfies Record<Locale, object>

export const NAMESPACES = Object.keys(resources.ar) as (keyof (typeof resources)['ar'])[]

function readStored(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_KEY)
  } catch {
    // Storage can be disabled: the default language still works.
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

/** The stored choice, or Arabic; a stored value that is not exactly a language is ignored. */
export function detectLocale(): Locale {
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
  instance.on('languageChanged', (lang) => {
    const next = isLocale(lang) ? lang : DEFAULT_LOCALE
    applyToDocument(next)
    store(next)
  })
  return instance
}
