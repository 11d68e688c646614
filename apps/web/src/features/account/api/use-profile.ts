import { useMutation, useQueryClient } from '@tanstack/react-query'
import { legacyApi } from '../../../lib/api.ts'
import { authKeys, type ClientUser } from '../../../lib/auth-state.ts'

export interface ProfileUpdate {
  firstName: string
  lastName: string
  phone: string | null
  dateOfBirth: string | null
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ProfileUpdate) => legacyApi<{ user: ClientUser }>('/auth/client/profile', { method: 'PATCH', body }),
    onSuccess: ({ user }) => queryClient.setQueryData(authKeys.profile(), user),
  })
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; confirmNewPassword: string }) =>
      legacyApi('/auth/client/change-password', { method: 'PATCH', body }),
  })
}
