import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useShopName, useShopSettings } from '../../lib/shop-settings.ts'

/** The store's own mark (public/favicon.svg): the default logo, shown when the shop's logo is missing or broken. */
export const DEFAULT_LOGO = '/favicon.svg'

export interface ShopBrandProps {
  onNavigate?: () => void
}

/** The shop's logo (or the default logo with its name), linking home. Never mirrored in Arabic. */
export function ShopBrand({ onNavigate }: ShopBrandProps) {
  const { t } = useTranslation()
  const name = useShopName()
  const logo = useShopSettings().data?.logo ?? null
  // The address that failed: a new logo from settings gets its own chance.
  const [brokenLogo, setBrokenLogo] = useState<string | null>(null)
  // The server's HTML asks for the logo before the scripts run: a logo that already failed then fired its
  // error before React listened, so a broken picture found when the element is attached counts as failed too.
  const checkLoaded = useCallback(
    (image: HTMLImageElement | null) => {
      if (image?.complete && image.naturalWidth === 0 && image.naturalHeight === 0 && logo !== null) setBrokenLogo(logo)
    },
    [logo],
  )
  if (name === undefined) return <span className="block h-7 w-24 rounded-md bg-surface" aria-hidden="true" />
  const showsLogo = logo !== null && logo !== brokenLogo
  return (
    <Link
      to="/"
      onClick={onNavigate}
      aria-label={t('shop.homeLink', { name })}
      className="inline-flex min-h-11 items-center gap-2 rounded-md text-xl font-bold tracking-tight text-brand"
    >
      {showsLogo ? (
        <img
          ref={checkLoaded}
          src={logo}
          alt=""
          height={32}
          // React listens for the error before it sets `src`, so even a cached failure lands here
          onError={() => setBrokenLogo(logo)}
          className="h-8 w-auto"
        />
      ) : (
        <>
          <img src={DEFAULT_LOGO} alt="" width={32} height={32} className="size-8" />
          {name}
        </>
      )}
    </Link>
  )
}
