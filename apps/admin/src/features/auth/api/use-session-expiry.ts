import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { isSessionMissing } from '../../../lib/is-session-missing.ts'
import { authKeys } from '../../../lib/auth-keys.ts'

/**
 * When any request of the staff area is refused for want of a session (it expired after 12 hours, or the
 * account was disabled), the session query learns it too, and the guard sends staff to sign in again.
 */
export function useSessionExpiry(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    const expireOn = (error: unknown) => {
      if (isSessionMissing(error)) queryClient.setQueryData(authKeys.me(), null)
    }
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') expireOn(event.action.error)
    })
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') expireOn(event.action.error)
    })
    return () => {
      stopQueries()
      stopMutations()
    }
  }, [queryClient])
}
