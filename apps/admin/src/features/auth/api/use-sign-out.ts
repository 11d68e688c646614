import { type nothing } from '@shop/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { authKeys, isStaffData } from '../../../lib/auth-keys.ts'

/**
 * Ends the session. Nothing the staff member saw stays in memory; the guard then sends the page to the
 * login form as for an expired session, so whoever signs in next comes back to the same screen.
 */
export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api<typeof nothing>('/admin/auth/logout', { method: 'POST' }),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: isStaffData })
      queryClient.setQueryData(authKeys.me(), null)
    },
  })
}
