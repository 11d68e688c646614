import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'

export interface PriceFilterProps {
  minPrice: number | undefined
  maxPrice: number | undefined
  onApply: (range: { minPrice: number | undefined; maxPrice: number | undefined }) => void
}

function toNumber(value: string): number | undefined {
  const digits = value.replace(/\D/g, '')
  return digits ? Number(digits) : undefined
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
        let low = toNumber(min)
        let high = toNumber(max)
        if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low]
        onApply({ minPrice: low, maxPrice: high })
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
