import { type Locale, textDirection } from '@shop/shared'

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

/**
 * '21/11/2025 14:05': dense lists and timelines, in the shop's time zone, on the 24-hour clock in every
 * language (fr-DZ and ar-DZ would otherwise say '2:05 PM' / '2:05 م').
 */
export function formatDateTime(value: string | Date, locale: Locale): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat(`${locale}-DZ`, {
    dateStyle: 'short',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: SHOP_TIME_ZONE,
    numberingSystem: 'latn',
  }).format(date)
}

/** '21/11/2025', for dates without a time (coupons, banners). */
export function formatShortDate(value: string | Date, locale: Locale): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat(`${locale}-DZ`, {
    dateStyle: 'short',
    timeZone: SHOP_TIME_ZONE,
    numberingSystem: 'latn',
  }).format(date)
}

/** An ISO instant as the value of <input type="date"> (the day in Algeria), or '' when there is none. */
export function toDateInput(value: string | null | undefined): string {
  if (!value) return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(date)
}

/** A date input's value ('2025-11-21') as the start of that day in Algeria (UTC+1, no daylight saving). */
export function fromDateInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null
  return new Date(`${value}T00:00:00+01:00`).toISOString()
}

/** 'start → end' in the reading direction: the arrow points from the first date to the second in Arabic too. */
export function formatDateRange(start: string | null, end: string | null, locale: Locale): string {
  const arrow = textDirection(locale) === 'rtl' ? ' ← ' : ' → '
  return [start, end].map((d) => (d ? formatShortDate(d, locale) : '…')).join(arrow)
}
