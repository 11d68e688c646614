import { useLocale } from '@shop/client-kit'
import { formatPrice } from '@shop/shared'
import { useTranslation } from 'react-i18next'

export interface ProductPriceProps {
  price: number
  compareAtPrice: number | null
  percentOff: number
}

export function ProductPrice({ price, compareAtPrice, percentOff }: ProductPriceProps) {
  const { t } = useTranslation('catalogue')
  const locale = useLocale()
  const isDiscounted = compareAtPrice !== null && compareAtPrice > price
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="sr-only">{t('price.current')}</span>
      <span className="text-base font-bold md:text-lg">{formatPrice(price, locale)}</span>
      {isDiscounted ? (
        <>
          <span className="sr-only">{t('price.original')}</span>
          <s className="text-sm text-muted">{formatPrice(compareAtPrice, locale)}</s>
        </>
      ) : null}
      {isDiscounted && percentOff > 0 ? (
        <span className="rounded-sm bg-sale px-1.5 text-xs leading-5 font-bold text-white">
          <span aria-hidden="true" dir="ltr">
            {t('card.percentOff', { value: percentOff })}
          </span>
          <span className="sr-only">{t('price.discount', { value: percentOff })}</span>
        </span>
      ) : null}
    </p>
  )
}
