import { can, type Permission, type StaffRole } from '@shop/shared'
import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { IconBanners } from '../icons/icon-banners.tsx'
import { IconCategories } from '../icons/icon-categories.tsx'
import { IconCoupons } from '../icons/icon-coupons.tsx'
import { IconDashboard } from '../icons/icon-dashboard.tsx'
import { IconCouriers } from '../icons/icon-couriers.tsx'
import { IconDelivery } from '../icons/icon-delivery.tsx'
import { IconMessages } from '../icons/icon-messages.tsx'
import { IconNewsletter } from '../icons/icon-newsletter.tsx'
import { IconOrders } from '../icons/icon-orders.tsx'
import { IconCallQueue } from '../icons/icon-call-queue.tsx'
import { IconPixels } from '../icons/icon-pixels.tsx'
import { IconProducts } from '../icons/icon-products.tsx'
import type { IconProps } from '../icons/icon-props.ts'
import { IconSettings } from '../icons/icon-settings.tsx'
import { IconStaff } from '../icons/icon-staff.tsx'
import { IconAudit } from '../icons/icon-audit.tsx'
import { IconCallbacks } from '../icons/icon-callbacks.tsx'
import { IconBlacklist } from '../icons/icon-blacklist.tsx'
import { IconJobs } from '../icons/icon-jobs.tsx'

type NavKey =
  | 'dashboard'
  | 'orders'
  | 'callbacks'
  | 'callQueue'
  | 'products'
  | 'categories'
  | 'coupons'
  | 'delivery'
  | 'banners'
  | 'messages'
  | 'newsletter'
  | 'pixels'
  | 'settings'
  | 'staff'
  | 'audit'
  | 'blacklist'
  | 'couriers'
  | 'courierMoney'
  | 'jobs'

interface NavItem {
  to: string
  key: NavKey
  end: boolean
  Icon: ComponentType<IconProps>
  /** The shared permission the screen needs: a link the role cannot use is not shown (the API refuses it anyway). */
  permission: Permission
}

const LINKS: NavItem[] = [
  { to: '/', key: 'dashboard', end: true, Icon: IconDashboard, permission: 'dashboard' },
  { to: '/orders', key: 'orders', end: false, Icon: IconOrders, permission: 'orders.work' },
  { to: '/call-queue', key: 'callQueue', end: false, Icon: IconCallQueue, permission: 'orders.work' },
  { to: '/callbacks', key: 'callbacks', end: false, Icon: IconCallbacks, permission: 'orders.work' },
  { to: '/blacklist', key: 'blacklist', end: false, Icon: IconBlacklist, permission: 'orders.manage' },
  { to: '/products', key: 'products', end: false, Icon: IconProducts, permission: 'catalogue' },
  { to: '/categories', key: 'categories', end: false, Icon: IconCategories, permission: 'catalogue' },
  { to: '/coupons', key: 'coupons', end: false, Icon: IconCoupons, permission: 'coupons' },
  { to: '/delivery-prices', key: 'delivery', end: false, Icon: IconDelivery, permission: 'delivery' },
  { to: '/banners', key: 'banners', end: false, Icon: IconBanners, permission: 'banners' },
  { to: '/messages', key: 'messages', end: false, Icon: IconMessages, permission: 'inbox' },
  { to: '/newsletter', key: 'newsletter', end: false, Icon: IconNewsletter, permission: 'inbox' },
  { to: '/pixels', key: 'pixels', end: false, Icon: IconPixels, permission: 'pixels' },
  { to: '/settings', key: 'settings', end: false, Icon: IconSettings, permission: 'settings' },
  { to: '/couriers', key: 'couriers', end: false, Icon: IconCouriers, permission: 'couriers' },
  { to: '/courier-money', key: 'courierMoney', end: false, Icon: IconCouriers, permission: 'orders.manage' },
  { to: '/staff', key: 'staff', end: false, Icon: IconStaff, permission: 'staff' },
  { to: '/audit-log', key: 'audit', end: false, Icon: IconAudit, permission: 'audit' },
  { to: '/jobs', key: 'jobs', end: false, Icon: IconJobs, permission: 'jobs' },
]

export interface AdminNavProps {
  role: StaffRole
  onNavigate?: () => void
}

export function AdminNav({ role, onNavigate }: AdminNavProps) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('nav.label')}>
      <ul className="flex flex-col gap-0.5">
        {LINKS.filter((link) => can(role, link.permission)).map(({ to, key, end, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              onClick={onNavigate}
              className="flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium text-muted hover:bg-ink/5 hover:text-ink aria-[current=page]:bg-white aria-[current=page]:font-semibold aria-[current=page]:text-brand lg:min-h-9"
            >
              <Icon />
              {t(`nav.${key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
