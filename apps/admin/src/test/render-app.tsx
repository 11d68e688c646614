import type { Locale } from '@shop/shared'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AppProviders } from '../app/providers.tsx'
import { BASENAME, routes } from '../app/routes.tsx'
import { createI18n } from '../lib/i18n.ts'
import { createQueryClient } from '../lib/query-client.ts'

export interface RenderAppOptions {
  /** The full address, as in the browser: '/admin', '/admin/login?redirect=%2F'. */
  url?: string
  /** Without it, the language is detected as in the browser (storage, then Arabic). */
  locale?: Locale
}

/** The real back office (routes, providers, i18n) in a memory router, with a query client that does not retry. */
export function renderApp({ url = BASENAME, locale }: RenderAppOptions = {}) {
  const i18n = createI18n(locale)
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  const router = createMemoryRouter(routes, { initialEntries: [url], basename: BASENAME })
  const view = render(
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  /** Where the router is now, as the address bar would show it. */
  const currentUrl = () => `${router.state.location.pathname}${router.state.location.search}`
  return { ...view, i18n, queryClient, router, currentUrl }
}
