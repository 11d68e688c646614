import { useLocale } from '@shop/client-kit'
import { formatPrice } from '@shop/shared'
import { useTranslation } from 'react-i18next'

export interface ProductPriceBlockProps {
  price: number
  compareAtPrice: number | null
  percentOff: number
}

/** The price big and bold; when discounted, the old price struck through, the saving and the percent off. */
export function ProductPriceBlock({ price, compareAtPrice, percentOff }: ProductPriceBlockProps) {
  const { t } = useTranslation('product')
  const locale = useLocale()
  const isDiscounted = compareAtPrice !== null && compareAtPrice > price
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <p className="text-2xl font-bold">
        <span className="sr-only">{t('price.current')}</span>
        {formatPrice(price, locale)}
      </p>
      {isDiscounted ? (
        <>
          <p className="text-base text-muted">
            <span className="sr-only">{t('price.original')}</span>
            <s>{formatPrice(compareAtPrice, locale)}</s>
          </p>
          {percentOff > 0 ? (
            <span className="rounded-sm bg-sale px-2 text-sm leading-6 font-bold text-white">
              <bdi dir="ltr">{t('price.percentOff', { value: percentOff })}</bdi>
            </span>
          ) : null}
          <p className="w-full text-sm font-semibold text-sale">
            {t('price.saving', { amount: formatPrice(compareAtPrice - price, locale) })}
          </p>
        </>
      ) : null}
    </div>
  )
}
