/**
 * The storefront app in the browser, loaded by main.tsx once the page's photo is painted: hydrates the page the
 * server rendered (in its language, with its data) or, on the development server's empty page, draws it.
 */
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { AppProviders } from './providers.tsx'
import { AppRoutes, matchPage } from './routes.tsx'
import { syncGuestSessionCookie } from '../lib/api.ts'
import { keepClickIds } from '../lib/click-ids.ts'
import { keyHistoryEntry } from '../lib/history-entry.ts'
import { createI18n, detectLocale, loadLocaleResources, renderedLocale, storedChoiceOverRendered, switchLanguage } from '../lib/i18n.ts'
import { createQueryClient } from '../lib/query-client.ts'
import { holdPartsForHydration } from '../lib/hydrate-in-parts.tsx'
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
function reportMismatch(where: string, before: string, after: string): void {
  let at = 0
  while (at < before.length && before[at] === after[at]) at++
  const around = (html: string) => JSON.stringify(html.slice(Math.max(0, at - 60), at + 60))
  console.error(`Hydration mismatch in ${where}: the page drawn in the browser differs from the server's HTML: ${around(before)} became ${around(after)}`)
}

function reportingMismatch(container: HTMLElement, hydrate: () => void): void {
  // the header, the page and the footer are hydrated later, each checked then (lib/hydrate-in-parts.tsx)
  holdPartsForHydration(container, (part, before, after) => reportMismatch(`the ${part}`, before, after))
  const before = container.innerHTML
  hydrate()
  const after = container.innerHTML
  if (after !== before) reportMismatch('the page', before, after)
}

/** The current address's page chunk, loaded before hydrating so the first render matches the server's HTML. */
async function loadMatchedPage(): Promise<void> {
  await matchPage(window.location.pathname).route.lazy.load()
}

const app = (
  <StrictMode>
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
)

if (rendered) {
  // a chunk that cannot be fetched now is tried again by the page, which then says "no connection"
  await loadMatchedPage().catch(() => undefined)
  // what the shopper typed into the server's forms meanwhile, given back once hydrated (RootLayout)
  keepTypedFields(document)
  reportingMismatch(root, () => hydrateRoot(root, app))
  if (earlier) void switchLanguage(i18n, earlier)
} else {
  createRoot(root).render(app)
}
