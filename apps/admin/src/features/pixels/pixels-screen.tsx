import {
  type AdminPixel as Pixel,
  type adminPixelListReply,
  type adminPixelReply,
  type deleted,
  PIXEL_PLATFORMS,
  type pixelBody,
  type PixelPlatform,
  type pixelPatchBody,
} from '@shop/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../components/ui/button-class.ts'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { FormMessage } from '../../components/ui/form-message.tsx'
import { SectionCard } from '../../components/ui/section-card.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { cardTableClasses as c } from '../../components/ui/table-classes.ts'
import { TextField } from '../../components/ui/text-field.tsx'
import type { z } from 'zod'
import { api } from '../../lib/api.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'

const KEY = ['pixels'] as const
const PIXEL_ID = /^[A-Za-z0-9_-]{5,64}$/

type PixelChange =
  | { kind: 'add'; body: z.input<typeof pixelBody> }
  | { kind: 'edit'; id: string; body: z.input<typeof pixelPatchBody> }
  | { kind: 'remove'; id: string }

function usePixelChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (change: PixelChange): Promise<void> => {
      await (change.kind === 'remove'
        ? api<typeof deleted>(`/admin/pixels/${change.id}`, { method: 'DELETE' })
        : change.kind === 'edit'
          ? api<typeof adminPixelReply>(`/admin/pixels/${change.id}`, { method: 'PATCH', body: change.body })
          : api<typeof adminPixelReply>('/admin/pixels', { method: 'POST', body: change.body }))
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}

/**
 * The pixel's server-side events: with the platform's access token the purchase is sent by the store at
 * confirmation (fake orders never reach the campaign). The token is write-only: only "set" is shown.
 */
function ServerEvents({ pixel }: { pixel: Pixel }) {
  const { t } = useTranslation('marketing')
  const change = usePixelChange()
  const error = useErrorMessage(change.error)
  const [token, setToken] = useState('')
  const [testCode, setTestCode] = useState(pixel.testEventCode ?? '')
  const onSave = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = { ...(token.trim() ? { accessToken: token.trim() } : {}), testEventCode: testCode.trim() || null }
    try {
      await change.mutateAsync({ kind: 'edit', id: pixel._id, body })
      setToken('')
    } catch {
      // shown below
    }
  }
  return (
    <details className="text-sm">
      <summary className="cursor-pointer py-2">{pixel.hasAccessToken ? t('pixels.server.on') : t('pixels.server.off')}</summary>
      <form onSubmit={onSave} noValidate className="flex flex-col gap-2 pt-2">
        <p className="text-xs text-muted">{t('pixels.server.help')}</p>
        <TextField
          label={pixel.hasAccessToken ? t('pixels.server.replaceToken') : t('pixels.server.token')}
          name="accessToken"
          type="password"
          autoComplete="off"
          dir="ltr"
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
        <TextField label={t('pixels.server.testCode')} name="testEventCode" dir="ltr" value={testCode} onChange={(event) => setTestCode(event.target.value)} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={change.isPending} className={buttonClass('primary')}>
            {t('pixels.server.save')}
          </button>
          {pixel.hasAccessToken ? (
            <button
              type="button"
              disabled={change.isPending}
              className={buttonClass('ghost', 'text-danger')}
              onClick={() => change.mutate({ kind: 'edit', id: pixel._id, body: { accessToken: null } })}
            >
              {t('pixels.server.remove')}
            </button>
          ) : null}
        </div>
        {error ? <p role="alert" className="text-xs text-danger">{error}</p> : null}
      </form>
    </details>
  )
}

function PixelRow({ pixel }: { pixel: Pixel }) {
  const { t } = useTranslation('marketing')
  const change = usePixelChange()
  const error = useErrorMessage(change.error)
  return (
    <tr className={`${c.tr} max-md:items-center`}>
      <td className={c.td}>{t(`pixels.platforms.${pixel.platform}`)}</td>
      <th scope="row" className={`${c.td} min-w-0 font-semibold break-all`}>
        <bdi dir="ltr">{pixel.pixelId}</bdi>
      </th>
      <td className={c.td}>
        <input
          type="checkbox"
          className="size-5 accent-brand"
          checked={pixel.isActive}
          disabled={change.isPending}
          aria-label={t('pixels.activeOf', { id: pixel.pixelId })}
          onChange={(event) => change.mutate({ kind: 'edit', id: pixel._id, body: { isActive: event.target.checked } })}
        />
      </td>
      <td className={`${c.td} max-md:w-full`}>
        <ServerEvents pixel={pixel} />
      </td>
      <td className={`${c.td} max-md:ms-auto`}>
        <button
          type="button"
          className={buttonClass('ghost', 'text-danger')}
          disabled={change.isPending}
          onClick={() => {
            if (window.confirm(t('pixels.confirmDelete', { id: pixel.pixelId }))) change.mutate({ kind: 'remove', id: pixel._id })
          }}
        >
          {t('pixels.delete')}
        </button>
        {error ? <p role="alert" className="text-xs text-danger">{error}</p> : null}
      </td>
    </tr>
  )
}

/** Facebook and TikTok pixel ids the storefront loads; none configured, no script loaded. */
export function PixelsScreen() {
  const { t } = useTranslation(['marketing', 'common'])
  const pixels = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api<typeof adminPixelListReply>('/admin/pixels', { signal }).then((d) => d.pixels),
  })
  const change = usePixelChange()
  const loadError = useErrorMessage(pixels.error)
  const saveError = useErrorMessage(change.error)
  const [platform, setPlatform] = useState<PixelPlatform>('facebook')
  const [pixelId, setPixelId] = useState('')
  const [isInvalid, setIsInvalid] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!PIXEL_ID.test(pixelId.trim())) {
      setIsInvalid(true)
      return
    }
    setIsInvalid(false)
    try {
      await change.mutateAsync({ kind: 'add', body: { platform, pixelId: pixelId.trim(), isActive: true } })
      setPixelId('')
    } catch {
      // shown below
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('pixels.title')}</h1>
      <SectionCard title={t('pixels.new')}>
        <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-end">
          <SelectField
            label={t('pixels.platform')}
            value={platform}
            onChange={(event) => setPlatform(event.target.value as PixelPlatform)}
            options={PIXEL_PLATFORMS.map((value) => ({ value, label: t(`pixels.platforms.${value}`) }))}
          />
          <TextField
            label={t('pixels.pixelId')}
            name="pixelId"
            dir="ltr"
            value={pixelId}
            error={isInvalid ? t('pixels.invalid') : undefined}
            onChange={(event) => setPixelId(event.target.value)}
          />
          <button type="submit" disabled={change.isPending} className={buttonClass('primary')}>
            {t('pixels.add')}
          </button>
        </form>
        <div className="mt-2">
          <FormMessage tone="error">{saveError}</FormMessage>
        </div>
      </SectionCard>
      {pixels.data ? (
        pixels.data.length === 0 ? (
          <p className="rounded-lg border border-line bg-white px-4 py-8 text-center text-sm text-muted">{t('pixels.empty')}</p>
        ) : (
          <div className={c.box}>
            <table className={c.table} aria-label={t('pixels.title')}>
              <thead className={c.thead}>
                <tr>
                  <th scope="col" className={c.th}>{t('pixels.platform')}</th>
                  <th scope="col" className={c.th}>{t('pixels.pixelId')}</th>
                  <th scope="col" className={c.th}>{t('pixels.active')}</th>
                  <th scope="col" className={c.th}>{t('pixels.server.title')}</th>
                  <th scope="col" className={c.th}><span className="sr-only">{t('pixels.actions')}</span></th>
                </tr>
              </thead>
              <tbody className={c.tbody}>
                {pixels.data.map((pixel) => (
                  <PixelRow key={pixel._id} pixel={pixel} />
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : pixels.isError ? (
        <ErrorState title={t('pixels.loadError')} message={loadError} onRetry={() => void pixels.refetch()} />
      ) : (
        <div role="status" aria-label={t('common:loading')}>
          <Skeleton className="h-40" />
        </div>
      )}
    </div>
  )
}
