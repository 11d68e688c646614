import { type ClientUser, type clientSessionReply } from '@shop/shared'
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, api } from './api.ts'
import { cartKeys, ordersKeys } from './query-keys.ts'

/**
 * Who is shopping (docs/storefront-spec.md §4): `unknown` until GET /auth/client/session answers, then `authenticated`
 * (the session cookie is valid) or `anonymous` (guest). The cart, checkout, header and account pages
 * all read this one query, so they can never disagree.
 */
export type AuthStatus = 'unknown' | 'authenticated' | 'anonymous'

export const authKeys = {
  profile: () => ['auth', 'profile'] as const,
}

export const profileQuery = queryOptions({
  queryKey: authKeys.profile(),
  queryFn: async ({ signal }): Promise<ClientUser | null> => {
    try {
      // A guest gets 200 with user null: no refused request is logged on every guest page.
      return (await api<typeof clientSessionReply>('/auth/client/session', { signal })).user
    } catch (error) {
      // An older API still answers 401 for a guest; one without accounts (404) means the same.
      if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return null
      throw error
    }
  },
})

export interface AuthState {
  status: AuthStatus
  user: ClientUser | null
}

export function useAuth(): AuthState {
  const profile = useQuery(profileQuery)
  if (profile.data) return { status: 'authenticated', user: profile.data }
  // A profile that cannot be read (network down) is shopped as a guest rather than blocking the store.
  if (profile.data === null || profile.isError) return { status: 'anonymous', user: null }
  return { status: 'unknown', user: null }
}

/** After logout or a 401: the shopper is a guest from now on, and nothing of the account stays cached. */
export function markSignedOut(queryClient: QueryClient): void {
  queryClient.setQueryData(authKeys.profile(), null)
  queryClient.removeQueries({ queryKey: cartKeys.of('client') })
  queryClient.removeQueries({ queryKey: ordersKeys.all() })
}
