import type { StaffRole } from '@shop/shared'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { MenuDrawer } from './menu-drawer.tsx'
import { ShopBrand } from './shop-brand.tsx'
import { SidebarContent } from './sidebar-content.tsx'

export interface AdminShellProps {
  account: ReactNode
  role: StaffRole
  children: ReactNode
}

/** A sidebar on the start edge from 1024 px; below, a top bar whose menu button opens the same content as a drawer. */
export function AdminShell({ account, role, children }: AdminShellProps) {
  const { t } = useTranslation()
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] print:block">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-30 focus:rounded-md focus:bg-paper focus:px-4 focus:py-3"
      >
        {t('skipToContent')}
      </a>
      <header className="sticky top-0 z-20 flex h-14 print:hidden items-center gap-2 border-b border-line bg-paper/95 px-2 backdrop-blur-sm lg:hidden">
        <MenuDrawer account={account} role={role} />
        <ShopBrand />
      </header>
      <aside className="sticky top-0 hidden h-dvh print:hidden overflow-y-auto border-e border-line bg-surface lg:block">
        <SidebarContent account={account} role={role} />
      </aside>
      <main id="main" className="min-w-0 px-4 py-5 lg:px-8 lg:py-6 print:p-0">
        {children}
      </main>
    </div>
  )
}
