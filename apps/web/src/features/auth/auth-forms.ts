import { dzMobile, emailAddress, newPassword, personName } from '@shop/shared'
import { z } from 'zod'

export const loginSchema = z.object({
  email: emailAddress,
  password: z.string().min(1, 'validation:required'),
})

/** Sign-up: the one password rule of the store (≥ 8, not a common one), confirmation must match, optional phone, terms accepted. */
export const signupSchema = z
  .object({
    firstName: personName,
    lastName: personName,
    email: emailAddress,
    password: newPassword,
    confirmPassword: z.string(),
    // optional: left empty it is not sent; typed, it must be an Algerian mobile (0661…, +213…, ٠٦٦١…)
    phone: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), dzMobile.optional()),
    terms: z.literal(true, { error: 'account:register.termsRequired' }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation:password.mismatch',
  })

export const resetSchema = z
  .object({ newPassword, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation:password.mismatch',
  })

export const resetCodeSchema = z.string().regex(/^\d{6}$/, 'account:forgot.codeInvalid')

/** First message key per field. */
export function fieldErrors(error: z.ZodError | undefined): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error?.issues ?? []) {
    const field = String(issue.path[0] ?? '')
    if (field && !errors[field]) errors[field] = issue.message
  }
  return errors
}
