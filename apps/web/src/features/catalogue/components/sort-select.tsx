import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { CategorySort, CollectionSort } from '@shop/shared'

export interface SortSelectProps<T extends CollectionSort | CategorySort> {
  value: T
  options: readonly T[]
  onChange: (value: T) => void
}

export function SortSelect<T extends CollectionSort | CategorySort>({ value, options, onChange }: SortSelectProps<T>) {
  const { t } = useTranslation('catalogue')
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm text-muted">
        {t('sort.label')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className="min-h-11 rounded-md border border-line bg-paper px-3 text-sm font-medium"
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`sort.${option as CollectionSort | CategorySort}`)}
          </option>
        ))}
      </select>
    </div>
  )
}
