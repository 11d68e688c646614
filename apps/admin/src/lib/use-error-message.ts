import { useTranslation } from 'react-i18next'
import { ApiError } from './api.ts'

/**
 * What to tell staff about a failed request: the API's own message (it speaks the language sent as
 * Accept-Language), else the text of its code; never the raw text of an unexpected error.
 */
export function useErrorMessage(error: unknown): string {
  const { t } = useTranslation(['common', 'errors'])
  if (!error) return ''
  if (!(error instanceof ApiError)) return t('errors:INTERNAL')
  if (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT') return t('loadError.network')
  return error.message || t(`errors:${error.code}`)
}
