import { CrashScreenFor, type StandAloneLook } from '@shop/client-kit'
import { Component, type ReactNode } from 'react'
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

/** The app's last resort, home being the storefront's front page; a page that could not be fetched gets "no connection". */
export function CrashScreen({ error }: { error: unknown }) {
  return <CrashScreenFor look={LOOK} logErrors={import.meta.env.DEV} isPageLoadError={isPageLoadError} error={error} />
}

interface CrashBoundaryProps {
  children: ReactNode
  /** The address: a new one (the shopper went elsewhere, Back included) draws the pages again. */
  at: string
}

/** Catches what a page throws while drawing (or a page whose code could not be fetched) and shows the crash screen. */
export class CrashBoundary extends Component<CrashBoundaryProps, { error: unknown; at: string | null }> {
  override state = { error: undefined as unknown, at: null as string | null }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  override componentDidCatch(error: unknown) {
    this.setState({ error, at: this.props.at })
  }

  override componentDidUpdate() {
    if (this.state.at !== null && this.state.at !== this.props.at) this.setState({ error: undefined, at: null })
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <CrashScreen error={this.state.error} />
  }
}
