import type { Locale } from '@shop/shared'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { type Location, MemoryRouter, useLocation } from 'react-router'
import { AppProviders } from '../app/providers.tsx'
import { AppRoutes } from '../app/routes.tsx'
import { ALL_LANGUAGES } from './all-languages.ts'
import { createI18n } from '../lib/i18n.ts'
import { createQueryClient } from '../lib/query-client.ts'

export interface RenderAppOptions {
  path?: string
  /** Without it, the language is detected as in the browser (storage, then Arabic). */
  locale?: Locale
  /** What the router draws; the app's pages by default. */
  app?: ReactNode
}

/** Where the app is: `router.state.location` follows the address as the shopper moves. */
export interface RouterProbe {
  state: { location: Location }
}

function LocationProbe({ into }: { into: RouterProbe }) {
  into.state.location = useLocation()
  return null
}

/** The real app (routes, providers, i18n) in a memory router, with a query client that does not retry. */
export function renderApp({ path = '/', locale, app = <AppRoutes /> }: RenderAppOptions = {}) {
  const i18n = createI18n(locale, ALL_LANGUAGES)
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  const router: RouterProbe = { state: { location: { pathname: path, search: '', hash: '', state: null, key: 'default' } } }
  const view = render(
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe into={router} />
        {app}
      </MemoryRouter>
    </AppProviders>,
  )
  return { ...view, i18n, queryClient, router }
}
