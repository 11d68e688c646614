import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../components/ui/button-class.ts'
import { CheckboxField } from '../../components/ui/checkbox-field.tsx'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { inputClass } from '../../components/ui/field-classes.ts'
import { FormMessage } from '../../components/ui/form-message.tsx'
import { SectionCard } from '../../components/ui/section-card.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { api } from '../../lib/api.ts'
import { formatShortDate, fromDateInput } from '../../lib/dates.ts'
import { pickLocalized } from '../../lib/localized.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'
import { useLocale } from '../../lib/use-locale.ts'

interface Banner {
  _id: string
  titleAr: string
  titleFr: string
  link: string | null
  position: number
  isActive: boolean
  startsAt: string | null
  endsAt: string | null
  clickCount: number
  image: { src: string; srcSet?: string; width: number; height: number }
}

const KEY = ['banners'] as const

function useBannerChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: { id?: string; body?: Record<string, unknown> | FormData; remove?: boolean }) =>
      change.remove
        ? api<unknown>(`/admin/banners/${change.id}`, { method: 'DELETE' })
        : change.id
          ? api<unknown>(`/admin/banners/${change.id}`, { method: 'PATCH', body: change.body })
          : api<unknown>('/admin/banners', { method: 'POST', body: change.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}

function NewBanner() {
  const { t } = useTranslation('marketing')
  const change = useBannerChange()
  const error = useErrorMessage(change.error)
  const empty = { titleAr: '', titleFr: '', link: '', startsAt: '', endsAt: '', isActive: true }
  const [values, setValues] = useState(empty)
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [isMissingFile, setIsMissingFile] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!file) {
      setIsMissingFile(true)
      return
    }
    const form = new FormData()
    form.append('titleAr', values.titleAr.trim())
    form.append('titleFr', values.titleFr.trim())
    if (values.link.trim()) form.append('link', values.link.trim())
    form.append('isActive', String(values.isActive))
    const startsAt = values.startsAt ? fromDateInput(values.startsAt) : null
    const endsAt = values.endsAt ? fromDateInput(values.endsAt) : null
    if (startsAt) form.append('startsAt', startsAt)
    if (endsAt) form.append('endsAt', endsAt)
    form.append('file', file)
    try {
      await change.mutateAsync({ body: form })
      setValues(empty)
      setFile(null)
      if (preview) URL.revokeObjectURL(preview)
      setPreview(null)
    } catch {
      // shown below
    }
  }

  return (
    <SectionCard title={t('banners.new')}>
      <form onSubmit={onSubmit} noValidate className="grid gap-3 md:grid-cols-2">
        <div className="flex flex-col gap-2 md:row-span-3">
          {preview ? <img src={preview} alt="" className="aspect-video w-full rounded-md object-cover" /> : <div className="aspect-video w-full rounded-md bg-surface" />}
          <label className={buttonClass('secondary', 'cursor-pointer self-start')}>
            {t('banners.pickImage')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              onChange={(event) => {
                const picked = event.target.files?.[0] ?? null
                setFile(picked)
                setIsMissingFile(false)
                if (preview) URL.revokeObjectURL(preview)
                setPreview(picked ? URL.createObjectURL(picked) : null)
              }}
            />
          </label>
          <p className={`text-xs ${isMissingFile ? 'text-danger' : 'text-muted'}`}>{isMissingFile ? t('banners.imageRequired') : t('banners.imageHint')}</p>
        </div>
        <div dir="rtl"><TextField label={t('banners.titleAr')} name="titleAr" value={values.titleAr} onChange={(e) => setValues({ ...values, titleAr: e.target.value })} /></div>
        <div dir="ltr"><TextField label={t('banners.titleFr')} name="titleFr" value={values.titleFr} onChange={(e) => setValues({ ...values, titleFr: e.target.value })} /></div>
        <TextField label={t('banners.link')} name="link" dir="ltr" placeholder="/category/…" value={values.link} onChange={(e) => setValues({ ...values, link: e.target.value })} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label={t('banners.startsAt')} name="startsAt" type="date" value={values.startsAt} onChange={(e) => setValues({ ...values, startsAt: e.target.value })} />
          <TextField label={t('banners.endsAt')} name="endsAt" type="date" value={values.endsAt} onChange={(e) => setValues({ ...values, endsAt: e.target.value })} />
        </div>
        <CheckboxField label={t('banners.isActive')} checked={values.isActive} onChange={(e) => setValues({ ...values, isActive: e.target.checked })} />
        <div>
          <button type="submit" disabled={change.isPending} className={buttonClass('primary')}>
            {change.isPending ? t('banners.uploading') : t('banners.create')}
          </button>
        </div>
      </form>
      <div className="mt-2">
        <FormMessage tone="error">{error}</FormMessage>
      </div>
    </SectionCard>
  )
}

function BannerCard({ banner }: { banner: Banner }) {
  const { t } = useTranslation('marketing')
  const locale = useLocale()
  const change = useBannerChange()
  const error = useErrorMessage(change.error)
  const [position, setPosition] = useState(String(banner.position))
  const title = pickLocalized(banner.titleAr, banner.titleFr, locale) || t('banners.untitled')
  const dates = banner.startsAt || banner.endsAt
    ? [banner.startsAt, banner.endsAt].map((d) => (d ? formatShortDate(d, locale) : '…')).join(' → ')
    : t('banners.always')
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-line bg-white p-3">
      <img src={banner.image.src} srcSet={banner.image.srcSet} sizes="400px" alt="" width={banner.image.width} height={banner.image.height} className="aspect-video w-full rounded-md object-cover" />
      <p className="font-semibold">{title}</p>
      <p className="text-xs text-muted">
        {banner.link ? <bdi dir="ltr">{banner.link}</bdi> : t('banners.noLink')} · {dates}
      </p>
      <p className="text-sm">{t('banners.clicks', { count: banner.clickCount })}</p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-xs text-muted">
          {t('banners.position')}
          <input inputMode="numeric" value={position} onChange={(e) => setPosition(e.target.value)} className={`${inputClass} w-20`} />
        </label>
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={change.isPending || !/^\d+$/.test(position) || position === String(banner.position)}
          onClick={() => change.mutate({ id: banner._id, body: { position: Number(position) } })}
        >
          {t('banners.savePosition')}
        </button>
        <label className="inline-flex min-h-9 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-5 accent-brand"
            checked={banner.isActive}
            disabled={change.isPending}
            onChange={(e) => change.mutate({ id: banner._id, body: { isActive: e.target.checked } })}
          />
          {t('banners.isActive')}
        </label>
        <button
          type="button"
          className={buttonClass('ghost', 'ms-auto text-danger')}
          disabled={change.isPending}
          onClick={() => {
            if (window.confirm(t('banners.confirmDelete'))) change.mutate({ id: banner._id, remove: true })
          }}
        >
          {t('banners.delete')}
        </button>
      </div>
      {error ? <p role="alert" className="text-xs text-danger">{error}</p> : null}
    </li>
  )
}

/** Home page banners in display order (smallest position first), with their clicks. */
export function BannersScreen() {
  const { t } = useTranslation(['marketing', 'common'])
  const banners = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api<{ banners: Banner[] }>('/admin/banners?limit=100', { signal }).then((d) => d.banners),
  })
  const loadError = useErrorMessage(banners.error)
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('banners.title')}</h1>
      <NewBanner />
      {banners.data ? (
        banners.data.length === 0 ? (
          <p className="rounded-lg border border-line bg-white px-4 py-8 text-center text-sm text-muted">{t('banners.empty')}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {banners.data.map((banner) => (
              <BannerCard key={`${banner._id}:${banner.position}`} banner={banner} />
            ))}
          </ul>
        )
      ) : banners.isError ? (
        <ErrorState title={t('banners.loadError')} message={loadError} onRetry={() => void banners.refetch()} />
      ) : (
        <div role="status" aria-label={t('common:loading')}>
          <Skeleton className="h-64" />
        </div>
      )}
    </div>
  )
}
