import { type newsletterBody, type receivedReply } from '@shop/shared'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '../../../lib/api.ts'

/** POST /newsletter: the address is stored for staff to export. Errors are ApiError (invalid e-mail, 429, network). */
export function useNewsletterSignup() {
  return useMutation({
    mutationFn: (email: string) => api<typeof receivedReply>('/newsletter', { method: 'POST', body: { email } satisfies z.input<typeof newsletterBody> }),
  })
}
