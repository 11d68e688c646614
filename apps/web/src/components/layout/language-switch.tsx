import { useLocale } from '@shop/client-kit'
import { LOCALES } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { switchLanguage } from '../../lib/i18n.ts'
import { toast } from '../ui/toast.ts'

export interface LanguageSwitchProps {
  className?: string
}

export function LanguageSwitch({ className = '' }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation()
  const current = useLocale()
  return (
    <fieldset className={`flex items-center ${className}`}>
      <legend className="sr-only">{t('language.label')}</legend>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-label={t(`language.${locale}`)}
          aria-pressed={locale === current}
          onClick={() => {
            // French and English are fetched on first use: offline, say so instead of doing nothing.
            switchLanguage(i18n, locale).catch(() => toast.error(t('connection.offline')))
          }}
          className="inline-flex size-11 items-center justify-center rounded-md text-sm font-semibold text-muted hover:bg-surface aria-pressed:text-ink aria-pressed:underline aria-pressed:decoration-2 aria-pressed:underline-offset-8"
        >
          {locale.toUpperCase()}
        </button>
      ))}
    </fieldset>
  )
}
