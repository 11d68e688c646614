import { useTranslation } from 'react-i18next'
import { ApiError } from './api.ts'

/** What to tell the shopper about a failed request, in their language (never the raw error text). */
export function useErrorMessage(error: unknown): string {
  const { t } = useTranslation(['common', 'errors'])
  if (!error) return ''
  if (!(error instanceof ApiError) || error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT') {
    return t('loadError.network')
  }
  return t(`errors:${error.code}`)
}
