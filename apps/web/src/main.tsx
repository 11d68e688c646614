import './fonts.css'
import './index.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { AppProviders } from './app/providers.tsx'
import { routes } from './app/routes.tsx'
import { keyHistoryEntry } from './lib/history-entry.ts'
import { createI18n, detectLocale, loadLocaleResources } from './lib/i18n.ts'
import { createQueryClient } from './lib/query-client.ts'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const locale = detectLocale()
const i18n = createI18n(locale, locale === 'ar' ? {} : { [locale]: await loadLocaleResources(locale) })
const queryClient = createQueryClient()
keyHistoryEntry()
const router = createBrowserRouter(routes)

createRoot(root).render(
  <StrictMode>
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
