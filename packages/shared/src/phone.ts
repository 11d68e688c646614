import { z } from 'zod'

const DZ_MOBILE = /^(?:\+213|00213|213|0)?([567]\d{8})$/

/** '+213 555 12 34 56' → '0555123456'; null when it is not an Algerian mobile number. */
export function normalizeDzMobile(raw: string): string | null {
  const match = DZ_MOBILE.exec(raw.replace(/[\s.\-()]/g, ''))
  return match ? `0${match[1]}` : null
}

/** An Algerian mobile number, stored as 10 digits 0XXXXXXXXX. */
export const dzMobile = z.string().transform((raw, ctx) => {
  const phone = normalizeDzMobile(raw)
  if (phone !== null) return phone
  ctx.addIssue({ code: 'custom', message: 'validation:phone.invalid' })
  return z.NEVER
})

/** Tracking asks for exactly 10 digits (0XXXXXXXXX). */
export const trackingPhone = z
  .string({ error: 'validation:phone.required' })
  .trim()
  .min(1, 'validation:phone.required')
  .regex(/^0\d{9}$/, 'validation:phone.tenDigits')

/** '0555123456' → '05•• •• •• 56' style mask used in logs and public views. */
export function maskPhone(phone: string): string {
  if (phone.length < 4) return '••••'
  return `${phone.slice(0, 2)}${'•'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-2)}`
}
