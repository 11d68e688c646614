/**
 * The storefront app in the browser, loaded by main.tsx once the page's photo is painted: hydrates the page the
 * server rendered (in its language, with its data) or, on the development server's empty page, draws it.
 */
import { type ReactNode, StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router'
import { AppProviders } from './providers.tsx'
import { routes } from './routes.tsx'
import { syncGuestSessionCookie } from '../lib/api.ts'
import { keepClickIds } from '../lib/click-ids.ts'
import { keyHistoryEntry } from '../lib/history-entry.ts'
import { createI18n, detectLocale, loadLocaleResources, renderedLocale, storedChoiceOverRendered, switchLanguage } from '../lib/i18n.ts'
import { createQueryClient } from '../lib/query-client.ts'
import { hydrateFromPage } from '../lib/rendered-state.ts'
import { keepTypedFields } from '../lib/typed-before-hydration.ts'

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

/**
 * Hydrates and says so on the console when the page drawn in the browser differs from the server's HTML.
 * React reports such a mismatch itself; Preact mends the page silently (it rewrites differing text, adds and
 * drops elements), which would hide a page whose first paint, and the copy the server's cache keeps, are wrong.
 * Hydration is synchronous and changes no markup when the two agree (it only attaches the handlers).
 */
function reportingMismatch(container: HTMLElement, hydrate: () => void): void {
  const before = container.innerHTML
  hydrate()
  const after = container.innerHTML
  if (after === before) return
  let at = 0
  while (at < before.length && before[at] === after[at]) at++
  const around = (html: string) => JSON.stringify(html.slice(Math.max(0, at - 60), at + 60))
  console.error(`Hydration mismatch: the page drawn in the browser differs from the server's HTML: ${around(before)} became ${around(after)}`)
}

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
  // what the shopper typed into the server's forms meanwhile, given back once hydrated (RootLayout)
  keepTypedFields(document)
  // hydrated as a transition: React yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page, so a tap or a scroll during hydration is not kept waiting
  startTransition(() => {
    reportingMismatch(root, () => hydrateRoot(root, app(createBrowserRouter(routes))))
  })
  if (earlier) void switchLanguage(i18n, earlier)
} else {
  createRoot(root).render(app(createBrowserRouter(routes)))
}
