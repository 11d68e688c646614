import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { IconDashboard } from '../icons/icon-dashboard.tsx'
import type { IconProps } from '../icons/icon-props.ts'

// Screens join this list as they are built (orders, products, ...), never before.
const LINKS: { to: string; key: 'nav.dashboard'; end: boolean; Icon: ComponentType<IconProps> }[] = [
  { to: '/', key: 'nav.dashboard', end: true, Icon: IconDashboard },
]

export interface AdminNavProps {
  onNavigate?: () => void
}

export function AdminNav({ onNavigate }: AdminNavProps) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('nav.label')}>
      <ul className="flex flex-col gap-0.5">
        {LINKS.map(({ to, key, end, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              onClick={onNavigate}
              className="flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium text-muted hover:bg-ink/5 hover:text-ink aria-[current=page]:bg-white aria-[current=page]:font-semibold aria-[current=page]:text-brand lg:min-h-9"
            >
              <Icon />
              {t(key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
