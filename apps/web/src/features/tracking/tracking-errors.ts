import { ApiError } from '../../lib/api.ts'

export type TrackingErrorKey = 'notFound' | 'invalidPhone' | 'server' | 'offline' | 'unexpected' | 'other'

/** docs/storefront-spec.md §8 (tracking): one message per kind of failure; `other` shows the server's own message. */
export function trackingErrorKey(error: unknown): TrackingErrorKey {
  if (!(error instanceof ApiError)) return 'unexpected'
  if (error.status === 0) return 'offline'
  if (error.status === 404) return 'notFound'
  if (error.status === 400) return 'invalidPhone'
  if (error.status >= 500) return 'server'
  return 'other'
}
