import { useLocale } from '@shop/client-kit'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { inputClass } from '../../../components/ui/field-classes.ts'
import { FormMessage } from '../../../components/ui/form-message.tsx'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { cardTableClasses as c } from '../../../components/ui/table-classes.ts'
import { pickLocalized } from '@shop/shared'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import type { DeliveryDefaults, WilayaPrice } from '@shop/shared'
import { useDeliveryPrices, useSaveDeliveryPrice } from '../use-delivery-prices.ts'

const isAmount = (value: string) => /^\d+$/.test(value.trim())

/** The fees in force: the wilaya's own row, else the shop's defaults. */
function effective(wilaya: WilayaPrice, defaults: DeliveryDefaults) {
  if (!wilaya.hasRow) {
    return { domicil: String(defaults.home), stopdesk: String(defaults.stopdesk), returnPrice: String(wilaya.returnPrice) }
  }
  return {
    domicil: wilaya.domicil === null ? '' : String(wilaya.domicil),
    stopdesk: wilaya.stopdesk === null ? '' : String(wilaya.stopdesk),
    returnPrice: String(wilaya.returnPrice),
  }
}

function WilayaRow({ wilaya, defaults }: { wilaya: WilayaPrice; defaults: DeliveryDefaults }) {
  const { t } = useTranslation('delivery')
  const locale = useLocale()
  const save = useSaveDeliveryPrice()
  const error = useErrorMessage(save.error)
  const initial = effective(wilaya, defaults)
  const [values, setValues] = useState(initial)
  const name = pickLocalized(wilaya.nameAr ?? wilaya.name, wilaya.nameFr ?? wilaya.name, locale)
  const isDirty =
    values.domicil !== initial.domicil || values.stopdesk !== initial.stopdesk || values.returnPrice !== initial.returnPrice
  const isValid = isAmount(values.domicil) && isAmount(values.returnPrice) && (values.stopdesk.trim() === '' || isAmount(values.stopdesk))
  const input = (key: keyof typeof values, label: string) => (
    <input
      type="text"
      inputMode="numeric"
      aria-label={t('table.inputLabel', { what: label, wilaya: name })}
      value={values[key]}
      placeholder={key === 'stopdesk' ? t('table.none') : undefined}
      aria-invalid={values[key].trim() !== '' && !isAmount(values[key]) ? true : undefined}
      onChange={(event) => setValues({ ...values, [key]: event.target.value })}
      className={`${inputClass} w-full text-end tabular-nums md:w-28`}
    />
  )
  // On a phone: the wilaya on its own line, the three fees side by side with their names, Save under them.
  const feeCell = (key: keyof typeof values, label: string) => (
    <td className={`${c.td} max-md:min-w-0 max-md:flex-1`}>
      <span aria-hidden="true" className={c.label}>{label}</span>
      {input(key, label)}
    </td>
  )
  return (
    <tr className={c.tr}>
      <th scope="row" className={`${c.td} ${c.full} font-medium md:whitespace-nowrap`}>
        <bdi dir="ltr" className="text-muted">{String(wilaya.code).padStart(2, '0')}</bdi> {name}
        {wilaya.hasRow ? null : <span className="ms-2 text-xs font-normal text-muted">{t('table.usesDefault')}</span>}
      </th>
      {feeCell('domicil', t('table.home'))}
      {feeCell('stopdesk', t('table.stopdesk'))}
      {feeCell('returnPrice', t('table.return'))}
      <td className={`${c.td} ${c.full}`}>
        <button
          type="button"
          disabled={!isDirty || !isValid || save.isPending}
          className={buttonClass('secondary', 'max-md:w-full')}
          aria-label={t('table.inputLabel', { what: t('table.save'), wilaya: name })}
          onClick={() =>
            save.mutate({
              kind: 'wilaya',
              code: wilaya.code,
              domicil: Number(values.domicil),
              stopdesk: values.stopdesk.trim() === '' ? null : Number(values.stopdesk),
              returnPrice: Number(values.returnPrice),
            })
          }
        >
          {t('table.save')}
        </button>
        {error ? <p role="alert" className="mt-1 text-xs text-danger">{error}</p> : null}
      </td>
    </tr>
  )
}

function DefaultsForm({ defaults }: { defaults: DeliveryDefaults }) {
  const { t } = useTranslation('delivery')
  const save = useSaveDeliveryPrice()
  const error = useErrorMessage(save.error)
  const [values, setValues] = useState({
    home: String(defaults.home),
    stopdesk: String(defaults.stopdesk),
    return: String(defaults.return),
  })
  const isValid = Object.values(values).every(isAmount)
  return (
    <SectionCard title={t('defaults.title')}>
      <p className="mb-3 text-sm text-muted">{t('defaults.hint')}</p>
      <form
        className="grid grid-cols-3 items-end gap-3 sm:flex sm:flex-wrap"
        onSubmit={(event) => {
          event.preventDefault()
          if (!isValid) return
          save.mutate({
            kind: 'defaults',
            defaults: { home: Number(values.home), stopdesk: Number(values.stopdesk), return: Number(values.return) },
          })
        }}
      >
        {(['home', 'stopdesk', 'return'] as const).map((key) => (
          <label key={key} className="flex min-w-0 flex-col gap-1 text-sm font-medium">
            {t(`defaults.${key}`)}
            <input
              inputMode="numeric"
              value={values[key]}
              onChange={(event) => setValues({ ...values, [key]: event.target.value })}
              aria-invalid={!isAmount(values[key]) ? true : undefined}
              className={`${inputClass} w-full text-end tabular-nums sm:w-28`}
            />
          </label>
        ))}
        <button type="submit" className={buttonClass('primary', 'col-span-3')} disabled={!isValid || save.isPending}>
          {t('defaults.save')}
        </button>
      </form>
      <div className="mt-2">
        <FormMessage tone="error">{error}</FormMessage>
        {save.isSuccess ? <FormMessage tone="success">{t('defaults.saved')}</FormMessage> : null}
      </div>
    </SectionCard>
  )
}

/** Every wilaya with its home, stop-desk and return fee, editable in place; an empty stop desk means none there. */
export function DeliveryPricesTable() {
  const { t } = useTranslation(['delivery', 'common'])
  const prices = useDeliveryPrices()
  const errorMessage = useErrorMessage(prices.error)
  const [filter, setFilter] = useState('')
  const locale = useLocale()

  if (!prices.data) {
    return prices.isError ? (
      <ErrorState title={t('loadError')} message={errorMessage} onRetry={() => void prices.refetch()} />
    ) : (
      <div role="status" aria-label={t('common:loading')}>
        <Skeleton className="h-96" />
      </div>
    )
  }
  const needle = filter.trim().toLowerCase()
  const shown = prices.data.wilayas.filter((w) => {
    if (!needle) return true
    const name = pickLocalized(w.nameAr ?? w.name, w.nameFr ?? w.name, locale).toLowerCase()
    return name.includes(needle) || String(w.code).padStart(2, '0').includes(needle)
  })
  return (
    <div className="flex flex-col gap-4">
      <DefaultsForm key={JSON.stringify(prices.data.defaults)} defaults={prices.data.defaults} />
      <label className="flex max-w-xs flex-col gap-1 text-sm font-medium">
        {t('table.filter')}
        <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} className={inputClass} />
      </label>
      <div className={`${c.box} md:max-h-[calc(100dvh-12rem)]`}>
        <table className={c.table} aria-label={t('table.label')}>
          <thead className={c.thead}>
            <tr>
              <th scope="col" className={c.th}>{t('table.wilaya')}</th>
              <th scope="col" className={c.th}>{t('table.home')}</th>
              <th scope="col" className={c.th}>{t('table.stopdesk')}</th>
              <th scope="col" className={c.th}>{t('table.return')}</th>
              <th scope="col" className={c.th}><span className="sr-only">{t('table.actions')}</span></th>
            </tr>
          </thead>
          <tbody className={c.tbody}>
            {shown.map((wilaya) => (
              <WilayaRow
                key={`${wilaya.code}:${wilaya.hasRow}:${wilaya.domicil}:${wilaya.stopdesk}:${wilaya.returnPrice}:${JSON.stringify(prices.data.defaults)}`}
                wilaya={wilaya}
                defaults={prices.data.defaults}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
