import { useLocale } from '@shop/client-kit'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { pickLocalized } from '@shop/shared'
import { ImagePlaceholder } from '../../../components/ui/image-placeholder.tsx'
import type { ProductSummary } from '@shop/shared'
import { ProductPrice } from './product-price.tsx'

/**
 * A card's width on screen, the widest of the layouts that show cards (px-4 / md:px-6 page padding):
 * 2 columns with a 12 px gap on phones (a 360-412 px phone shows 158-184 px cards, so 300 px files at
 * DPR 2 and 600 px at DPR 3), 3 columns from md, 4 from lg (24 px gaps), 290 px in the 1280 px container.
 */
export const PRODUCT_GRID_SIZES =
  '(min-width: 1280px) 290px, (min-width: 1024px) calc(25vw - 30px), (min-width: 768px) calc(33.4vw - 32px), calc(50vw - 22px)'

export interface ProductCardProps {
  product: ProductSummary
  /** Only the first product of a product page's list loads eagerly; cards below a hero never do. */
  isPriority?: boolean
}

export function ProductCard({ product, isPriority = false }: ProductCardProps) {
  const { t } = useTranslation(['catalogue', 'product'])
  const locale = useLocale()
  const name = pickLocalized(product.nameAr, product.nameFr, locale) || product.name
  const { image } = product

  return (
    <Link to={`/product/${product._id}`} className="group relative block rounded-md">
      <div className="relative aspect-square overflow-hidden rounded-md bg-surface">
        {image ? (
          <img
            src={image.src}
            srcSet={image.srcSet}
            sizes={PRODUCT_GRID_SIZES}
            width={image.width}
            height={image.height}
            alt=""
            loading={isPriority ? 'eager' : 'lazy'}
            fetchPriority={isPriority ? 'high' : 'auto'}
            decoding="async"
            className={`size-full object-cover transition-transform duration-300 motion-reduce:transition-none group-hover:scale-[1.02] ${product.inStock ? '' : 'opacity-50 grayscale'}`}
          />
        ) : (
          <ImagePlaceholder label={t('product:gallery.noImage')} isCompact />
        )}
        {product.inStock ? null : (
          <span className="absolute start-2 top-2 rounded-sm bg-ink px-2 py-0.5 text-xs font-semibold text-paper">
            {t('card.outOfStock')}
          </span>
        )}
      </div>
      {/* two lines reserved whatever the name's length or font: a row of cards does not change height when the font arrives */}
      <h3 className="mt-3 line-clamp-2 min-h-10 text-sm leading-5 font-medium group-hover:underline group-hover:underline-offset-4">
        {name}
      </h3>
      <div className="mt-1">
        <ProductPrice price={product.price} compareAtPrice={product.compareAtPrice} percentOff={product.percentOff} />
      </div>
    </Link>
  )
}
