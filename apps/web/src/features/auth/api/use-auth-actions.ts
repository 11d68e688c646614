import {
  type ClientUser,
  type clientUserReply,
  type LoginBody,
  type nothing,
  type ResetCodeBody,
  type resetCodeReply,
  type ResetPasswordBody,
  type SignupBody,
} from '@shop/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, clearGuestSessionId } from '../../../lib/api.ts'
import { authKeys, markSignedOut } from '../../../lib/auth-state.ts'
import { cartKeys } from '../../../lib/query-keys.ts'
import { clearSessionEnded } from '../../../lib/session-ended.ts'

/**
 * After login or sign-up the server has merged the guest cart (the X-Session-Id went with the request):
 * the guest id is dropped, the account becomes the auth state, and the cart is read again as the client's.
 */
function useSignedIn() {
  const queryClient = useQueryClient()
  return (user: ClientUser) => {
    clearGuestSessionId()
    clearSessionEnded()
    queryClient.removeQueries({ queryKey: cartKeys.of('guest') })
    queryClient.setQueryData(authKeys.profile(), user)
    void queryClient.invalidateQueries({ queryKey: cartKeys.all() })
  }
}

export function useLogin() {
  const signedIn = useSignedIn()
  return useMutation({
    mutationFn: (input: LoginBody) => api<typeof clientUserReply>('/auth/client/login', { method: 'POST', body: input }),
    onSuccess: ({ user }) => signedIn(user),
  })
}

export function useSignup() {
  const signedIn = useSignedIn()
  return useMutation({
    mutationFn: (input: SignupBody) => api<typeof clientUserReply>('/auth/client/signup', { method: 'POST', body: input }),
    onSuccess: ({ user }) => signedIn(user),
  })
}

/** Logout always ends the session on this side, even when the call fails (offline, session already gone). */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api<typeof nothing>('/auth/client/logout', { method: 'POST' }).catch(() => null),
    onSettled: () => markSignedOut(queryClient),
  })
}

export function useForgotPassword() {
  return {
    requestCode: useMutation({
      mutationFn: (email: string) => api<typeof nothing>('/auth/client/forgot-password', { method: 'POST', body: { email } }),
    }),
    verifyCode: useMutation({
      mutationFn: (input: ResetCodeBody) => api<typeof resetCodeReply>('/auth/client/verify-reset-code', { method: 'POST', body: input }),
    }),
    reset: useMutation({
      mutationFn: (input: ResetPasswordBody) => api<typeof nothing>('/auth/client/reset-password', { method: 'POST', body: input }),
    }),
  }
}

/** Only same-site paths: `?redirect=//evil.example` or `https://…` would send the shopper away. */
export function safeRedirect(value: string | null, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  return value
}
