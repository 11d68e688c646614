import { useLocale } from '@shop/client-kit'
import { colorName, formatPrice, LOW_STOCK_LINE } from '@shop/shared'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { pickLocalized } from '@shop/shared'
import { useMaxLineQuantity } from '../../../lib/shop-settings.ts'
import { usePageForm } from '../../../lib/page-form.ts'
import { INPUT_CLASS } from '../../../components/ui/form-field.tsx'
import type { ProductDetail, ProductVariant } from '@shop/shared'
import {
  chosenVariant,
  clampQuantity,
  colorsOf,
  imagesForColor,
  initialChoice,
  maxQuantity,
  pickColor,
  sizesOf,
  type VariantChoice,
} from '../variant-choice.ts'
import { ProductGallery } from './product-gallery.tsx'
import { ProductPolicies } from './product-policies.tsx'
import { ProductPriceBlock } from './product-price-block.tsx'
import { QuantityStepper } from './quantity-stepper.tsx'
import { VariantPicker } from './variant-picker.tsx'
import { DocumentTitle } from '../../../lib/document-title.tsx'
import { ServerHtml } from '../../../lib/server-html.tsx'

/** What the shopper picked on the page: one variant and how many. */
export interface ChosenLine {
  product: ProductDetail
  variant: ProductVariant
  quantity: number
}

export interface ProductViewProps {
  product: ProductDetail
  onAddToCart: (line: ChosenLine) => void
  onBuyNow: (line: ChosenLine) => void
  isAdding?: boolean
  /**
   * The quick order form, given the current pick (null until a variant is chosen) and what to call when
   * it is sent without one (the page says so at the picker and scrolls there).
   */
  renderQuickOrder: (line: ChosenLine | null, onMissingChoice: () => void) => ReactNode
  related?: ReactNode
}

export const QUICK_ORDER_ID = 'quick-order'
/** The quick order's <form> id: the product's choices, outside that element, belong to it through `form=`. */
export const QUICK_ORDER_FORM_ID = 'quick-order-form'

/**
 * The product's choice for the quick order when the scripts have not run (the swatches and size buttons need
 * them): one select of the variants in stock and a quantity, posted with the form.
 */
function PlainChoice({ product, chosen, lineLimit }: { product: ProductDetail; chosen: ProductVariant | null; lineLimit: number }) {
  const { t } = useTranslation('product')
  const locale = useLocale()
  const sentBack = usePageForm('quick-order')
  const inStock = product.variants.filter((v) => v.stock > 0)
  const label = (v: ProductVariant) => [v.size, v.color ? colorName(v.color, locale) : ''].filter(Boolean).join(' · ')
  const error = sentBack?.errors.variant
  // drawn by the server only: in the browser the scripts run, so the fallback is never shown (lib/server-html.tsx)
  return (
    <ServerHtml>
      <noscript>
        <div className="mb-4 grid grid-cols-[1fr_auto] gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('variant.size')}
            <select
              name="variant"
              form={QUICK_ORDER_FORM_ID}
              defaultValue={sentBack?.values.variant ?? chosen?._id ?? ''}
              aria-invalid={Boolean(error)}
              className={INPUT_CLASS}
            >
              {inStock.length > 1 ? <option value="">{t('variant.chooseSize')}</option> : null}
              {inStock.map((v) => (
                <option key={v._id} value={v._id}>
                  {label(v) || name(product, locale)}
                </option>
              ))}
            </select>
            {error ? <span className="text-sm text-sale">{error}</span> : null}
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('quantity.label')}
            <input
              name="quantity"
              form={QUICK_ORDER_FORM_ID}
              type="number"
              inputMode="numeric"
              min={1}
              max={lineLimit}
              defaultValue={sentBack?.values.quantity ?? '1'}
              className={`${INPUT_CLASS} w-20 text-center`}
            />
          </label>
        </div>
      </noscript>
    </ServerHtml>
  )
}

function name(product: ProductDetail, locale: Parameters<typeof pickLocalized>[2]): string {
  return pickLocalized(product.nameAr, product.nameFr, locale) || product.name
}

export function ProductView({ product, onAddToCart, onBuyNow, isAdding = false, renderQuickOrder, related }: ProductViewProps) {
  const { t } = useTranslation('product')
  const locale = useLocale()
  const { variants } = product
  const [choice, setChoice] = useState<VariantChoice>(() => initialChoice(variants))
  const [quantity, setQuantity] = useState(1)
  const [pickError, setPickError] = useState<string | undefined>()
  const [isFormInView, setIsFormInView] = useState(false)
  const formSection = useRef<HTMLElement>(null)
  const picker = useRef<HTMLDivElement>(null)

  // The sticky "order now" bar leads to the form: once the form is on screen it would only cover it.
  useEffect(() => {
    const element = formSection.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) => setIsFormInView(Boolean(entry?.isIntersecting)))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const name = pickLocalized(product.nameAr, product.nameFr, locale) || product.name
  const description = pickLocalized(product.descriptionAr, product.descriptionFr, locale) || product.description
  const variant = chosenVariant(variants, choice)
  const lineLimit = useMaxLineQuantity()
  const chosenQuantity = clampQuantity(quantity, variant, lineLimit)
  const isSoldOut = product.stock <= 0 || variants.every((v) => v.stock <= 0)
  const stockShown = variant ? variant.stock : product.stock
  const isLow = !isSoldOut && stockShown > 0 && stockShown <= LOW_STOCK_LINE
  const line: ChosenLine | null = variant && variant.stock > 0 ? { product, variant, quantity: chosenQuantity } : null

  /** Says at the picker what is missing, scrolls there and puts the focus on the first choice left. */
  const askForChoice = () => {
    const needsColor = choice.color === null && colorsOf(variants).length > 1
    const missing = needsColor && sizesOf(variants).length <= 1 ? 'color' : 'size'
    setPickError(missing === 'color' ? t('variant.chooseColor') : t('variant.chooseSize'))
    const element = picker.current
    if (!element) return
    element.scrollIntoView({ behavior: 'smooth', block: 'center' })
    element.querySelector<HTMLButtonElement>(`[data-choice="${missing}"] button:not(:disabled)`)?.focus({ preventScroll: true })
  }

  /** The line to act on, or null after saying at the picker what is missing. */
  const requireLine = (): ChosenLine | null => {
    if (line) return line
    askForChoice()
    return null
  }

  const allImages = product.images.length > 0 ? product.images : product.image ? [{ ...product.image, color: null }] : []
  // the chosen colour's photos first: the picture follows the colour
  const images = imagesForColor(allImages, choice.color)

  return (
    <article className="mx-auto max-w-7xl pb-28 md:px-6 md:py-10 md:pb-10">
      <DocumentTitle>{name}</DocumentTitle>
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <div className="md:sticky md:top-20 md:self-start">
          <ProductGallery key={choice.color ?? ''} images={images} name={name} />
        </div>

        <div className="flex flex-col gap-6 px-4 md:px-0">
          <div>
            <nav aria-label={t('breadcrumb')} className="mb-2 text-sm text-muted">
              <Link to={`/category/${product.category._id}`} className="inline-flex min-h-11 items-center underline-offset-4 hover:underline">
                {product.category.name}
              </Link>
            </nav>
            <h1 className="text-xl leading-tight font-bold md:text-2xl">{name}</h1>
            <div className="mt-3">
              <ProductPriceBlock price={product.price} compareAtPrice={product.compareAtPrice} percentOff={product.percentOff} />
            </div>
            <p className="mt-3 text-sm" aria-live="polite">
              {isSoldOut ? (
                <span className="rounded-sm bg-ink px-2 py-0.5 font-semibold text-paper">{t('stock.soldOut')}</span>
              ) : isLow ? (
                <span className="rounded-sm bg-sale/10 px-2 py-0.5 font-semibold text-sale">
                  {t('stock.low', { count: stockShown })}
                </span>
              ) : (
                <span className="font-medium text-brand">{t('stock.inStock')}</span>
              )}
            </p>
          </div>

          {isSoldOut ? null : (
            <>
              <div ref={picker} className="scroll-mt-24">
                <VariantPicker
                  variants={variants}
                  choice={choice}
                  onPickColor={(color) => {
                    setChoice((current) => pickColor(variants, current, color))
                    setPickError(undefined)
                  }}
                  onPickSize={(size) => {
                    setChoice((current) => ({ ...current, size }))
                    setPickError(undefined)
                  }}
                  sizeError={pickError}
                />
              </div>
              <QuantityStepper value={chosenQuantity} max={maxQuantity(variant, lineLimit)} onChange={setQuantity} disabled={!variant} />
              <div className="grid grid-cols-2 gap-3">
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  disabled={isAdding}
                  onClick={() => {
                    const chosen = requireLine()
                    if (chosen) onAddToCart(chosen)
                  }}
                >
                  {t('actions.addToCart')}
                </button>
                <button
                  type="button"
                  className={buttonClass('primary')}
                  disabled={isAdding}
                  onClick={() => {
                    const chosen = requireLine()
                    if (chosen) onBuyNow(chosen)
                  }}
                >
                  {t('actions.buyNow')}
                </button>
              </div>
            </>
          )}

          {isSoldOut ? (
            <section aria-labelledby="sold-out-title" className="rounded-lg border border-ink bg-surface p-4">
              <h2 id="sold-out-title" className="text-lg font-bold">
                {t('soldOut.title')}
              </h2>
              <p className="mt-1 text-sm text-muted">{t('soldOut.body')}</p>
              <Link to={`/category/${product.category._id}`} className={buttonClass('secondary', 'mt-4 w-full')}>
                {t('soldOut.browse', { category: product.category.name })}
              </Link>
            </section>
          ) : (
            <section ref={formSection} id={QUICK_ORDER_ID} aria-labelledby={`${QUICK_ORDER_ID}-title`} className="scroll-mt-20 rounded-lg border border-line bg-white p-4">
              <h2 id={`${QUICK_ORDER_ID}-title`} className="text-lg font-bold">
                {t('quickOrder.title')}
              </h2>
              <p className="mt-1 mb-4 text-sm text-muted">{t('quickOrder.subtitle')}</p>
              <PlainChoice product={product} chosen={variant ?? null} lineLimit={lineLimit} />
              {renderQuickOrder(line, askForChoice)}
            </section>
          )}

          <ProductPolicies
            description={description}
            specifications={[
              { label: t('sections.specifications.category'), value: product.category.name },
              ...(sizesOf(variants).length > 0 ? [{ label: t('sections.specifications.sizes'), value: sizesOf(variants).join(' · ') }] : []),
              ...(colorsOf(variants).some((c) => c !== '')
                ? [{ label: t('sections.specifications.colors'), value: colorsOf(variants).map((c) => colorName(c, locale)).join(' · ') }]
                : []),
            ]}
          />
        </div>
      </div>

      {related}

      {isSoldOut || isFormInView ? null : (
        <div className="fixed inset-x-0 bottom-0 z-10 flex items-center justify-between gap-3 border-t border-line bg-paper/95 px-4 py-3 backdrop-blur-sm md:hidden">
          <span className="text-lg font-bold">{formatPrice(product.price, locale)}</span>
          <a href={`#${QUICK_ORDER_ID}`} className={buttonClass('primary', 'flex-1')}>
            {t('actions.orderNow')}
          </a>
        </div>
      )}
    </article>
  )
}
