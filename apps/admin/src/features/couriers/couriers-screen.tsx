import type { CourierAccount } from '@shop/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../components/ui/button-class.ts'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { cardTableClasses as c } from '../../components/ui/table-classes.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'
import { CourierAccountForm } from './courier-account-form.tsx'
import { CourierPlacesPanel } from './courier-places-panel.tsx'
import { FeeSyncPanel } from './fee-sync-panel.tsx'
import { useAccountChange, useCourierAccounts, useWilayaChoices } from './use-couriers.ts'
import { WilayaCouriersTable } from './wilaya-couriers-table.tsx'

type Editing = { kind: 'new' } | { kind: 'edit'; id: string } | null

/** The shop's courier accounts, each one's communes, and the courier of each wilaya. */
export function CouriersScreen() {
  const { t } = useTranslation(['couriers', 'common'])
  const accounts = useCourierAccounts()
  const choices = useWilayaChoices()
  const loadError = useErrorMessage(accounts.error)
  const [editing, setEditing] = useState<Editing>(null)
  const [placesOf, setPlacesOf] = useState<string | null>(null)
  const wilayas = (choices.data ?? []).map((choice) => ({ wilayaCode: choice.wilayaCode, name: choice.name }))
  const editedAccount = editing?.kind === 'edit' ? (accounts.data?.find((a) => a._id === editing.id) ?? null) : null
  const placesAccount = accounts.data?.find((a) => a._id === placesOf) ?? null
  const [feesOf, setFeesOf] = useState<string | null>(null)
  const feesAccount = accounts.data?.find((a) => a._id === feesOf) ?? null

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold">{t('title')}</h1>
        {editing ? null : (
          <button type="button" className={buttonClass('primary')} onClick={() => setEditing({ kind: 'new' })}>
            {t('accounts.add')}
          </button>
        )}
      </div>
      {editing && (editing.kind === 'new' || editedAccount) ? (
        <CourierAccountForm key={editing.kind === 'edit' ? editing.id : 'new'} account={editedAccount} wilayas={wilayas} onDone={() => setEditing(null)} />
      ) : null}
      {accounts.data ? (
        accounts.data.length === 0 ? (
          <p className="rounded-lg border border-line bg-white px-4 py-8 text-center text-sm text-muted">{t('accounts.empty')}</p>
        ) : (
          <div className={c.box}>
            <table className={c.table} aria-label={t('accounts.title')}>
              <thead className={c.thead}>
                <tr>
                  <th scope="col" className={c.th}>{t('accounts.name')}</th>
                  <th scope="col" className={c.th}>{t('accounts.engine')}</th>
                  <th scope="col" className={c.th}>{t('accounts.active')}</th>
                  <th scope="col" className={c.thFigure}>{t('accounts.places')}</th>
                  <th scope="col" className={c.th}><span className="sr-only">{t('accounts.actions')}</span></th>
                </tr>
              </thead>
              <tbody className={c.tbody}>
                {accounts.data.map((account) => (
                  <AccountRow
                    key={account._id}
                    account={account}
                    onEdit={() => setEditing({ kind: 'edit', id: account._id })}
                    onPlaces={() => setPlacesOf(placesOf === account._id ? null : account._id)}
                    onFees={() => setFeesOf(feesOf === account._id ? null : account._id)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : accounts.isError ? (
        <ErrorState title={t('accounts.loadError')} message={loadError} onRetry={() => void accounts.refetch()} />
      ) : (
        <div role="status" aria-label={t('common:loading')}>
          <Skeleton className="h-32" />
        </div>
      )}
      {feesAccount ? <FeeSyncPanel key={feesAccount._id} account={feesAccount} /> : null}
      {placesAccount ? <CourierPlacesPanel key={placesAccount._id} account={placesAccount} wilayas={wilayas} /> : null}
      {accounts.data && accounts.data.length > 0 ? <WilayaCouriersTable accounts={accounts.data} /> : null}
    </div>
  )
}

interface AccountRowProps {
  account: CourierAccount
  onEdit: () => void
  onPlaces: () => void
  onFees: () => void
}

function AccountRow({ account, onEdit, onPlaces, onFees }: AccountRowProps) {
  const { t } = useTranslation('couriers')
  const change = useAccountChange()
  const error = useErrorMessage(change.error)
  return (
    <tr className={c.tr}>
      <th scope="row" className={`${c.td} ${c.full} font-semibold`}>
        <bdi>{account.name}</bdi>
        {account.isDefault ? <span className="ms-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs text-brand">{t('accounts.default')}</span> : null}
      </th>
      <td className={c.td}>{t(`engines.${account.engine}`)}</td>
      <td className={c.td}>{account.active ? t('accounts.active') : t('accounts.inactive')}</td>
      <td className={c.tdFigure}>
        <span className={c.label}>{t('accounts.places')}</span>
        <bdi dir="ltr">{t('accounts.placesCount', { matched: account.places.matched, total: account.places.total })}</bdi>
      </td>
      <td className={`${c.td} ${c.full}`}>
        <div className="flex flex-wrap gap-1">
          <button type="button" className={buttonClass('secondary')} onClick={onEdit} aria-label={t('accounts.editOf', { name: account.name })}>
            {t('accounts.edit')}
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={onPlaces} aria-label={t('accounts.placesOf', { name: account.name })}>
            {t('accounts.showPlaces')}
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={onFees} aria-label={t('accounts.feesOf', { name: account.name })}>
            {t('accounts.showFees')}
          </button>
          <button
            type="button"
            className={buttonClass('ghost', 'text-danger')}
            disabled={change.isPending}
            aria-label={t('accounts.deleteOf', { name: account.name })}
            onClick={() => {
              if (window.confirm(t('accounts.confirmDelete', { name: account.name }))) change.mutate({ kind: 'remove', id: account._id })
            }}
          >
            {t('accounts.delete')}
          </button>
        </div>
        {error ? <p role="alert" className="text-xs text-danger">{error}</p> : null}
      </td>
    </tr>
  )
}
