// Plain patterns, without zod: the storefront's landing pages check forms with these directly (zod
// would add ~23 kB gzipped to them); the zod rules in phone.ts and checkout.ts are built on the same ones.

export const DZ_MOBILE = /^(?:\+213|00213|213|0)?([567]\d{8})$/

/** '+213 555 12 34 56' → '0555123456'; null when it is not an Algerian mobile number. */
export function normalizeDzMobile(raw: string): string | null {
  const match = DZ_MOBILE.exec(raw.replace(/[\s.\-()]/g, ''))
  return match ? `0${match[1]}` : null
}

/** First or last name: 2-50 letters (any script, accents included), spaces, apostrophes and hyphens. */
export const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M} '’-]{1,49}$/u

/** The shape of an e-mail address, for a first check in the browser (the API applies the full rule). */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
