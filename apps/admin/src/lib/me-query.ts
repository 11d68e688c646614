import { queryOptions } from '@tanstack/react-query'
import { legacyApi } from './api.ts'
import { isSessionMissing } from './is-session-missing.ts'
import type { Staff } from './staff-types.ts'
import { authKeys } from './auth-keys.ts'

/** Who is signed in: the staff member, or `null` when there is no session (a normal answer, not an error). */
export const meQuery = queryOptions({
  queryKey: authKeys.me(),
  queryFn: async ({ signal }): Promise<Staff | null> => {
    try {
      const data = await legacyApi<{ staff: Staff }>('/admin/auth/me', { signal })
      return data.staff
    } catch (error) {
      if (isSessionMissing(error)) return null
      throw error
    }
  },
})
