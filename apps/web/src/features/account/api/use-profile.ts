import { type ClientPasswordBody, clientUserReply, nothing, type ProfileBody } from '@shop/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { authKeys } from '../../../lib/auth-state.ts'

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ProfileBody) => api('/auth/client/profile', clientUserReply, { method: 'PATCH', body }),
    onSuccess: ({ user }) => queryClient.setQueryData(authKeys.profile(), user),
  })
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ClientPasswordBody) => api('/auth/client/change-password', nothing, { method: 'PATCH', body }),
  })
}
