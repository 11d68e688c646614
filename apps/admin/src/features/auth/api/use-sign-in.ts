import { type staffMemberReply, type StaffSignInBody } from '@shop/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { authKeys, isStaffData } from '../../../lib/auth-keys.ts'

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: StaffSignInBody) => api<typeof staffMemberReply>('/admin/auth/login', { method: 'POST', body }),
    onSuccess: ({ staff }) => {
      // A fresh start for whoever signs in; the login page moves on once the session query knows them.
      queryClient.removeQueries({ predicate: isStaffData })
      queryClient.setQueryData(authKeys.me(), staff)
    },
  })
}
