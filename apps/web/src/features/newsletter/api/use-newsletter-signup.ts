import { useMutation } from '@tanstack/react-query'
import { legacyApi } from '../../../lib/api.ts'

/** POST /newsletter: the address is stored for staff to export. Errors are ApiError (invalid e-mail, 429, network). */
export function useNewsletterSignup() {
  return useMutation({
    mutationFn: (email: string) => legacyApi('/newsletter', { method: 'POST', body: { email } }),
  })
}
