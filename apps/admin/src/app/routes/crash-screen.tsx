import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'
import { buttonClass } from '../../components/ui/button-class.ts'

/**
 * The router's last resort. It stands alone (no shell, which may be what broke) and links to the dashboard
 * with a full page load, so staff get a fresh app, e.g. after a deploy replaced the bundle.
 */
export function CrashScreen() {
  const { t } = useTranslation()
  const error = useRouteError()
  if (import.meta.env.DEV) console.error(error)
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <title>{t('crash.title')}</title>
      <h1 className="text-xl font-bold">{t('crash.title')}</h1>
      <p className="mt-3 max-w-md text-sm text-muted">{t('crash.message')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => window.location.reload()} className={buttonClass('primary')}>
          {t('actions.refresh')}
        </button>
        <a href={import.meta.env.BASE_URL} className={buttonClass('secondary')}>
          {t('actions.goHome')}
        </a>
      </div>
    </main>
  )
}
