import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ProfileMenu } from '../../features/auth/components/profile-menu.tsx'
import { CartMenu } from '../../features/cart/components/cart-menu.tsx'
import { LanguageSwitch } from '../../components/layout/language-switch.tsx'
import { MainNav } from '../../components/layout/main-nav.tsx'
import { MobileMenu } from './mobile-menu.tsx'
import { ShopBrand } from '../../components/layout/shop-brand.tsx'

/** The cart menu and the account menu read their own state (cart and auth queries). */
export function SiteHeader() {
  const { t } = useTranslation('catalogue')
  return (
    <header className="sticky top-0 z-20 border-b border-line bg-paper/95 backdrop-blur-sm">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-2 md:px-6">
        <MobileMenu />
        <ShopBrand />
        <div className="ms-6 hidden md:block">
          <MainNav layout="row" />
        </div>
        <div className="ms-auto flex items-center sm:gap-2">
          <Link
            to="/collection?focus=search"
            aria-label={t('search.open')}
            className="inline-flex size-11 items-center justify-center rounded-md text-ink hover:bg-surface"
          >
            <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" />
            </svg>
          </Link>
          <LanguageSwitch />
          {/* On phones the account links live in the menu: the bar keeps room for the cart. */}
          <div className="hidden sm:block">
            <ProfileMenu />
          </div>
          <CartMenu />
        </div>
      </div>
    </header>
  )
}
