import { useMutation } from '@tanstack/react-query'
import { legacyApi } from '../../../lib/api.ts'

export interface ContactMessage {
  name: string
  email: string
  subject: string
  message: string
}

/** POST /contact: the message lands in the back office's inbox. Errors are ApiError (validation, 429, network). */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessage) => legacyApi('/contact', { method: 'POST', body: message }),
  })
}
