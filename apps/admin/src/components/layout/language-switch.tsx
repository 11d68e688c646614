import { useLocale } from '@shop/client-kit'
import { useTranslation } from 'react-i18next'
import { STAFF_LOCALES } from '../../lib/i18n.ts'

export function LanguageSwitch() {
  const { t, i18n } = useTranslation()
  const current = useLocale()
  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">{t('language.label')}</legend>
      {STAFF_LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-label={t(`language.${locale}`)}
          aria-pressed={locale === current}
          onClick={() => void i18n.changeLanguage(locale)}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-transparent px-2 text-sm font-semibold text-muted hover:bg-ink/5 aria-pressed:border-ink/20 aria-pressed:bg-white aria-pressed:text-ink lg:min-h-9"
        >
          {locale.toUpperCase()}
        </button>
      ))}
    </fieldset>
  )
}
