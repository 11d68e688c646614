import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useRouteError } from 'react-router'
import { buttonClass } from '../../components/ui/button-class.ts'
import { isPageLoadError } from '../../lib/lazy-page.ts'

interface StandAloneScreenProps {
  title: string
  message: string
  action: string
  onAction: () => void
}

/** A whole-page message with one action and a full page load home (no header or footer: they may be what broke). */
function StandAloneScreen({ title, message, action, onAction }: StandAloneScreenProps) {
  const { t } = useTranslation()
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <title>{title}</title>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-3 max-w-md text-base text-muted">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={onAction} className={buttonClass('primary')}>
          {action}
        </button>
        <a href="/" className={buttonClass('secondary')}>
          {t('actions.goHome')}
        </a>
      </div>
    </main>
  )
}

/**
 * A page's code could not be fetched: most often the connection dropped. Retry loads the page the
 * shopper asked for afresh (which also picks up a new deploy), and so does the connection coming back.
 */
function NoConnectionScreen() {
  const { t } = useTranslation()
  const location = useLocation()
  const href = `${location.pathname}${location.search}${location.hash}`
  // A page load while offline would only bring the browser's own error page: wait for the connection.
  const retry = () => {
    if (navigator.onLine !== false) window.location.assign(href)
  }
  // Back online: load the page again by itself (the browser keeps a failed import for the whole page
  // life, so only a fresh load fetches the code).
  useEffect(() => {
    const onOnline = () => window.location.assign(href)
    window.addEventListener('online', onOnline)
    return () => window.removeEventListener('online', onOnline)
  }, [href])
  return <StandAloneScreen title={t('connection.title')} message={t('connection.pageMessage')} action={t('actions.retry')} onAction={retry} />
}

/**
 * The router's last resort. It stands alone (no header or footer, which may be what broke) and links
 * home with a full page load, so the shopper gets a fresh app. A page that could not be fetched is not
 * a crash: it gets the "no connection" screen instead.
 */
export function CrashScreen() {
  const { t } = useTranslation()
  const error = useRouteError()
  if (isPageLoadError(error)) return <NoConnectionScreen />
  if (import.meta.env.DEV) console.error(error)
  return <StandAloneScreen title={t('crash.title')} message={t('crash.message')} action={t('actions.refresh')} onAction={() => window.location.reload()} />
}
