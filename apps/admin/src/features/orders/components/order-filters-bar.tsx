import { useLocale } from '@shop/client-kit'
import { ORDER_STATUSES, ORDER_SOURCES, PAYMENT_METHODS, REVENUE_GROUPS } from '@shop/shared'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { inputClass, labelClass } from '../../../components/ui/field-classes.ts'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { pickLocalized } from '@shop/shared'
import { useWilayas } from '../api/use-orders.ts'
import { type OrderFilterKey, readOrderFilters } from '../order-filters.ts'

export interface OrderFiltersBarProps {
  search: URLSearchParams
  onChange: (key: OrderFilterKey, value: string) => void
  onClear: () => void
}

/** Status, dates, wilaya and payment apply at once; the search box applies on Enter or its button. */
export function OrderFiltersBar({ search, onChange, onClear }: OrderFiltersBarProps) {
  const { t } = useTranslation(['orders', 'common'])
  const locale = useLocale()
  const wilayas = useWilayas()
  const filters = readOrderFilters(search)
  const [text, setText] = useState(filters.search ?? '')
  const isToCall = filters.status === 'pending'

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onChange('search', text)
  }

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-line bg-white p-3">
      <div className="flex flex-wrap items-end gap-2">
        <form role="search" onSubmit={onSearch} className="flex min-w-0 flex-1 basis-48 items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor="orders-search" className={labelClass}>
              {t('filters.search')}
            </label>
            <input
              id="orders-search"
              type="search"
              inputMode="search"
              value={text}
              placeholder={t('filters.searchHint')}
              onChange={(event) => setText(event.target.value)}
              className={inputClass}
            />
          </div>
          <button type="submit" className={buttonClass('secondary')}>
            {t('filters.searchButton')}
          </button>
        </form>
        <button
          type="button"
          aria-pressed={isToCall}
          onClick={() => onChange('status', isToCall ? '' : 'pending')}
          className={buttonClass(isToCall ? 'primary' : 'secondary')}
        >
          {t('filters.toCall')}
        </button>
      </div>
      <div className="grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-6">
        <SelectField
          label={t('filters.status')}
          value={filters.status ?? ''}
          onChange={(event) => onChange('status', event.target.value)}
          options={[
            { value: '', label: t('filters.all') },
            ...ORDER_STATUSES.map((status) => ({ value: status, label: t(`common:orderStatus.${status}`) })),
            { value: REVENUE_GROUPS.toDeliver.join(','), label: t('filters.toDeliver') },
          ]}
        />
        <SelectField
          label={t('filters.payment')}
          value={filters.paymentMethod ?? ''}
          onChange={(event) => onChange('paymentMethod', event.target.value)}
          options={[
            { value: '', label: t('filters.all') },
            ...PAYMENT_METHODS.map((method) => ({ value: method, label: t(`paymentMethod.${method}`) })),
          ]}
        />
        <SelectField
          label={t('source.label')}
          value={filters.source ?? ''}
          onChange={(event) => onChange('source', event.target.value)}
          options={[{ value: '', label: t('filters.all') }, ...ORDER_SOURCES.map((source) => ({ value: source, label: t(`source.${source}`) }))]}
        />
        <SelectField
          label={t('filters.wilaya')}
          value={filters.wilaya ?? ''}
          onChange={(event) => onChange('wilaya', event.target.value)}
          options={[
            { value: '', label: t('filters.all') },
            ...(wilayas.data ?? []).map((wilaya) => ({
              value: String(wilaya.code),
              label: `${String(wilaya.code).padStart(2, '0')} · ${pickLocalized(wilaya.nameAr ?? wilaya.name, wilaya.nameFr ?? wilaya.name, locale)}`,
            })),
          ]}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="orders-from" className={labelClass}>
            {t('filters.from')}
          </label>
          <input
            id="orders-from"
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => onChange('from', event.target.value)}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="orders-to" className={labelClass}>
            {t('filters.to')}
          </label>
          <input
            id="orders-to"
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(event) => onChange('to', event.target.value)}
            className={inputClass}
          />
        </div>
        <div className="flex items-end">
          <button
            type="button"
            onClick={() => {
              setText('')
              onClear()
            }}
            className={buttonClass('ghost', 'w-full')}
            disabled={Object.keys(filters).length === 0}
          >
            {t('filters.clear')}
          </button>
        </div>
      </div>
    </div>
  )
}
