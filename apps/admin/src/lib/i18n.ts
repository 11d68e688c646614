import { createI18n as createKitI18n, detectLocale as detectLanguage } from '@shop/client-kit'
import { type Locale, MESSAGES } from '@shop/shared'
import type { i18n as I18n } from 'i18next'
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
import arCallbacks from '../locales/ar/callbacks.json'
import enCallbacks from '../locales/en/callbacks.json'
import frCallbacks from '../locales/fr/callbacks.json'
import arCustomers from '../locales/ar/customers.json'
import enCustomers from '../locales/en/customers.json'
import frCustomers from '../locales/fr/customers.json'
import arCouriers from '../locales/ar/couriers.json'
import enCouriers from '../locales/en/couriers.json'
import frCouriers from '../locales/fr/couriers.json'

/** localStorage key of the staff member's language (the storefront's `lang` is the shopper's, kept apart). */
export const LANGUAGE_KEY = 'admin-lang'

/** The languages offered in the switch: Arabic, French and English (every screen exists in the three). */
export const STAFF_LOCALES = ['ar', 'fr', 'en'] as const satisfies readonly Locale[]

export const resources = {
  ar: { common: arCommon, auth: arAuth, dashboard: arDashboard, orders: arOrders, products: arProducts, catalogue: arCatalogue, marketing: arMarketing, delivery: arDelivery, shop: arShop, inbox: arInbox, callbacks: arCallbacks, customers: arCustomers, couriers: arCouriers, ...MESSAGES.ar },
  fr: { common: frCommon, auth: frAuth, dashboard: frDashboard, orders: frOrders, products: frProducts, catalogue: frCatalogue, marketing: frMarketing, delivery: frDelivery, shop: frShop, inbox: frInbox, callbacks: frCallbacks, customers: frCustomers, couriers: frCouriers, ...MESSAGES.fr },
  en: { common: enCommon, auth: enAuth, dashboard: enDashboard, orders: enOrders, products: enProducts, catalogue: enCatalogue, marketing: enMarketing, delivery: enDelivery, shop: enShop, inbox: enInbox, callbacks: enCallbacks, customers: enCustomers, couriers: enCouriers, ...MESSAGES.en },
} as const satisfies Record<Locale, object>

export const NAMESPACES = Object.keys(resources.ar) as (keyof (typeof resources)['ar'])[]

/** The stored choice, or Arabic; a stored value that is not exactly a language is ignored. */
export function detectLocale(): Locale {
  return detectLanguage({ storageKey: LANGUAGE_KEY })
}

/** A ready i18next instance: resources are in the bundle, so it is usable as soon as this returns. */
export function createI18n(locale: Locale = detectLocale()): I18n {
  return createKitI18n({ locale, resources, namespaces: NAMESPACES, storageKey: LANGUAGE_KEY })
}
