import { CrashScreen as KitCrashScreen, type StandAloneLook } from '@shop/client-kit'
import { buttonClass } from '../../components/ui/button-class.ts'

const LOOK: StandAloneLook = {
  homeHref: import.meta.env.BASE_URL,
  title: 'text-xl font-bold',
  message: 'text-sm text-muted',
  actions: 'mt-6',
  primaryButton: buttonClass('primary'),
  secondaryButton: buttonClass('secondary'),
}

/** The router's last resort, home being the dashboard (a full page load, so staff get a fresh app). */
export function CrashScreen() {
  return <KitCrashScreen look={LOOK} logErrors={import.meta.env.DEV} />
}
