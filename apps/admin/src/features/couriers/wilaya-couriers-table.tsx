import type { CourierAccount } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { FormMessage } from '../../components/ui/form-message.tsx'
import { SectionCard } from '../../components/ui/section-card.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { cardTableClasses as c } from '../../components/ui/table-classes.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'
import { useSetWilayaChoice, useWilayaChoices } from './use-couriers.ts'

export interface WilayaCouriersTableProps {
  accounts: CourierAccount[]
}

/** Which courier each wilaya's parcels go with; "default" follows the default account. */
export function WilayaCouriersTable({ accounts }: WilayaCouriersTableProps) {
  const { t } = useTranslation(['couriers', 'common'])
  const choices = useWilayaChoices()
  const save = useSetWilayaChoice()
  const loadError = useErrorMessage(choices.error)
  const saveError = useErrorMessage(save.error)
  return (
    <SectionCard title={t('choices.title')}>
      <p className="mb-3 text-sm text-muted">{t('choices.hint')}</p>
      <FormMessage tone="error">{saveError}</FormMessage>
      {choices.data ? (
        <div className={`${c.box} max-h-[32rem]`}>
          <table className={c.table} aria-label={t('choices.title')}>
            <thead className={c.thead}>
              <tr>
                <th scope="col" className={c.th}>{t('choices.wilaya')}</th>
                <th scope="col" className={c.th}>{t('choices.courier')}</th>
              </tr>
            </thead>
            <tbody className={c.tbody}>
              {choices.data.map((choice) => {
                const label = `${String(choice.wilayaCode).padStart(2, '0')} ${choice.name}`
                return (
                  <tr key={choice.wilayaCode} className={`${c.tr} max-md:items-center`}>
                    <th scope="row" className={`${c.td} font-medium`}>
                      <bdi>{label}</bdi>
                    </th>
                    <td className={`${c.td} max-md:ms-auto`}>
                      <select
                        className="min-h-11 rounded-md border border-ink/25 bg-white px-2 text-sm lg:min-h-9"
                        aria-label={t('choices.courierOf', { wilaya: label })}
                        value={choice.accountId ?? ''}
                        disabled={save.isPending}
                        onChange={(event) => save.mutate({ wilayaCode: choice.wilayaCode, accountId: event.target.value || null })}
                      >
                        <option value="">{t('choices.default')}</option>
                        {accounts.map((account) => (
                          <option key={account._id} value={account._id}>
                            {account.active ? account.name : `${account.name} (${t('accounts.inactive')})`}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      ) : choices.isError ? (
        <ErrorState title={t('choices.loadError')} message={loadError} onRetry={() => void choices.refetch()} />
      ) : (
        <div role="status" aria-label={t('common:loading')}>
          <Skeleton className="h-40" />
        </div>
      )}
    </SectionCard>
  )
}
