import type { Locale } from '@shop/shared'
import { render } from '@testing-library/react'
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router'
import { AppProviders } from '../app/providers.tsx'
import { routes as appRoutes } from '../app/routes.tsx'
import { ALL_LANGUAGES } from './all-languages.ts'
import { createI18n } from '../lib/i18n.ts'
import { createQueryClient } from '../lib/query-client.ts'

export interface RenderAppOptions {
  path?: string
  /** Without it, the language is detected as in the browser (storage, then Arabic). */
  locale?: Locale
  routes?: RouteObject[]
}

/** The real app (routes, providers, i18n) in a memory router, with a query client that does not retry. */
export function renderApp({ path = '/', locale, routes = appRoutes }: RenderAppOptions = {}) {
  const i18n = createI18n(locale, ALL_LANGUAGES)
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const view = render(
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...view, i18n, queryClient, router }
}
