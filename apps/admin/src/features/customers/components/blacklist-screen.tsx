import { useLocale } from '@shop/client-kit'
import { normalizeDzMobile } from '@shop/shared'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { FormMessage } from '../../../components/ui/form-message.tsx'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ApiError } from '../../../lib/api.ts'
import { formatShortDate } from '../../../lib/dates.ts'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { useBlacklist, useBlacklistChange } from '../api/use-customer.ts'

/** The phones the shop refuses (or holds) at checkout: add one with its reason, take one off. */
export function BlacklistScreen() {
  const { t } = useTranslation(['customers', 'common', 'validation'])
  const locale = useLocale()
  const list = useBlacklist()
  const change = useBlacklistChange()
  const [phone, setPhone] = useState('')
  const [reason, setReason] = useState('')
  const [phoneError, setPhoneError] = useState<string | undefined>()
  const loadError = useErrorMessage(list.error)
  const changeError = useErrorMessage(change.error)
  const serverField = (field: string) => (change.error instanceof ApiError ? change.error.fieldErrors.find((e) => e.field === field)?.message : undefined)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // the shared rule the API applies: an Algerian mobile
    if (normalizeDzMobile(phone) === null) {
      setPhoneError(t('validation:phone.invalid'))
      return
    }
    setPhoneError(undefined)
    change.mutate({ kind: 'add', body: { phone, reason } }, { onSuccess: () => { setPhone(''); setReason('') } })
  }

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('blacklist.title')}</h1>
      <p className="text-sm text-muted">{t('blacklist.intro')}</p>
      <SectionCard title={t('blacklist.add')}>
        <form onSubmit={onSubmit} noValidate className="grid items-end gap-3 md:grid-cols-[1fr_2fr_auto]">
          <TextField label={t('blacklist.phone')} name="phone" type="tel" inputMode="tel" dir="ltr" value={phone} error={phoneError ?? serverField('phone')} onChange={(e) => setPhone(e.target.value)} />
          <TextField label={t('blacklist.reason')} name="reason" value={reason} maxLength={300} error={serverField('reason')} onChange={(e) => setReason(e.target.value)} />
          <button type="submit" className={buttonClass('primary')} disabled={change.isPending}>
            {change.isPending ? t('blacklist.adding') : t('blacklist.add')}
          </button>
        </form>
        <FormMessage tone="error">{changeError}</FormMessage>
      </SectionCard>
      {list.data ? (
        list.data.length === 0 ? (
          <p className="text-sm text-muted">{t('blacklist.empty')}</p>
        ) : (
          <ul aria-label={t('blacklist.list')} className="flex flex-col divide-y divide-line rounded-lg border border-line bg-white">
            {list.data.map((entry) => (
              <li key={entry.phone} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="flex min-w-0 flex-col">
                  <bdi dir="ltr" className="font-semibold">{entry.phone}</bdi>
                  <span className="text-sm">{entry.reason}</span>
                  <span className="text-xs text-muted">{t('blacklist.by', { name: entry.staffName, date: formatShortDate(entry.createdAt, locale) })}</span>
                </div>
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  disabled={change.isPending}
                  onClick={() => {
                    if (window.confirm(t('blacklist.removeConfirm', { phone: entry.phone }))) change.mutate({ kind: 'remove', phone: entry.phone })
                  }}
                >
                  {t('blacklist.remove')}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : list.isError ? (
        <ErrorState title={t('blacklist.loadError')} message={loadError} onRetry={() => void list.refetch()} />
      ) : (
        <div role="status" aria-label={t('common:loading')}>
          <Skeleton className="h-40" />
        </div>
      )}
    </div>
  )
}
