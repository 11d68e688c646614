import { useLocale } from '@shop/client-kit'
import { colorHex, colorName } from '@shop/shared'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProductVariant } from '@shop/shared'
import { colorStock, colorsOf, sizeStock, sizesOf, type VariantChoice } from '../variant-choice.ts'

export interface VariantPickerProps {
  variants: ProductVariant[]
  choice: VariantChoice
  onPickColor: (color: string) => void
  onPickSize: (size: string) => void
  /** Shown right under the sizes when the shopper tried to order or add without one. */
  sizeError?: string
}

/** Colours as swatches, sizes as buttons; what is sold out stays visible, crossed out and disabled. */
export function VariantPicker({ variants, choice, onPickColor, onPickSize, sizeError }: VariantPickerProps) {
  const { t } = useTranslation('product')
  const locale = useLocale()
  const colorsLabel = useId()
  const sizesLabel = useId()
  const sizeErrorId = useId()
  const colors = colorsOf(variants)
  const sizes = sizesOf(variants)

  return (
    <div className="flex flex-col gap-5">
      {colors.length > 1 || (colors.length === 1 && colors[0] !== '') ? (
        <div>
          <p id={colorsLabel} className="mb-2 text-sm font-semibold">
            {t('variant.color')}
            {choice.color ? <span className="ms-2 font-normal text-muted">{colorName(choice.color, locale)}</span> : null}
          </p>
          <div role="radiogroup" aria-labelledby={colorsLabel} data-choice="color" className="flex flex-wrap gap-2">
            {colors.map((color) => {
              const soldOut = colorStock(variants, color) === 0
              const selected = choice.color === color
              return (
                // biome-ignore lint/a11y/useSemanticElements: a swatch button reads better than a bare radio input
                <button
                  key={color}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  aria-label={soldOut ? t('variant.soldOutLabel', { value: colorName(color, locale) }) : colorName(color, locale)}
                  disabled={soldOut}
                  onClick={() => onPickColor(color)}
                  className="relative flex size-11 items-center justify-center rounded-full border-2 border-transparent aria-checked:border-ink disabled:cursor-not-allowed disabled:opacity-40"
                >
                  <span
                    className="size-8 rounded-full border border-ink/20"
                    style={{ backgroundColor: colorHex(color, variants.find((v) => v.color === color)?.colorHex) }}
                    aria-hidden="true"
                  />
                  {soldOut ? (
                    <span aria-hidden="true" className="absolute h-0.5 w-10 rotate-45 bg-ink/70" />
                  ) : null}
                </button>
              )
            })}
          </div>
        </div>
      ) : null}

      {sizes.length > 0 ? (
        <div>
          <p id={sizesLabel} className="mb-2 text-sm font-semibold">
            {t('variant.size')}
          </p>
          <div
            role="radiogroup"
            aria-labelledby={sizesLabel}
            data-choice="size"
            aria-describedby={sizeError ? sizeErrorId : undefined}
            className="flex flex-wrap gap-2"
          >
            {sizes.map((size) => {
              const soldOut = sizeStock(variants, size, choice.color) === 0
              const selected = choice.size === size
              return (
                // biome-ignore lint/a11y/useSemanticElements: size buttons are the store's pattern; the role keeps them one choice
                <button
                  key={size}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  aria-label={soldOut ? t('variant.soldOutLabel', { value: size }) : size}
                  disabled={soldOut}
                  onClick={() => onPickSize(size)}
                  className="min-h-11 min-w-12 rounded-md border border-ink/25 px-3 text-sm font-semibold aria-checked:border-ink aria-checked:bg-ink aria-checked:text-paper disabled:cursor-not-allowed disabled:border-line disabled:text-muted disabled:line-through"
                >
                  <bdi>{size}</bdi>
                </button>
              )
            })}
          </div>
          {sizeError ? (
            <p id={sizeErrorId} className="mt-2 text-sm text-sale" role="alert">
              {sizeError}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
