import { CartButton } from './cart-button.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { MainNav } from './main-nav.tsx'
import { MobileMenu } from './mobile-menu.tsx'
import { ShopBrand } from './shop-brand.tsx'

export interface SiteHeaderProps {
  cartCount: number
}

export function SiteHeader({ cartCount }: SiteHeaderProps) {
  return (
    <header className="sticky top-0 z-20 border-b border-line bg-paper/95 backdrop-blur-sm">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-2 md:px-6">
        <MobileMenu />
        <ShopBrand />
        <div className="ms-6 hidden md:block">
          <MainNav layout="row" />
        </div>
        <div className="ms-auto flex items-center sm:gap-2">
          <LanguageSwitch />
          <CartButton count={cartCount} />
        </div>
      </div>
    </header>
  )
}
