import { type StaffMember, type staffMemberReply } from '@shop/shared'
import { queryOptions } from '@tanstack/react-query'
import { api } from './api.ts'
import { isSessionMissing } from './is-session-missing.ts'
import { authKeys } from './auth-keys.ts'

/** Who is signed in: the staff member, or `null` when there is no session (a normal answer, not an error). */
export const meQuery = queryOptions({
  queryKey: authKeys.me(),
  queryFn: async ({ signal }): Promise<StaffMember | null> => {
    try {
      return (await api<typeof staffMemberReply>('/admin/auth/me', { signal })).staff
    } catch (error) {
      if (isSessionMissing(error)) return null
      throw error
    }
  },
})
