import { type ClientPasswordBody, type clientUserReply, type nothing, type ProfileBody } from '@shop/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { authKeys } from '../../../lib/auth-state.ts'

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ProfileBody) => api<typeof clientUserReply>('/auth/client/profile', { method: 'PATCH', body }),
    onSuccess: ({ user }) => queryClient.setQueryData(authKeys.profile(), user),
  })
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ClientPasswordBody) => api<typeof nothing>('/auth/client/change-password', { method: 'PATCH', body }),
  })
}
