import { ADDRESS_MAX, ADDRESS_MIN, EMAIL_SHAPE, NOTES_MAX, normalizeDzMobile, PERSON_NAME } from '@shop/shared'

// The quick order is on the page most ads land on, so its checks use the shared plain patterns
// (packages/shared/src/patterns.ts) rather than the zod schemas built on them (about 23 kB gzipped this
// page would otherwise download). The API applies the full schemas again to every order; the messages
// are the same `validation` keys.

export interface QuickOrderValues {
  firstName: string
  lastName: string
  phone: string
  email: string
  address: string
  notes: string
}

export type QuickOrderErrors = Partial<Record<keyof QuickOrderValues, string>>


function nameError(value: string): string | undefined {
  const trimmed = value.trim()
  if (trimmed === '') return 'validation:required'
  return PERSON_NAME.test(trimmed) ? undefined : 'validation:name.invalid'
}

/** Message keys (validation namespace) by field; empty when the form can be sent. */
export function validateQuickOrder(values: QuickOrderValues, isHomeDelivery: boolean): QuickOrderErrors {
  const errors: QuickOrderErrors = {}
  errors.firstName = nameError(values.firstName)
  errors.lastName = nameError(values.lastName)
  if (values.phone.trim() === '') errors.phone = 'validation:phone.required'
  else if (normalizeDzMobile(values.phone) === null) errors.phone = 'validation:phone.invalid'
  const email = values.email.trim()
  if (email !== '' && (email.length > 254 || !EMAIL_SHAPE.test(email))) errors.email = 'validation:email'
  const address = values.address.trim()
  if (isHomeDelivery && (address.length < ADDRESS_MIN || address.length > ADDRESS_MAX)) errors.address = 'validation:address.length'
  if (values.notes.trim().length > NOTES_MAX) errors.notes = 'validation:notes.tooLong'
  for (const key of Object.keys(errors) as (keyof QuickOrderValues)[]) if (errors[key] === undefined) delete errors[key]
  return errors
}
