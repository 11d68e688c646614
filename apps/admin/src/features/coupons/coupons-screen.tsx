import { useLocale } from '@shop/client-kit'
import {
  type AdminCoupon,
  COUPON_TYPES,
  type CouponBody,
  type couponPage,
  type couponRemovalReply,
  type couponReply,
  type CouponType,
  formatPrice,
  type couponPatchBody,
} from '@shop/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { buttonClass } from '../../components/ui/button-class.ts'
import { CheckboxField } from '../../components/ui/checkbox-field.tsx'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { FormMessage } from '../../components/ui/form-message.tsx'
import { SectionCard } from '../../components/ui/section-card.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { cardTableClasses as c } from '../../components/ui/table-classes.ts'
import { TextField } from '../../components/ui/text-field.tsx'
import { ApiError, api } from '../../lib/api.ts'
import { formatDateRange, fromDateInput, toDateInput } from '../../lib/dates.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'

const KEY = ['coupons'] as const

const EMPTY = { code: '', type: 'percentage' as CouponType, value: '', minOrder: '0', maxUses: '', perCustomerLimit: '1', startsAt: '', expiresAt: '', isActive: true }
type Draft = typeof EMPTY

/** The form's values for an existing coupon (dates as the day in Algeria). */
export function couponDraft(coupon: AdminCoupon): Draft {
  return {
    code: coupon.code,
    type: coupon.type,
    value: String(coupon.value),
    minOrder: String(coupon.minOrder),
    maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
    perCustomerLimit: String(coupon.perCustomerLimit),
    startsAt: toDateInput(coupon.startsAt),
    expiresAt: toDateInput(coupon.expiresAt),
    isActive: coupon.isActive,
  }
}

export type CouponStatus = 'inactive' | 'expired' | 'usedUp' | 'scheduled' | 'active'

/** What a shopper would meet now: switched off, past its end, all uses taken, not started yet, or usable. */
export function couponStatus(coupon: Pick<AdminCoupon, 'isActive' | 'startsAt' | 'expiresAt' | 'maxUses' | 'usedCount'>, now = Date.now()): CouponStatus {
  if (!coupon.isActive) return 'inactive'
  if (coupon.expiresAt && new Date(coupon.expiresAt).getTime() <= now) return 'expired'
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) return 'usedUp'
  if (coupon.startsAt && new Date(coupon.startsAt).getTime() > now) return 'scheduled'
  return 'active'
}

const STATUS_TONE: Record<CouponStatus, string> = {
  active: 'bg-brand-soft text-brand',
  scheduled: 'bg-blue-soft text-blue-ink',
  inactive: 'bg-surface text-muted',
  expired: 'bg-clay-soft text-clay-ink',
  usedUp: 'bg-amber-soft text-amber-ink',
}

/** The body of `POST /admin/coupons`, or the field that is wrong. */
export function couponBody(draft: Draft): { body: CouponBody } | { field: keyof Draft } {
  const whole = (v: string) => /^\d+$/.test(v.trim())
  const code = draft.code.trim().toUpperCase()
  if (!/^[A-Z0-9]{3,32}$/.test(code)) return { field: 'code' }
  if (!whole(draft.value) || Number(draft.value) < 1 || (draft.type === 'percentage' && Number(draft.value) > 100)) return { field: 'value' }
  if (!whole(draft.minOrder)) return { field: 'minOrder' }
  if (draft.maxUses.trim() && (!whole(draft.maxUses) || Number(draft.maxUses) < 1)) return { field: 'maxUses' }
  if (!whole(draft.perCustomerLimit) || Number(draft.perCustomerLimit) < 1) return { field: 'perCustomerLimit' }
  const startsAt = draft.startsAt ? fromDateInput(draft.startsAt) : null
  // An end date is the whole of that day: the coupon stops at the next midnight in Algeria.
  const endDay = draft.expiresAt ? fromDateInput(draft.expiresAt) : null
  const expiresAt = endDay ? new Date(new Date(endDay).getTime() + 86_400_000 - 1000).toISOString() : null
  if (startsAt && expiresAt && startsAt >= expiresAt) return { field: 'expiresAt' }
  return {
    body: {
      code,
      type: draft.type,
      value: Number(draft.value),
      minOrder: Number(draft.minOrder),
      maxUses: draft.maxUses.trim() ? Number(draft.maxUses) : null,
      perCustomerLimit: Number(draft.perCustomerLimit),
      startsAt,
      expiresAt,
      isActive: draft.isActive,
    },
  }
}

/** Creates a coupon, or, with `editing`, changes that one (every field: code, value, dates, limits, active). */
function CouponForm({ editing, onDone }: { editing?: AdminCoupon | null; onDone?: () => void }) {
  const { t } = useTranslation(['marketing', 'common'])
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<Draft>(() => (editing ? couponDraft(editing) : EMPTY))
  const [wrong, setWrong] = useState<keyof Draft | null>(null)
  const sectionRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // On a phone the list is below the form: bring the form into view when a row's Edit is pressed.
    if (editing) sectionRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })
  }, [editing])
  const create = useMutation({
    mutationFn: (body: CouponBody) =>
      editing
        ? api<typeof couponReply>(`/admin/coupons/${editing._id}`, { method: 'PATCH', body })
        : api<typeof couponReply>('/admin/coupons', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
  const error = useErrorMessage(create.error)
  const serverField = create.error instanceof ApiError ? create.error.fieldErrors : []
  const fieldError = (field: keyof Draft) =>
    wrong === field ? t(`coupons.invalid.${field}` as 'coupons.invalid.code') : serverField.find((e) => e.field === field)?.message
  const bind = (field: Exclude<keyof Draft, 'isActive' | 'type'>) => ({
    name: field,
    value: draft[field],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value }),
    error: fieldError(field),
  })

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const result = couponBody(draft)
    if ('field' in result) {
      setWrong(result.field)
      return
    }
    setWrong(null)
    try {
      await create.mutateAsync(result.body)
      if (editing) onDone?.()
      else setDraft(EMPTY)
    } catch {
      // shown below
    }
  }

  return (
    <div ref={sectionRef} className="scroll-mt-20">
    <SectionCard title={editing ? t('coupons.editTitle', { code: editing.code }) : t('coupons.new')}>
      <form onSubmit={onSubmit} noValidate aria-label={editing ? t('coupons.editTitle', { code: editing.code }) : t('coupons.new')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField label={t('coupons.code')} dir="ltr" autoCapitalize="characters" {...bind('code')} />
        <SelectField
          label={t('coupons.type')}
          value={draft.type}
          onChange={(event) => setDraft({ ...draft, type: event.target.value as CouponType })}
          options={COUPON_TYPES.map((type) => ({ value: type, label: t(`coupons.types.${type}`) }))}
        />
        <TextField label={draft.type === 'percentage' ? t('coupons.valuePercent') : t('coupons.valueAmount')} inputMode="numeric" {...bind('value')} />
        <TextField label={t('coupons.minOrder')} inputMode="numeric" {...bind('minOrder')} />
        <TextField label={t('coupons.maxUses')} inputMode="numeric" {...bind('maxUses')} />
        <TextField label={t('coupons.perCustomerLimit')} inputMode="numeric" {...bind('perCustomerLimit')} />
        <TextField label={t('coupons.startsAt')} type="date" {...bind('startsAt')} />
        <TextField label={t('coupons.expiresAt')} type="date" {...bind('expiresAt')} />
        <CheckboxField label={t('coupons.isActive')} checked={draft.isActive} onChange={(event) => setDraft({ ...draft, isActive: event.target.checked })} />
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-3">
          <button type="submit" disabled={create.isPending} className={buttonClass('primary')}>
            {editing ? t('coupons.save') : t('coupons.create')}
          </button>
          {editing ? (
            <button type="button" className={buttonClass('secondary')} onClick={onDone}>
              {t('coupons.cancel')}
            </button>
          ) : null}
        </div>
      </form>
      <div className="mt-2 flex flex-col gap-2">
        <FormMessage tone="error">{error}</FormMessage>
        {create.isSuccess && !editing ? <FormMessage tone="success">{t('coupons.created', { code: create.data.coupon.code })}</FormMessage> : null}
      </div>
    </SectionCard>
    </div>
  )
}

function CouponRow({ coupon, onEdit }: { coupon: AdminCoupon; onEdit: () => void }) {
  const { t } = useTranslation('marketing')
  const locale = useLocale()
  const queryClient = useQueryClient()
  const change = useMutation({
    mutationFn: async (patch: { isActive: boolean } | 'delete'): Promise<void> => {
      await (patch === 'delete'
        ? api<typeof couponRemovalReply>(`/admin/coupons/${coupon._id}`, { method: 'DELETE' })
        : api<typeof couponReply>(`/admin/coupons/${coupon._id}`, { method: 'PATCH', body: patch satisfies z.input<typeof couponPatchBody> }))
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
  const error = useErrorMessage(change.error)
  const dates = formatDateRange(coupon.startsAt, coupon.expiresAt, locale)
  const status = couponStatus(coupon)
  return (
    <tr className={c.tr}>
      <th scope="row" className={`${c.td} ${c.full} font-semibold`}>
        <bdi dir="ltr">{coupon.code}</bdi>
      </th>
      <td className={c.td}>
        <span aria-hidden="true" className={c.label}>{t('coupons.discount')}</span>
        {coupon.type === 'percentage' ? `${coupon.value} %` : formatPrice(coupon.value, locale)}
        {coupon.minOrder > 0 ? <span className="block text-xs text-muted">{t('coupons.from', { amount: formatPrice(coupon.minOrder, locale) })}</span> : null}
      </td>
      <td className={c.tdFigure}>
        <span aria-hidden="true" className={c.label}>{t('coupons.uses')}</span>
        {coupon.usedCount}
        {coupon.maxUses === null ? '' : ` / ${coupon.maxUses}`}
      </td>
      <td className={`${c.td} ${c.full} whitespace-nowrap max-md:text-xs max-md:text-muted`}>{coupon.startsAt || coupon.expiresAt ? dates : t('coupons.always')}</td>
      <td className={c.td}>
        <label className="inline-flex min-h-9 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-5 accent-brand"
            checked={coupon.isActive}
            disabled={change.isPending}
            onChange={(event) => change.mutate({ isActive: event.target.checked })}
            aria-label={t('coupons.activeOf', { code: coupon.code })}
          />
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[status]}`}>{t(`coupons.status.${status}`)}</span>
        </label>
      </td>
      <td className={`${c.td} ${c.full} whitespace-nowrap`}>
        <button type="button" className={buttonClass('secondary', 'me-2')} aria-label={t('coupons.editOf', { code: coupon.code })} onClick={onEdit}>
          {t('coupons.edit')}
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'text-danger')}
          disabled={change.isPending}
          aria-label={t('coupons.deleteOf', { code: coupon.code })}
          onClick={() => {
            if (window.confirm(t('coupons.confirmDelete', { code: coupon.code }))) change.mutate('delete')
          }}
        >
          {t('coupons.delete')}
        </button>
        {error ? <p role="alert" className="text-xs text-danger">{error}</p> : null}
      </td>
    </tr>
  )
}

/** Create coupons, see their use, switch them off, delete them (one already used is only switched off). */
export function CouponsScreen() {
  const { t } = useTranslation(['marketing', 'common'])
  const [editing, setEditing] = useState<AdminCoupon | null>(null)
  const coupons = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api<typeof couponPage>('/admin/coupons?limit=100', { signal }).then((d) => d.coupons),
  })
  const errorMessage = useErrorMessage(coupons.error)
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('coupons.title')}</h1>
      {editing ? <CouponForm key={editing._id} editing={editing} onDone={() => setEditing(null)} /> : <CouponForm key="new" />}
      {coupons.data ? (
        coupons.data.length === 0 ? (
          <p className="rounded-lg border border-line bg-white px-4 py-8 text-center text-sm text-muted">{t('coupons.empty')}</p>
        ) : (
          <div className={c.box}>
            <table className={c.table} aria-label={t('coupons.title')}>
              <thead className={c.thead}>
                <tr>
                  <th scope="col" className={c.th}>{t('coupons.code')}</th>
                  <th scope="col" className={c.th}>{t('coupons.discount')}</th>
                  <th scope="col" className={c.thFigure}>{t('coupons.uses')}</th>
                  <th scope="col" className={c.th}>{t('coupons.dates')}</th>
                  <th scope="col" className={c.th}>{t('coupons.statusLabel')}</th>
                  <th scope="col" className={c.th}><span className="sr-only">{t('coupons.actions')}</span></th>
                </tr>
              </thead>
              <tbody className={c.tbody}>
                {coupons.data.map((coupon) => (
                  <CouponRow key={coupon._id} coupon={coupon} onEdit={() => setEditing(coupon)} />
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : coupons.isError ? (
        <ErrorState title={t('coupons.loadError')} message={errorMessage} onRetry={() => void coupons.refetch()} />
      ) : (
        <div role="status" aria-label={t('common:loading')}>
          <Skeleton className="h-64" />
        </div>
      )}
    </div>
  )
}
