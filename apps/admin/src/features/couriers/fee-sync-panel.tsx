import { useLocale } from '@shop/client-kit'
import {
  type CourierAccount,
  type FeeSyncRow,
  type feeSyncApplyBody,
  type feeSyncApplyReply,
  type feeSyncPreviewReply,
  formatPrice,
} from '@shop/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { buttonClass } from '../../components/ui/button-class.ts'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { FormMessage } from '../../components/ui/form-message.tsx'
import { SectionCard } from '../../components/ui/section-card.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { cardTableClasses as c } from '../../components/ui/table-classes.ts'
import { TextField } from '../../components/ui/text-field.tsx'
import { api } from '../../lib/api.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'
import { courierKeys } from './use-couriers.ts'

interface Margin {
  margin: number
  marginPercent: number
  offerOnlyServed: boolean
}

const feeKeys = {
  account: (accountId: string) => [...courierKeys.all, 'fees', accountId] as const,
  preview: (accountId: string, margin: Margin) => [...courierKeys.all, 'fees', accountId, margin] as const,
  /** The delivery screen's price table (features/delivery keeps it under this key): it changes with an apply. */
  deliveryPrices: ['delivery-prices'] as const,
}

/** The courier's fees against the shop's prices, with the margin (asked only when staff ask for it). */
function useFeePreview(accountId: string, margin: Margin | null) {
  return useQuery({
    queryKey: feeKeys.preview(accountId, margin ?? { margin: 0, marginPercent: 0, offerOnlyServed: false }),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ margin: String(margin?.margin ?? 0), marginPercent: String(margin?.marginPercent ?? 0), offerOnlyServed: String(margin?.offerOnlyServed ?? false) })
      return api<typeof feeSyncPreviewReply>(`/admin/couriers/${accountId}/fees/preview?${params.toString()}`, { signal }).then((d) => d.preview)
    },
    enabled: margin !== null,
    retry: false,
  })
}

function useApplyFees(accountId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.input<typeof feeSyncApplyBody>) =>
      api<typeof feeSyncApplyReply>(`/admin/couriers/${accountId}/fees/apply`, { method: 'POST', body }).then((d) => d.applied),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: feeKeys.deliveryPrices }), queryClient.invalidateQueries({ queryKey: feeKeys.account(accountId) })])
    },
  })
}

const whole = (text: string) => {
  const value = Number(text)
  return Number.isFinite(value) && value >= 0 ? value : NaN
}

/**
 * "Sync delivery prices" of one courier account: a margin (DA and %), the wilayas whose prices would change
 * (the shop's now → the courier's → proposed), a tick per wilaya, and "apply" after a confirmation.
 */
export function FeeSyncPanel({ account }: { account: CourierAccount }) {
  const { t } = useTranslation(['couriers', 'common'])
  const [marginText, setMarginText] = useState('0')
  const [percentText, setPercentText] = useState('0')
  const [offerOnlyServed, setOfferOnlyServed] = useState(false)
  const [asked, setAsked] = useState<Margin | null>(null)
  const [selected, setSelected] = useState<Set<number> | null>(null)
  const preview = useFeePreview(account._id, asked)
  const apply = useApplyFees(account._id)
  const previewError = useErrorMessage(preview.error)
  const applyError = useErrorMessage(apply.error)
  const margin = whole(marginText)
  const marginPercent = whole(percentText)
  const invalid = !Number.isInteger(margin) || Number.isNaN(marginPercent)

  const byWilaya = new Map<number, FeeSyncRow[]>()
  for (const row of preview.data?.rows ?? []) {
    if (!preview.data?.changedWilayas.includes(row.wilayaCode)) continue
    byWilaya.set(row.wilayaCode, [...(byWilaya.get(row.wilayaCode) ?? []), row])
  }
  const chosen = selected ?? new Set(preview.data?.changedWilayas ?? [])
  const toggle = (code: number) => {
    const next = new Set(chosen)
    if (next.has(code)) next.delete(code)
    else next.add(code)
    setSelected(next)
  }

  return (
    <SectionCard title={t('fees.title', { name: account.name })}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          if (invalid) return
          apply.reset()
          setSelected(null)
          setAsked({ margin, marginPercent, offerOnlyServed })
        }}
      >
        <p className="text-sm text-muted">{t('fees.hint')}</p>
        <div className="grid gap-3 sm:grid-cols-2 md:max-w-lg">
          <TextField label={t('fees.margin')} name="margin" type="number" inputMode="numeric" min={0} step={1} dir="ltr" value={marginText} onChange={(event) => setMarginText(event.target.value)} />
          <TextField label={t('fees.marginPercent')} name="marginPercent" type="number" inputMode="decimal" min={0} step="any" dir="ltr" value={percentText} onChange={(event) => setPercentText(event.target.value)} />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-5" checked={offerOnlyServed} onChange={(event) => setOfferOnlyServed(event.target.checked)} />
          {t('fees.offerOnlyServed')}
        </label>
        <FormMessage tone="error">{invalid ? t('fees.invalidMargin') : ''}</FormMessage>
        <div>
          <button type="submit" className={buttonClass('secondary')} disabled={invalid || preview.isFetching}>
            {preview.isFetching ? t('fees.previewing') : t('fees.preview')}
          </button>
        </div>
      </form>
      {asked === null ? null : preview.data ? (
        <div className="mt-3 flex flex-col gap-3">
          {byWilaya.size === 0 ? (
            <p className="text-sm text-muted">{t('fees.noChange')}</p>
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span>{t('fees.changedCount', { n: byWilaya.size })}</span>
                <button type="button" className={buttonClass('ghost')} onClick={() => setSelected(new Set(byWilaya.keys()))}>
                  {t('fees.selectAll')}
                </button>
                <button type="button" className={buttonClass('ghost')} onClick={() => setSelected(new Set())}>
                  {t('fees.selectNone')}
                </button>
              </div>
              <div className={c.box}>
                <table className={c.table} aria-label={t('fees.tableTitle', { name: account.name })}>
                  <thead className={c.thead}>
                    <tr>
                      <th scope="col" className={c.th}><span className="sr-only">{t('fees.select')}</span></th>
                      <th scope="col" className={c.th}>{t('fees.wilaya')}</th>
                      <th scope="col" className={c.th}>{t('fees.prices')}</th>
                    </tr>
                  </thead>
                  <tbody className={c.tbody}>
                    {[...byWilaya.entries()].map(([code, rows]) => (
                      <WilayaRow key={code} code={code} rows={rows} checked={chosen.has(code)} onToggle={() => toggle(code)} />
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <button
                  type="button"
                  className={buttonClass('primary')}
                  disabled={chosen.size === 0 || apply.isPending}
                  onClick={() => {
                    if (!asked || !window.confirm(t('fees.confirm', { n: chosen.size, name: account.name }))) return
                    apply.mutate({ ...asked, wilayaCodes: [...chosen].sort((a, b) => a - b) }, { onSuccess: () => setSelected(null) })
                  }}
                >
                  {apply.isPending ? t('fees.applying') : t('fees.apply', { n: chosen.size })}
                </button>
              </div>
            </>
          )}
          {apply.data ? <FormMessage tone="success">{t('fees.applied', apply.data)}</FormMessage> : null}
          <FormMessage tone="error">{applyError}</FormMessage>
        </div>
      ) : preview.isError ? (
        <div className="mt-3">
          <ErrorState title={t('fees.loadError')} message={previewError} onRetry={() => void preview.refetch()} />
        </div>
      ) : (
        <div role="status" aria-label={t('common:loading')} className="mt-3">
          <Skeleton className="h-24" />
        </div>
      )}
    </SectionCard>
  )
}

function WilayaRow({ code, rows, checked, onToggle }: { code: number; rows: FeeSyncRow[]; checked: boolean; onToggle: () => void }) {
  const { t } = useTranslation('couriers')
  const locale = useLocale()
  const name = rows[0]?.wilayaName ?? String(code)
  const price = (value: number | null, none: string) => (value === null ? none : formatPrice(value, locale))
  return (
    <tr className={c.tr}>
      <td className={c.td}>
        <input type="checkbox" className="size-5" checked={checked} onChange={onToggle} aria-label={t('fees.selectOf', { name })} />
      </td>
      <th scope="row" className={`${c.td} font-semibold`}>
        <bdi dir="ltr">{String(code).padStart(2, '0')}</bdi> <bdi>{name}</bdi>
      </th>
      <td className={`${c.td} ${c.full}`}>
        <ul className="flex flex-col gap-1">
          {rows.map((row) => (
            <li key={row.type} className={`flex flex-wrap items-baseline gap-x-2 rounded px-2 py-0.5 ${row.changed ? 'bg-amber-soft text-amber-ink' : 'text-muted'}`} data-changed={row.changed}>
              <span className="min-w-24 font-medium">{t(`fees.types.${row.type}`)}</span>
              <bdi>{price(row.current, t('fees.notOffered'))}</bdi>
              <span aria-hidden="true">{locale === 'ar' ? '←' : '→'}</span>
              <span className="text-xs">{t('fees.courierPrice', { price: price(row.courier, t('fees.notServed')) })}</span>
              <span aria-hidden="true">{locale === 'ar' ? '←' : '→'}</span>
              <bdi className={row.changed ? 'font-semibold' : ''}>{price(row.proposed, t('fees.notOffered'))}</bdi>
              <span className="sr-only">{row.changed ? t('fees.changed') : t('fees.unchanged')}</span>
            </li>
          ))}
        </ul>
      </td>
    </tr>
  )
}
