import { ApiError } from './api.ts'

/**
 * True when the API refused because no staff session is attached (never signed in, expired, signed out
 * elsewhere). A wrong password is a 401 too, but with INVALID_CREDENTIALS: that one is the form's business.
 */
export function isSessionMissing(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'UNAUTHENTICATED'
}
