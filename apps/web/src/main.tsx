import './fonts.css'
import './index.css'
import { type ReactNode, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router'
import { AppProviders } from './app/providers.tsx'
import { routes } from './app/routes.tsx'
import { syncGuestSessionCookie } from './lib/api.ts'
import { keepClickIds } from './lib/click-ids.ts'
import { keyHistoryEntry } from './lib/history-entry.ts'
import { createI18n, detectLocale, loadLocaleResources, renderedLocale, storedChoiceOverRendered, switchLanguage } from './lib/i18n.ts'
import { createQueryClient } from './lib/query-client.ts'
import { hydrateFromPage } from './lib/rendered-state.ts'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// A page the server rendered is hydrated in the language it was rendered in; the development server's
// empty page starts in the detected one.
const rendered = renderedLocale()
const locale = rendered ?? detectLocale()
// a language chosen on an earlier visit, before the store kept it in a cookie: switched to once hydrated
const earlier = rendered ? storedChoiceOverRendered(rendered) : null
const i18n = createI18n(locale, locale === 'ar' ? {} : { [locale]: await loadLocaleResources(locale) })
const queryClient = createQueryClient()
hydrateFromPage(queryClient)
keyHistoryEntry()
syncGuestSessionCookie()
keepClickIds(window.location.search, document)

/** The current address's page chunks, loaded before hydrating so the first render matches the server's HTML. */
async function loadMatchedPages(list: RouteObject[]): Promise<void> {
  const matches = matchRoutes(list, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, { ...loaded, lazy: undefined })
    }),
  )
}

const app = (router: ReturnType<typeof createBrowserRouter>): ReactNode => (
  <StrictMode>
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
)

if (rendered) {
  await loadMatchedPages(routes)
  hydrateRoot(root, app(createBrowserRouter(routes)))
  if (earlier) void switchLanguage(i18n, earlier)
} else {
  createRoot(root).render(app(createBrowserRouter(routes)))
}
