import { z } from 'zod'
import { DELIVERY_TYPES, PAYMENT_METHODS } from './orders.ts'
import { PERSON_NAME } from './patterns.ts'
import { dzMobile } from './phone.ts'

/**
 * The form rules both sides apply: the storefront validates with these before sending, the API
 * validates again with the same schemas. Messages are keys of the `validation` namespace.
 */

/** First or last name: 2-50 letters (any script, accents included), spaces, apostrophes and hyphens. */
export const personName = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .regex(PERSON_NAME, 'validation:name.invalid')

export const emailAddress = z.string().trim().max(254).email({ error: 'validation:email' })

/** Optional e-mail: an empty field means none. */
export const optionalEmail = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  emailAddress.nullish(),
)

export const ADDRESS_MIN = 10
export const ADDRESS_MAX = 200
export const NOTES_MAX = 500

export const streetAddress = z.string().trim().min(ADDRESS_MIN, 'validation:address.length').max(ADDRESS_MAX, 'validation:address.length')

export const orderNotes = z.string().trim().max(NOTES_MAX, 'validation:notes.tooLong')

export const requiredPhone = z.string({ error: 'validation:phone.required' }).trim().min(1, 'validation:phone.required').pipe(dzMobile)

export const customerInfoSchema = z.object({
  firstName: personName,
  lastName: personName,
  phone: requiredPhone,
  email: optionalEmail,
})

export const deliveryTypeSchema = z.enum(DELIVERY_TYPES, { error: 'validation:required' })
export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: 'validation:required' })

/** Coupon codes are typed loosely and sent upper-cased, letters and digits only. */
export function normalizeCouponCode(raw: string): string {
  return raw.toUpperCase().replace(/[^A-Z0-9]/g, '')
}

export const PASSWORD_MIN = 8
export const PASSWORD_MAX_BYTES = 1024

/** A short list of the passwords most often seen in leaks (NIST 800-63B: refuse known-bad ones). */
const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', 'password', 'password1', 'password123', 'qwertyui', 'qwerty123', 'azertyui',
  'azerty123', '11111111', '00000000', '88888888', 'iloveyou', 'sunshine', 'princess', 'football', 'baseball',
  'welcome1', 'abc12345', 'abcd1234', 'motdepasse', 'algerie1', 'algerie213', 'dz123456', 'admin123', 'letmein1',
  'aaaaaaaa', '12341234', '123123123', 'qwertyuiop', 'azertyuiop', '1q2w3e4r', 'passw0rd', 'p@ssw0rd',
])

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase())
}

/** One password rule everywhere (docs/decisions.md, Accounts and security): at least 8 characters, not a common one, no composition rule. */
export const newPassword = z
  .string({ error: 'validation:required' })
  .min(PASSWORD_MIN, 'validation:password.tooShort')
  .refine((p) => new TextEncoder().encode(p).length <= PASSWORD_MAX_BYTES, 'validation:password.tooLong')
  .refine((p) => !isCommonPassword(p), 'validation:password.common')

/** 0-4: advice shown beside the password field, never a rule. */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 | 4 {
  if (password.length < PASSWORD_MIN) return 0
  let score = 1
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score++
  if (/\d/.test(password)) score++
  if (/[^A-Za-z0-9]/.test(password) || password.length >= 14) score++
  return Math.min(score, 4) as 0 | 1 | 2 | 3 | 4
}
