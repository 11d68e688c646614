import { CrashScreen as KitCrashScreen, type StandAloneLook } from '@shop/client-kit'
import { buttonClass } from '../../components/ui/button-class.ts'
import { isPageLoadError } from '../../lib/lazy-page.ts'

const LOOK: StandAloneLook = {
  homeHref: '/',
  title: 'text-2xl font-bold',
  message: 'text-base text-muted',
  actions: 'mt-8',
  primaryButton: buttonClass('primary'),
  secondaryButton: buttonClass('secondary'),
}

/** The router's last resort, home being the storefront's front page; a page that could not be fetched gets "no connection". */
export function CrashScreen() {
  return <KitCrashScreen look={LOOK} logErrors={import.meta.env.DEV} isPageLoadError={isPageLoadError} />
}
