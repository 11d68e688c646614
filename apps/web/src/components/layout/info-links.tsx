import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

const LINKS = [
  { to: '/about', key: 'footer.about' },
  { to: '/contact', key: 'footer.contact' },
  { to: '/terms', key: 'footer.terms' },
] as const

export interface InfoLinksProps {
  /** `footer` at the bottom of every page, `menu` in the phone menu. */
  variant: 'footer' | 'menu'
  onNavigate?: () => void
}

/** About, contact, and the terms and privacy page sign-up asks the shopper to accept. */
export function InfoLinks({ variant, onNavigate }: InfoLinksProps) {
  const { t } = useTranslation()
  const link =
    variant === 'footer'
      ? 'inline-flex min-h-11 items-center text-sm font-medium underline-offset-4 hover:underline'
      : 'flex min-h-11 items-center px-1 text-base text-muted hover:text-ink'
  return (
    <nav aria-label={t('footer.linksTitle')}>
      {variant === 'footer' ? <h2 className="text-base font-semibold">{t('footer.linksTitle')}</h2> : null}
      <ul className={variant === 'footer' ? 'mt-1 flex flex-col' : 'flex flex-col'}>
        {LINKS.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={link} onClick={onNavigate}>
              {t(item.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
