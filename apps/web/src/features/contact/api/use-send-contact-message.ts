import { type ContactBody, type receivedReply } from '@shop/shared'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'

/** POST /contact: the message lands in the back office's inbox. Errors are ApiError (validation, 429, network). */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactBody) => api<typeof receivedReply>('/contact', { method: 'POST', body: message }),
  })
}
