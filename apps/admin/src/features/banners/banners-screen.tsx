import { useLocale } from '@shop/client-kit'
import { type AdminBanner as Banner, type adminBannerListReply, type adminBannerReply, type adminProductList, type bannerPatchBody, type deleted, pickLocalized } from '@shop/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../components/ui/button-class.ts'
import { CheckboxField } from '../../components/ui/checkbox-field.tsx'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { inputClass } from '../../components/ui/field-classes.ts'
import { FormMessage } from '../../components/ui/form-message.tsx'
import { SectionCard } from '../../components/ui/section-card.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import type { z } from 'zod'
import { ApiError, api } from '../../lib/api.ts'
import { formatDateRange, fromDateInput, toDateInput } from '../../lib/dates.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'
import { usePreparedUpload } from '../../lib/use-prepared-upload.ts'
import { productKeys } from '../../lib/product-keys.ts'
import { useCategories } from '../../lib/use-categories.ts'

const KEY = ['banners'] as const

/** A new banner is a multipart form (bannerForm's text fields and its "file"); a change is a bannerPatchBody. */
type BannerChange =
  | { kind: 'add'; form: FormData }
  | { kind: 'edit'; id: string; body: z.input<typeof bannerPatchBody> }
  | { kind: 'remove'; id: string }

function useBannerChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (change: BannerChange): Promise<void> => {
      await (change.kind === 'remove'
        ? api<typeof deleted>(`/admin/banners/${change.id}`, { method: 'DELETE' })
        : change.kind === 'edit'
          ? api<typeof adminBannerReply>(`/admin/banners/${change.id}`, { method: 'PATCH', body: change.body })
          : api<typeof adminBannerReply>('/admin/banners', { method: 'POST', body: change.form }))
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}

/** A category or a product to link a banner to: picked from the list or found by name, never typed by hand. */
export function LinkPicker({ onPick }: { onPick: (link: string) => void }) {
  const { t } = useTranslation('marketing')
  const locale = useLocale()
  const categories = useCategories()
  const [search, setSearch] = useState('')
  const term = search.trim()
  const products = useQuery({
    queryKey: productKeys.linkSearch(term),
    queryFn: ({ signal }) =>
      api<typeof adminProductList>(`/admin/products?${new URLSearchParams({ search: term, active: 'true', limit: '6' })}`, { signal }).then((d) => d.products),
    enabled: term.length >= 2,
  })
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label={t('banners.pickCategory')}
        value=""
        onChange={(event) => {
          const category = categories.data?.find((c) => c._id === event.target.value)
          if (category) onPick(`/category/${category.slug ?? category._id}`)
        }}
        options={[
          { value: '', label: t('banners.choose') },
          ...(categories.data ?? []).filter((c) => c.isActive !== false).map((c) => ({ value: c._id, label: pickLocalized(c.nameAr, c.nameFr, locale) })),
        ]}
      />
      <div className="flex min-w-0 flex-col gap-1">
        <TextField label={t('banners.pickProduct')} name="productSearch" type="search" placeholder={t('banners.searchProduct')} value={search} onChange={(e) => setSearch(e.target.value)} />
        {term.length >= 2 && products.data ? (
          products.data.length === 0 ? (
            <p className="text-xs text-muted">{t('banners.noProduct')}</p>
          ) : (
            <ul className="flex flex-col rounded-md border border-line">
              {products.data.map((product) => (
                <li key={product._id}>
                  <button
                    type="button"
                    className="min-h-11 w-full px-3 py-2 text-start text-sm hover:bg-surface"
                    onClick={() => {
                      onPick(`/product/${product.slug ?? product._id}`)
                      setSearch('')
                    }}
                  >
                    {pickLocalized(product.nameAr, product.nameFr, locale)}
                  </button>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>
    </div>
  )
}

/** Adds a banner (picture required) or, with `editing`, changes its texts, link, dates, visibility and picture. */
function BannerForm({ editing, onDone }: { editing?: Banner; onDone?: () => void }) {
  const { t } = useTranslation(['marketing', 'common'])
  const queryClient = useQueryClient()
  const change = useBannerChange()
  const replaceImage = useMutation({
    mutationFn: ({ id, file: picture }: { id: string; file: File }) => {
      const form = new FormData()
      form.append('file', picture)
      return api<typeof adminBannerReply>(`/admin/banners/${id}/image`, { method: 'POST', body: form })
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
  const upload = usePreparedUpload()
  const changeError = useErrorMessage(change.error)
  const imageError = useErrorMessage(replaceImage.error)
  const error = changeError || imageError
  const linkError = change.error instanceof ApiError ? change.error.fieldErrors.find((e) => e.field === 'link')?.message : undefined
  const empty = editing
    ? {
        titleAr: editing.titleAr,
        titleFr: editing.titleFr,
        link: editing.link ?? '',
        startsAt: toDateInput(editing.startsAt),
        endsAt: toDateInput(editing.endsAt),
        isActive: editing.isActive,
      }
    : { titleAr: '', titleFr: '', link: '', startsAt: '', endsAt: '', isActive: true }
  const [values, setValues] = useState(empty)
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [isMissingFile, setIsMissingFile] = useState(false)
  const sectionRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (editing) sectionRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })
  }, [editing])
  useEffect(() => {
    if (!preview) return
    return () => URL.revokeObjectURL(preview)
  }, [preview])

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!file && !editing) {
      setIsMissingFile(true)
      return
    }
    const startsAt = values.startsAt ? fromDateInput(values.startsAt) : null
    const endsAt = values.endsAt ? fromDateInput(values.endsAt) : null
    try {
      if (editing) {
        await change.mutateAsync({
          kind: 'edit',
          id: editing._id,
          body: { titleAr: values.titleAr.trim(), titleFr: values.titleFr.trim(), link: values.link.trim() || null, startsAt, endsAt, isActive: values.isActive },
        })
        // The texts are saved first; a picture that then fails keeps the form open with its message.
        if (file) await replaceImage.mutateAsync({ id: editing._id, file })
        onDone?.()
        return
      }
      const form = new FormData()
      form.append('titleAr', values.titleAr.trim())
      form.append('titleFr', values.titleFr.trim())
      if (values.link.trim()) form.append('link', values.link.trim())
      form.append('isActive', String(values.isActive))
      if (startsAt) form.append('startsAt', startsAt)
      if (endsAt) form.append('endsAt', endsAt)
      if (file) form.append('file', file)
      await change.mutateAsync({ kind: 'add', form })
      setValues(empty)
      setFile(null)
      setPreview(null)
    } catch {
      // shown below
    }
  }

  const title = editing ? t('banners.editTitle') : t('banners.new')
  const shown = preview ?? editing?.image.src ?? null
  return (
    <div ref={sectionRef} className="scroll-mt-20">
      <SectionCard title={title}>
        <form onSubmit={onSubmit} noValidate aria-label={title} className="grid gap-3 md:grid-cols-2">
          <div className="flex flex-col gap-2 md:row-span-4">
            {shown ? <img src={shown} alt="" className="aspect-video w-full rounded-md object-cover" /> : <div className="aspect-video w-full rounded-md bg-surface" />}
            <label className={buttonClass('secondary', 'cursor-pointer self-start')}>
              {upload.isPreparing ? t('common:upload.preparing') : editing ? t('banners.replaceImage') : t('banners.pickImage')}
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="sr-only"
                disabled={upload.isPreparing}
                onChange={async (event) => {
                  const picked = event.target.files?.[0] ?? null
                  event.target.value = ''
                  setIsMissingFile(false)
                  const prepared = picked ? await upload.prepare(picked) : null
                  setFile(prepared)
                  setPreview(prepared ? URL.createObjectURL(prepared) : null)
                }}
              />
            </label>
            <p className={`text-xs ${isMissingFile || upload.error ? 'text-danger' : 'text-muted'}`}>
              {upload.error || (isMissingFile ? t('banners.imageRequired') : `${t('banners.imageHint')} ${t('common:upload.limit')}`)}
            </p>
          </div>
          <div dir="rtl"><TextField label={t('banners.titleAr')} name="titleAr" value={values.titleAr} onChange={(e) => setValues({ ...values, titleAr: e.target.value })} /></div>
          <div dir="ltr"><TextField label={t('banners.titleFr')} name="titleFr" value={values.titleFr} onChange={(e) => setValues({ ...values, titleFr: e.target.value })} /></div>
          <div className="flex min-w-0 flex-col gap-3">
            <TextField label={t('banners.link')} name="link" dir="ltr" placeholder="/category/…" value={values.link} error={linkError} onChange={(e) => setValues({ ...values, link: e.target.value })} />
            <p className="-mt-2 text-xs text-muted">{t('banners.linkHint')}</p>
            <LinkPicker onPick={(link) => setValues((current) => ({ ...current, link }))} />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <TextField label={t('banners.startsAt')} name="startsAt" type="date" value={values.startsAt} onChange={(e) => setValues({ ...values, startsAt: e.target.value })} />
            <TextField label={t('banners.endsAt')} name="endsAt" type="date" value={values.endsAt} onChange={(e) => setValues({ ...values, endsAt: e.target.value })} />
          </div>
          <CheckboxField label={t('banners.isActive')} checked={values.isActive} onChange={(e) => setValues({ ...values, isActive: e.target.checked })} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={change.isPending || replaceImage.isPending || upload.isPreparing} className={buttonClass('primary')}>
              {change.isPending || replaceImage.isPending ? t('banners.uploading') : editing ? t('banners.save') : t('banners.create')}
            </button>
            {editing ? (
              <button type="button" className={buttonClass('secondary')} onClick={onDone}>
                {t('banners.cancel')}
              </button>
            ) : null}
          </div>
        </form>
        <div className="mt-2">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      </SectionCard>
    </div>
  )
}

function BannerCard({ banner, onEdit }: { banner: Banner; onEdit: () => void }) {
  const { t } = useTranslation('marketing')
  const locale = useLocale()
  const change = useBannerChange()
  const error = useErrorMessage(change.error)
  const [position, setPosition] = useState(String(banner.position))
  const title = pickLocalized(banner.titleAr, banner.titleFr, locale) || t('banners.untitled')
  const dates = banner.startsAt || banner.endsAt
    ? formatDateRange(banner.startsAt, banner.endsAt, locale)
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
          onClick={() => change.mutate({ kind: 'edit', id: banner._id, body: { position: Number(position) } })}
        >
          {t('banners.savePosition')}
        </button>
        <label className="inline-flex min-h-9 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-5 accent-brand"
            checked={banner.isActive}
            disabled={change.isPending}
            onChange={(e) => change.mutate({ kind: 'edit', id: banner._id, body: { isActive: e.target.checked } })}
          />
          {t('banners.isActive')}
        </label>
        <button type="button" className={buttonClass('secondary', 'ms-auto')} aria-label={`${t('banners.edit')} · ${title}`} onClick={onEdit}>
          {t('banners.edit')}
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'text-danger')}
          disabled={change.isPending}
          onClick={() => {
            if (window.confirm(t('banners.confirmDelete'))) change.mutate({ kind: 'remove', id: banner._id })
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
  const [editing, setEditing] = useState<Banner | null>(null)
  const banners = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api<typeof adminBannerListReply>('/admin/banners?limit=100', { signal }).then((d) => d.banners),
  })
  const loadError = useErrorMessage(banners.error)
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('banners.title')}</h1>
      {editing ? <BannerForm key={editing._id} editing={editing} onDone={() => setEditing(null)} /> : <BannerForm key="new" />}
      {banners.data ? (
        banners.data.length === 0 ? (
          <p className="rounded-lg border border-line bg-white px-4 py-8 text-center text-sm text-muted">{t('banners.empty')}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {banners.data.map((banner) => (
              <BannerCard key={`${banner._id}:${banner.position}`} banner={banner} onEdit={() => setEditing(banner)} />
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
