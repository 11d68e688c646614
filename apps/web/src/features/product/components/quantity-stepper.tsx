import { useId } from 'react'
import { useTranslation } from 'react-i18next'

export interface QuantityStepperProps {
  value: number
  max: number
  onChange: (value: number) => void
  disabled?: boolean
}

/** 1 to the chosen variant's stock: the buttons stop at both ends. */
export function QuantityStepper({ value, max, onChange, disabled = false }: QuantityStepperProps) {
  const { t } = useTranslation('product')
  const id = useId()
  const button =
    'flex size-11 items-center justify-center text-lg font-semibold disabled:cursor-not-allowed disabled:text-muted/50'
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-semibold">
        {t('quantity.label')}
      </label>
      <div className="inline-flex items-center rounded-md border border-ink/25">
        <button
          type="button"
          className={button}
          aria-label={t('quantity.decrease')}
          disabled={disabled || value <= 1}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          inputMode="numeric"
          value={value}
          disabled={disabled}
          aria-valuemin={1}
          aria-valuemax={max}
          onChange={(event) => {
            const next = Number(event.target.value.replace(/\D/g, ''))
            const kept = next >= 1 ? Math.min(next, max) : value
            // the field shows the number kept even when it is the one already chosen (Preact, unlike React, does
            // not put a controlled input's value back when the state did not change)
            event.currentTarget.value = String(kept)
            if (kept !== value) onChange(kept)
          }}
          className="h-11 w-12 border-x border-ink/25 bg-transparent text-center text-base font-semibold"
        />
        <button
          type="button"
          className={button}
          aria-label={t('quantity.increase')}
          disabled={disabled || value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  )
}
