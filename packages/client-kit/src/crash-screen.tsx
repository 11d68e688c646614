import { useEffect } from 'react'
import { useLocation, useRouteError } from 'react-router'
import { useKitTexts } from './kit-texts.ts'

/** What differs between the apps' stand-alone screens: where home is, the type sizes, the button styles. */
export interface StandAloneLook {
  /** Loaded afresh by the "home" link: '/' for the storefront, the back office's base path. */
  homeHref: string
  title: string
  message: string
  actions: string
  primaryButton: string
  secondaryButton: string
}

export interface CrashScreenProps {
  look: StandAloneLook
  /** Log the error to the console (in development). */
  logErrors?: boolean
  /** A route whose code could not be fetched: shown as "no connection" (with a retry) rather than as a crash. */
  isPageLoadError?: (error: unknown) => boolean
}

interface StandAloneScreenProps {
  look: StandAloneLook
  title: string
  message: string
  action: string
  onAction: () => void
}

/** A whole-page message with one action and a full page load home (no header, footer or shell: they may be what broke). */
function StandAloneScreen({ look, title, message, action, onAction }: StandAloneScreenProps) {
  const t = useKitTexts()
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <title>{title}</title>
      <h1 className={look.title}>{title}</h1>
      <p className={`mt-3 max-w-md ${look.message}`}>{message}</p>
      <div className={`flex flex-wrap justify-center gap-3 ${look.actions}`}>
        <button type="button" onClick={onAction} className={look.primaryButton}>
          {action}
        </button>
        <a href={look.homeHref} className={look.secondaryButton}>
          {t('actions.goHome')}
        </a>
      </div>
    </main>
  )
}

/**
 * A page's code could not be fetched: most often the connection dropped. Retry loads the page asked for
 * afresh (which also picks up a new deploy), and so does the connection coming back.
 */
function NoConnectionScreen({ look }: { look: StandAloneLook }) {
  const t = useKitTexts()
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
  return <StandAloneScreen look={look} title={t('connection.title')} message={t('connection.pageMessage')} action={t('actions.retry')} onAction={retry} />
}

/**
 * The router's last resort (its `errorElement`). It stands alone and links home with a full page load,
 * so the reader gets a fresh app, e.g. after a deploy replaced the bundle. A page that could not be
 * fetched is not a crash: it gets the "no connection" screen instead.
 */
export function CrashScreen(props: CrashScreenProps) {
  return <CrashScreenFor {...props} error={useRouteError()} />
}

/** The crash screen for an error caught outside a data router's `errorElement` (an error boundary of its own). */
export function CrashScreenFor({ look, logErrors = false, isPageLoadError, error }: CrashScreenProps & { error: unknown }) {
  const t = useKitTexts()
  if (isPageLoadError?.(error)) return <NoConnectionScreen look={look} />
  if (logErrors) console.error(error)
  return <StandAloneScreen look={look} title={t('crash.title')} message={t('crash.message')} action={t('actions.refresh')} onAction={() => window.location.reload()} />
}
