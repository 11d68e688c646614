import { DEFAULT_LOCALE, isLocale, type Locale } from '@shop/shared'
import { useTranslation } from 'react-i18next'

/** The reader's language as a `Locale`, for formatPrice and the Arabic/French catalogue fields. */
export function useLocale(): Locale {
  const { i18n } = useTranslation()
  const lang = i18n.resolvedLanguage ?? i18n.language
  return isLocale(lang) ? lang : DEFAULT_LOCALE
}
