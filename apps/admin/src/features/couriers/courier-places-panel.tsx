import type { CourierAccount, CourierPlace } from '@shop/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../components/ui/button-class.ts'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { FormMessage } from '../../components/ui/form-message.tsx'
import { Pagination } from '../../components/ui/pagination.tsx'
import { SectionCard } from '../../components/ui/section-card.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { cardTableClasses as c } from '../../components/ui/table-classes.ts'
import { TextField } from '../../components/ui/text-field.tsx'
import { useErrorMessage } from '../../lib/use-error-message.ts'
import { type PlacesFilter, useCourierPlaces, useMatchPlace, useSyncPlaces, useWilayaCommunes } from './use-couriers.ts'

export interface CourierPlacesPanelProps {
  account: CourierAccount
  wilayas: { wilayaCode: number; name: string }[]
}

/** The courier's communes: a sync from its API, the ones left unmatched with a commune picker, and the store communes it does not serve. */
export function CourierPlacesPanel({ account, wilayas }: CourierPlacesPanelProps) {
  const { t } = useTranslation(['couriers', 'common'])
  const [filter, setFilter] = useState<PlacesFilter>({ filter: 'unmatched', q: '', page: 1 })
  const places = useCourierPlaces(account._id, filter)
  const sync = useSyncPlaces(account._id)
  const syncError = useErrorMessage(sync.error)
  const loadError = useErrorMessage(places.error)
  const wilayaName = (code: number) => wilayas.find((w) => w.wilayaCode === code)?.name ?? String(code)

  return (
    <SectionCard
      title={t('places.title', { name: account.name })}
      actions={
        <button type="button" className={buttonClass('primary')} disabled={sync.isPending} onClick={() => sync.mutate()}>
          {sync.isPending ? t('places.syncing') : t('places.sync')}
        </button>
      }
    >
      <div className="flex flex-col gap-3">
        {sync.data ? <FormMessage tone="success">{t('places.syncResult', sync.data)}</FormMessage> : null}
        <FormMessage tone="error">{syncError}</FormMessage>
        <h3 className="text-sm font-semibold">{t('places.unmatchedTitle')}</h3>
        <div className="max-w-sm">
          <TextField label={t('places.search')} name="q" type="search" value={filter.q} onChange={(event) => setFilter({ ...filter, q: event.target.value, page: 1 })} />
        </div>
        {places.data ? (
          <>
            {places.data.places.length === 0 ? (
              <p className="text-sm text-muted">{t('places.noUnmatched')}</p>
            ) : (
              <div className={c.box}>
                <table className={c.table} aria-label={t('places.unmatchedTitle')}>
                  <thead className={c.thead}>
                    <tr>
                      <th scope="col" className={c.th}>{t('places.remoteName')}</th>
                      <th scope="col" className={c.th}>{t('places.wilaya')}</th>
                      <th scope="col" className={c.th}>{t('places.commune')}</th>
                    </tr>
                  </thead>
                  <tbody className={c.tbody}>
                    {places.data.places.map((place) => (
                      <PlaceRow key={place._id} accountId={account._id} place={place} wilayas={wilayas} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pagination page={places.data.currentPage} totalPages={places.data.totalPages} onPage={(page) => setFilter({ ...filter, page })} />
            {places.data.uncovered.length > 0 ? (
              <details className="rounded-md border border-line p-3">
                <summary className="cursor-pointer text-sm font-semibold">{t('places.uncoveredTitle', { count: places.data.uncovered.length })}</summary>
                <p className="mt-2 text-xs text-muted">{t('places.uncoveredHint')}</p>
                <ul className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
                  {places.data.uncovered.map((commune) => (
                    <li key={commune.id}>
                      <bdi>{commune.name}</bdi> <span className="text-muted">({wilayaName(commune.wilayaCode)})</span>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </>
        ) : places.isError ? (
          <ErrorState title={t('places.loadError')} message={loadError} onRetry={() => void places.refetch()} />
        ) : (
          <div role="status" aria-label={t('common:loading')}>
            <Skeleton className="h-24" />
          </div>
        )}
      </div>
    </SectionCard>
  )
}

interface PlaceRowProps {
  accountId: string
  place: CourierPlace
  wilayas: { wilayaCode: number; name: string }[]
}

/** One courier commune and the picker of the store's communes of its wilaya (another wilaya can be chosen). */
function PlaceRow({ accountId, place, wilayas }: PlaceRowProps) {
  const { t } = useTranslation('couriers')
  const [wilayaCode, setWilayaCode] = useState<number | null>(place.wilayaCode)
  const communes = useWilayaCommunes(wilayaCode)
  const match = useMatchPlace(accountId)
  const error = useErrorMessage(match.error)
  return (
    <tr className={c.tr}>
      <th scope="row" className={`${c.td} ${c.full} font-semibold`}>
        <bdi>{place.remoteName}</bdi>
      </th>
      <td className={c.td}>
        <select
          className="min-h-11 rounded-md border border-ink/25 bg-white px-2 text-sm lg:min-h-9"
          aria-label={t('places.wilayaOf', { name: place.remoteName })}
          value={wilayaCode ?? ''}
          onChange={(event) => setWilayaCode(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">{t('places.wilayaUnknown')}</option>
          {wilayas.map((w) => (
            <option key={w.wilayaCode} value={w.wilayaCode}>
              {`${String(w.wilayaCode).padStart(2, '0')} ${w.name}`}
            </option>
          ))}
        </select>
      </td>
      <td className={c.td}>
        <select
          className="min-h-11 max-w-full rounded-md border border-ink/25 bg-white px-2 text-sm lg:min-h-9"
          aria-label={t('places.matchOf', { name: place.remoteName })}
          value={place.communeId ?? ''}
          disabled={match.isPending || !communes.data}
          onChange={(event) => match.mutate({ placeId: place._id, communeId: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">{t('places.choose')}</option>
          {(communes.data ?? []).map((commune) => (
            <option key={commune._id} value={commune._id}>
              {commune.name}
            </option>
          ))}
        </select>
        {error ? <p role="alert" className="text-xs text-danger">{error}</p> : null}
      </td>
    </tr>
  )
}
