import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'

const LINKS = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/collection', key: 'nav.collection', end: false },
  { to: '/tracking', key: 'nav.tracking', end: false },
] as const

export interface MainNavProps {
  /** `row` in the desktop header, `column` in the phone menu. */
  layout: 'row' | 'column'
  onNavigate?: () => void
}

export function MainNav({ layout, onNavigate }: MainNavProps) {
  const { t } = useTranslation()
  const list = layout === 'row' ? 'flex items-center gap-1' : 'flex flex-col'
  const link =
    layout === 'row'
      ? 'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-muted hover:text-ink aria-[current=page]:text-ink aria-[current=page]:font-semibold'
      : 'flex min-h-12 items-center border-b border-line px-1 text-lg font-medium aria-[current=page]:text-brand'
  return (
    <nav aria-label={t('nav.label')}>
      <ul className={list}>
        {LINKS.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={link} onClick={onNavigate}>
              {t(item.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
