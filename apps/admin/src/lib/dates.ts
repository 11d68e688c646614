import type { Locale } from '@shop/shared'

/** The shop's clock: "today" on the dashboard is the day in Algeria, whatever the laptop's time zone. */
export const SHOP_TIME_ZONE = 'Africa/Algiers'

/** 'samedi 21 novembre 2025' / 'السبت، 21 نوفمبر 2025': the Algerian variant of the language, Western digits. */
export function formatLongDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(`${locale}-DZ`, {
    dateStyle: 'full',
    timeZone: SHOP_TIME_ZONE,
    numberingSystem: 'latn',
  }).format(date)
}
