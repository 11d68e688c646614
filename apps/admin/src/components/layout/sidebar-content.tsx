import type { StaffRole } from '@shop/shared'
import type { ReactNode } from 'react'
import { AdminNav } from './admin-nav.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { ShopBrand } from './shop-brand.tsx'

export interface SidebarContentProps {
  /** Who is signed in and the way out, from the auth feature. */
  account: ReactNode
  /** Above the brand in the phone drawer: its close button. */
  header?: ReactNode
  /** The links shown are those the role may use (the shared permission table). */
  role: StaffRole
  onNavigate?: () => void
}

/** The sidebar on a laptop and the drawer on a phone: brand, navigation, then account and language at the bottom. */
export function SidebarContent({ account, header, role, onNavigate }: SidebarContentProps) {
  return (
    <div className="flex h-full flex-col gap-4 px-3 py-4">
      <div className="flex items-start justify-between gap-2 px-1">
        <ShopBrand onNavigate={onNavigate} />
        {header}
      </div>
      <AdminNav role={role} onNavigate={onNavigate} />
      <div className="mt-auto flex flex-col gap-3 border-t border-line px-1 pt-4">
        {account}
        <LanguageSwitch />
      </div>
    </div>
  )
}
