import { useLocale } from '@shop/client-kit'
import { type CartItem, colorName, formatPrice } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useMaxLineQuantity } from '../../../lib/shop-settings.ts'
import { useCartItem } from '../api/use-cart-items.ts'
import { QuantityStepper } from './quantity-stepper.tsx'

export interface CartLineProps {
  item: CartItem
  /** The header dropdown shows a tighter row. */
  compact?: boolean
  onNavigate?: () => void
}

export function CartLine({ item, compact = false, onNavigate }: CartLineProps) {
  const { t } = useTranslation('cart')
  const locale = useLocale()
  const { setQuantity, remove, isBusy } = useCartItem(item._id)
  const lineLimit = useMaxLineQuantity()
  // the stepper stops at the stock and at the shop's units of one item per order
  const max = Math.max(1, Math.min(item.stock, lineLimit))
  const image = item.product.image
  const imageSize = compact ? 'size-16' : 'size-24'

  return (
    <li className={`flex gap-3 py-4 ${isBusy ? 'opacity-60' : ''}`} aria-busy={isBusy}>
      <Link
        to={`/product/${item.product.slug || item.product._id}`}
        onClick={onNavigate}
        className={`${imageSize} shrink-0 overflow-hidden rounded-md bg-surface`}
      >
        {image ? (
          <img
            src={image.src}
            srcSet={image.srcSet}
            sizes="96px"
            width={image.width}
            height={image.height}
            alt=""
            loading="lazy"
            decoding="async"
            className={`size-full object-cover ${item.available ? '' : 'grayscale'}`}
          />
        ) : (
          <span className="flex size-full items-center justify-center text-xs text-muted">{t('item.noImage')}</span>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <Link
            to={`/product/${item.product.slug || item.product._id}`}
            onClick={onNavigate}
            className="line-clamp-2 font-medium hover:underline"
          >
            {item.product.name}
          </Link>
          <p className="shrink-0 font-bold">{formatPrice(item.totalPrice, locale)}</p>
        </div>
        <p className="text-sm text-muted">
          {item.size ? <span className="me-3">{t('item.size', { size: item.size })}</span> : null}
          {item.color ? <span>{t('item.color', { color: colorName(item.color, locale) })}</span> : null}
        </p>
        {item.quantity > 1 ? (
          <p className="text-xs text-muted">{t('item.unitPrice', { price: formatPrice(item.price, locale) })}</p>
        ) : null}
        {!item.available ? (
          <p className="text-sm font-medium text-sale">{t('item.unavailable')}</p>
        ) : item.quantityAboveStock ? (
          <p className="text-sm font-medium text-sale">{t('item.aboveStock', { count: item.stock })}</p>
        ) : item.quantity > lineLimit ? (
          <p className="text-sm font-medium text-sale">{t('item.aboveLimit', { count: lineLimit })}</p>
        ) : null}
        <div className="mt-1 flex items-center justify-between gap-2">
          {item.available ? (
            <QuantityStepper
              value={item.quantity}
              max={max}
              onChange={(quantity) => setQuantity(Math.min(quantity, max))}
              disabled={isBusy}
              itemName={item.product.name}
            />
          ) : (
            <span />
          )}
          <button
            type="button"
            onClick={remove}
            disabled={isBusy}
            aria-label={t('item.removeLabel', { name: item.product.name })}
            className="inline-flex min-h-11 items-center rounded-md px-2 text-sm text-muted underline-offset-4 hover:text-sale hover:underline disabled:opacity-50"
          >
            {t('item.remove')}
          </button>
        </div>
      </div>
    </li>
  )
}
