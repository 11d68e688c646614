import { useMutation, useQueryClient } from '@tanstack/react-query'
import { legacyApi } from '../../../lib/api.ts'
import type { SignInBody, Staff } from '../../../lib/staff-types.ts'
import { authKeys, isStaffData } from '../../../lib/auth-keys.ts'

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SignInBody) => legacyApi<{ staff: Staff }>('/admin/auth/login', { method: 'POST', body }),
    onSuccess: ({ staff }) => {
      // A fresh start for whoever signs in; the login page moves on once the session query knows them.
      queryClient.removeQueries({ predicate: isStaffData })
      queryClient.setQueryData(authKeys.me(), staff)
    },
  })
}
