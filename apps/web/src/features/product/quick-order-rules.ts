import { ADDRESS_MAX, ADDRESS_MIN, NOTES_MAX } from '@shop/shared'

// The quick order is on the page most ads land on, so its checks are written without zod (about 23 kB
// gzipped that this page would otherwise download: importing even normalizeDzMobile from the shared
// phone module pulls its chunk, zod included). They follow the shared customer schemas
// (packages/shared/src/checkout.ts and phone.ts), which the API applies again to every order; the
// messages are the same `validation` keys.

export interface QuickOrderValues {
  firstName: string
  lastName: string
  phone: string
  email: string
  address: string
  notes: string
}

export type QuickOrderErrors = Partial<Record<keyof QuickOrderValues, string>>

const NAME = /^[\p{L}\p{M}][\p{L}\p{M} '’-]{1,49}$/u
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
// An Algerian mobile as packages/shared/src/phone.ts reads it: optional +213/00213/213/0, then 5/6/7 and 8 digits.
const DZ_MOBILE = /^(?:\+213|00213|213|0)?([567]\d{8})$/

/** '+213 555 12 34 56' → '0555123456'; null when it is not an Algerian mobile number. */
export function toDzMobile(raw: string): string | null {
  const match = DZ_MOBILE.exec(raw.replace(/[\s.\-()]/g, ''))
  return match ? `0${match[1]}` : null
}

function nameError(value: string): string | undefined {
  const trimmed = value.trim()
  if (trimmed === '') return 'validation:required'
  return NAME.test(trimmed) ? undefined : 'validation:name.invalid'
}

/** Message keys (validation namespace) by field; empty when the form can be sent. */
export function validateQuickOrder(values: QuickOrderValues, isHomeDelivery: boolean): QuickOrderErrors {
  const errors: QuickOrderErrors = {}
  errors.firstName = nameError(values.firstName)
  errors.lastName = nameError(values.lastName)
  if (values.phone.trim() === '') errors.phone = 'validation:phone.required'
  else if (toDzMobile(values.phone) === null) errors.phone = 'validation:phone.invalid'
  const email = values.email.trim()
  if (email !== '' && (email.length > 254 || !EMAIL.test(email))) errors.email = 'validation:email'
  const address = values.address.trim()
  if (isHomeDelivery && (address.length < ADDRESS_MIN || address.length > ADDRESS_MAX)) errors.address = 'validation:address.length'
  if (values.notes.trim().length > NOTES_MAX) errors.notes = 'validation:notes.tooLong'
  for (const key of Object.keys(errors) as (keyof QuickOrderValues)[]) if (errors[key] === undefined) delete errors[key]
  return errors
}
