import { useTranslation } from 'react-i18next'
import { ApiError } from './api.ts'

/**
 * The sentence to show for a failed request: the API's own message for a refusal (it is already in the
 * shopper's language, with details such as the product name), the network sentence when no reply came,
 * and the caller's fallback for crashes and unreadable replies.
 */
export function useApiErrorText(): (error: unknown, fallback: string) => string {
  const { t } = useTranslation()
  return (error, fallback) => {
    if (!(error instanceof ApiError)) return fallback
    if (error.status === 0) return t('loadError.network')
    if (error.status < 500 && error.message && error.message !== error.code) return error.message
    return fallback
  }
}

/**
 * Translates a message key carried by a schema issue ('validation:phone.invalid', 'checkout:errors.wilayaRequired').
 * Keys come from data, not from literals, so they are looked up untyped; an unknown key falls back to the generic one.
 */
export function useMessageKey(): (key: string) => string {
  const { i18n } = useTranslation()
  return (key) => String(i18n.t((i18n.exists(key) ? key : 'validation:invalid') as never))
}
