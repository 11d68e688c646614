import { newPassword } from '@shop/shared'

/**
 * The message key of the first password rule `password` breaks (the shared rule shoppers have too:
 * 'validation:password.tooShort', '...common', '...tooLong'), or '' when it is acceptable.
 */
export function passwordProblem(password: string): string {
  const result = newPassword.safeParse(password)
  if (result.success) return ''
  const message = result.error.issues[0]?.message ?? ''
  return message.startsWith('validation:') ? message : 'validation:invalid'
}
