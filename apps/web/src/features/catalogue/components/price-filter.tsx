import { toLatinDigits } from '@shop/shared'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'

export interface PriceFilterProps {
  minPrice: number | undefined
  maxPrice: number | undefined
  onApply: (range: { minPrice: number | undefined; maxPrice: number | undefined }) => void
}

/**
 * A price typed by the shopper, in whole dinars: Eastern Arabic digits (٢٠٠٠) count as 0-9, spaces and
 * thousands separators are ignored, and a negative amount is 0 (a minus sign is never dropped, which
 * would turn -500 into 500).
 */
export function readPrice(value: string): number | undefined {
  const text = toLatinDigits(value).trim()
  const digits = text.replace(/\D/g, '')
  if (!digits) return undefined
  return /^[-\u2212\u2012-\u2015]/.test(text) ? 0 : Number(digits)
}

/** Both ends read as prices, the smaller one first. */
export function readPriceRange(min: string, max: string): { minPrice: number | undefined; maxPrice: number | undefined } {
  const low = readPrice(min)
  const high = readPrice(max)
  if (low !== undefined && high !== undefined && low > high) return { minPrice: high, maxPrice: low }
  return { minPrice: low, maxPrice: high }
}

/** Min and max price in dinars, applied together with a button (no request on each keystroke). */
export function PriceFilter({ minPrice, maxPrice, onApply }: PriceFilterProps) {
  const { t } = useTranslation('catalogue')
  const minId = useId()
  const maxId = useId()
  const [min, setMin] = useState(minPrice?.toString() ?? '')
  const [max, setMax] = useState(maxPrice?.toString() ?? '')
  const [shown, setShown] = useState({ minPrice, maxPrice })

  if (shown.minPrice !== minPrice || shown.maxPrice !== maxPrice) {
    setShown({ minPrice, maxPrice })
    setMin(minPrice?.toString() ?? '')
    setMax(maxPrice?.toString() ?? '')
  }

  const field = 'min-h-11 w-full rounded-md border border-line bg-white px-3 text-base'
  const hasRange = minPrice !== undefined || maxPrice !== undefined

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        const range = readPriceRange(min, max)
        // The fields show what is applied: ٢٠٠٠ becomes 2000, -500 becomes 0.
        setMin(range.minPrice?.toString() ?? '')
        setMax(range.maxPrice?.toString() ?? '')
        onApply(range)
      }}
      className="flex flex-wrap items-end gap-2"
    >
      <fieldset className="contents">
        <legend className="sr-only">{t('price.filter')}</legend>
        <div className="w-28">
          <label htmlFor={minId} className="mb-1 block text-xs text-muted">
            {t('price.min')}
          </label>
          <input id={minId} inputMode="numeric" value={min} onChange={(e) => setMin(e.target.value)} className={field} />
        </div>
        <div className="w-28">
          <label htmlFor={maxId} className="mb-1 block text-xs text-muted">
            {t('price.max')}
          </label>
          <input id={maxId} inputMode="numeric" value={max} onChange={(e) => setMax(e.target.value)} className={field} />
        </div>
      </fieldset>
      <button type="submit" className={buttonClass('primary', 'px-4 text-sm')}>
        {t('price.apply')}
      </button>
      {hasRange ? (
        <button
          type="button"
          onClick={() => onApply({ minPrice: undefined, maxPrice: undefined })}
          className={buttonClass('secondary', 'px-4 text-sm')}
        >
          {t('price.clear')}
        </button>
      ) : null}
    </form>
  )
}
