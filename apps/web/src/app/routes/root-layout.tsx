import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { ConnectionBanner } from '../../components/layout/connection-banner.tsx'
import { SiteFooter } from '../layout/site-footer.tsx'
import { SiteHeader } from '../layout/site-header.tsx'
import { PixelsLoader } from '../../features/pixels/components/pixels-loader.tsx'
import { useShopName } from '../../lib/shop-settings.ts'
import { giveBackKeptFields } from '../../lib/typed-before-hydration.ts'
import { DocumentTitle } from '../../lib/document-title.tsx'
import { ScrollRestorer } from '../../lib/scroll-restorer.tsx'
import { HydratePart, partsHydrated } from '../../lib/hydrate-in-parts.tsx'

/**
 * The API answers in the page's language (category names, cart lines, wilayas...): after a switch,
 * what was fetched in the old language is fetched again, so no text of the old language stays.
 */
function useRefetchOnLanguageChange() {
  const { i18n } = useTranslation()
  const queryClient = useQueryClient()
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries()
    i18n.on('languageChanged', refetch)
    return () => i18n.off('languageChanged', refetch)
  }, [i18n, queryClient])
}

/**
 * `<html data-hydrated>` once the page answers to taps (the server's HTML is on screen before that): what the
 * browser tests wait for, and a hook for styles that need the scripts. What the shopper typed into the server's
 * forms before then is given back to the hydrated forms first.
 */
function useHydratedMark() {
  useEffect(() => {
    // once the header, the page and the footer are hydrated too (each in a task of its own)
    void partsHydrated().then(() => {
      giveBackKeptFields(document)
      document.documentElement.setAttribute('data-hydrated', '')
    })
  }, [])
}

export function RootLayout() {
  const { t } = useTranslation()
  const name = useShopName() ?? t('shop.name')
  useRefetchOnLanguageChange()
  useHydratedMark()
  return (
    <div className="flex min-h-dvh flex-col">
      {/* The tab's title in the shopper's language on a page without its own (a page's own title wins over it). */}
      <DocumentTitle fallback>{`${name} · ${t('shop.tagline')}`}</DocumentTitle>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-30 focus:rounded-md focus:bg-paper focus:px-4 focus:py-3"
      >
        {t('skipToContent')}
      </a>
      <HydratePart name="header">
        <SiteHeader />
      </HydratePart>
      <HydratePart name="main">
        <main id="main" className="flex-1">
          <Outlet />
        </main>
      </HydratePart>
      <HydratePart name="footer">
        <SiteFooter />
      </HydratePart>
      <ConnectionBanner />
      <ScrollRestorer />
      <PixelsLoader />
    </div>
  )
}
