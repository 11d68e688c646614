import { useTranslation } from 'react-i18next'
import { Outlet, ScrollRestoration } from 'react-router'
import { SiteFooter } from '../../components/layout/site-footer.tsx'
import { SiteHeader } from '../../components/layout/site-header.tsx'
import { PixelsLoader } from '../../features/pixels/components/pixels-loader.tsx'

export function RootLayout() {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-30 focus:rounded-md focus:bg-paper focus:px-4 focus:py-3"
      >
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
      <PixelsLoader />
    </div>
  )
}
