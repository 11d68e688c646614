// Plain patterns, without zod: the storefront's landing pages check forms with these directly (zod
// would add ~23 kB gzipped to them); the zod rules in phone.ts and checkout.ts are built on the same ones.

export const DZ_MOBILE = /^(?:\+213|00213|213|0)?([567]\d{8})$/

const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g

/**
 * Eastern Arabic (٠-٩) and Persian (۰-۹) digits, as Arabic phone keyboards type them, turned into 0-9;
 * everything else is left as it is.
 */
export function toLatinDigits(raw: string): string {
  return raw.replace(EASTERN_DIGITS, (digit) => {
    const code = digit.charCodeAt(0)
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660)
  })
}

/** '+213 555 12 34 56' → '0555123456'; null when it is not an Algerian mobile number. */
export function normalizeDzMobile(raw: string): string | null {
  const match = DZ_MOBILE.exec(toLatinDigits(raw).replace(/[\s.\-()]/g, ''))
  return match ? `0${match[1]}` : null
}

/** An Algerian landline: 0 + a 2-digit area code (2x, 3x, 4x) + 6 digits, e.g. 021 23 45 67. */
export const DZ_LANDLINE = /^(?:\+213|00213|213|0)?([234]\d{7})$/

/**
 * A number the shop can be called on (settings: shop phone): an Algerian mobile ('0555123456') or
 * landline ('021234567'), spaces, dots, dashes and +213 accepted; null for anything else ('12345').
 */
export function normalizeDzPhone(raw: string): string | null {
  const mobile = normalizeDzMobile(raw)
  if (mobile !== null) return mobile
  const match = DZ_LANDLINE.exec(toLatinDigits(raw).replace(/[\s.\-()]/g, ''))
  return match ? `0${match[1]}` : null
}

/** First or last name: 2-50 letters (any script, accents included), spaces, apostrophes and hyphens. */
export const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M} '’-]{1,49}$/u

/** The shape of an e-mail address, for a first check in the browser (the API applies the full rule). */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
