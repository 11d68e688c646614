import { z } from 'zod'
import { normalizeDzMobile, normalizeDzPhone, toLatinDigits } from './patterns.ts'

/** An Algerian mobile number, stored as 10 digits 0XXXXXXXXX. */
export const dzMobile = z.string().transform((raw, ctx) => {
  const phone = normalizeDzMobile(raw)
  if (phone !== null) return phone
  ctx.addIssue({ code: 'custom', message: 'validation:phone.invalid' })
  return z.NEVER
})

/** The shop's own phone: an Algerian mobile or landline, stored as its digits (0XXXXXXXXX or 0XXXXXXXX). */
export const dzShopPhone = z.string().transform((raw, ctx) => {
  const phone = normalizeDzPhone(raw)
  if (phone !== null) return phone
  ctx.addIssue({ code: 'custom', message: 'validation:phone.shop' })
  return z.NEVER
})

/** Tracking asks for exactly 10 digits (0XXXXXXXXX); Eastern Arabic digits (٠٦٦١…) are read as 0-9. */
export const trackingPhone = z
  .string({ error: 'validation:phone.required' })
  .trim()
  .transform(toLatinDigits)
  .pipe(z.string().min(1, 'validation:phone.required').regex(/^0\d{9}$/, 'validation:phone.tenDigits'))

/** '0555123456' → '05•• •• •• 56' style mask used in logs and public views. */
export function maskPhone(phone: string): string {
  if (phone.length < 4) return '••••'
  return `${phone.slice(0, 2)}${'•'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-2)}`
}
