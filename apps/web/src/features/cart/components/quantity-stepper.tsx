import { useTranslation } from 'react-i18next'

export interface QuantityStepperProps {
  value: number
  /** Upper bound: the variant's stock (never below 1 so a flagged line can still be lowered). */
  max: number
  onChange: (quantity: number) => void
  disabled?: boolean
  itemName: string
}

/** − value +, capped at the stock; 44 px buttons. */
export function QuantityStepper({ value, max, onChange, disabled = false, itemName }: QuantityStepperProps) {
  const { t } = useTranslation('cart')
  const button =
    'inline-flex size-11 items-center justify-center text-lg font-semibold disabled:cursor-not-allowed disabled:opacity-40'
  return (
    <div className="inline-flex items-center rounded-md border border-ink/20" role="group" aria-label={t('item.quantity')}>
      <button
        type="button"
        className={button}
        aria-label={t('item.decrease', { name: itemName })}
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output className="min-w-8 text-center tabular-nums" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className={button}
        aria-label={t('item.increase', { name: itemName })}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  )
}
