import { dzMobile, newPassword, personName } from '@shop/shared'
import { z } from 'zod'

export const profileSchema = z.object({
  firstName: personName,
  lastName: personName,
  phone: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), dzMobile.nullable()),
  dateOfBirth: z
    .string()
    .refine((value) => value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) && Date.parse(value) < Date.now()), 'validation:invalid')
    .transform((value) => (value === '' ? null : value)),
})

export const passwordChangeSchema = z
  .object({ currentPassword: z.string().min(1, 'validation:required'), newPassword, confirmNewPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmNewPassword, {
    path: ['confirmNewPassword'],
    message: 'validation:password.mismatch',
  })

export function firstErrors(error: z.ZodError | undefined): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error?.issues ?? []) {
    const field = String(issue.path[0] ?? '')
    if (field && !errors[field]) errors[field] = issue.message
  }
  return errors
}
