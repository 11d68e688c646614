import type { ReturnDecision, ReturnRequest } from '@shop/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { formatDateTime } from '../../../lib/dates.ts'
import { useLocale } from '@shop/client-kit'

// Staff answer a request; 'requested' is where it starts, never a choice.
const HANDLED = ['accepted', 'refused', 'received'] as const satisfies readonly ReturnDecision[]

export interface ReturnRequestsProps {
  requests: ReturnRequest[]
  isBusy: boolean
  /** Absent for a role that cannot handle returns (agents): the requests are shown, not the form. */
  onUpdate?: (requestId: string, status: ReturnDecision, note: string) => Promise<boolean>
}

function ReturnRequestItem({ request, isBusy, onUpdate }: { request: ReturnRequest } & Omit<ReturnRequestsProps, 'requests'>) {
  const { t } = useTranslation('orders')
  const locale = useLocale()
  const [status, setStatus] = useState<ReturnDecision>(request.status === 'requested' ? 'accepted' : request.status)
  const [note, setNote] = useState(request.staffNote ?? '')
  return (
    <li className="flex flex-col gap-2 rounded-md border border-line p-3">
      <p className="text-sm">
        <span className="font-semibold">{t(`returns.status.${request.status}`)}</span>
        <span className="text-muted"> · {formatDateTime(request.createdAt, locale)}</span>
      </p>
      {request.reason ? <p className="text-sm whitespace-pre-line">{request.reason}</p> : null}
      {onUpdate ? (
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          void onUpdate(request._id, status, note)
        }}
      >
        <SelectField
          label={t('returns.newStatus')}
          value={status}
          onChange={(event) => setStatus(event.target.value as ReturnDecision)}
          options={HANDLED.map((value) => ({ value, label: t(`returns.status.${value}`) }))}
        />
        <div className="min-w-0 flex-1">
          <TextField label={t('returns.note')} name="returnNote" value={note} onChange={(event) => setNote(event.target.value)} />
        </div>
        <button type="submit" disabled={isBusy} className={buttonClass('secondary')}>
          {t('returns.save')}
        </button>
      </form>
      ) : null}
    </li>
  )
}

export function ReturnRequests({ requests, isBusy, onUpdate }: ReturnRequestsProps) {
  const { t } = useTranslation('orders')
  if (requests.length === 0) return null
  return (
    <SectionCard title={t('returns.title')}>
      <ul className="flex flex-col gap-3">
        {requests.map((request) => (
          <ReturnRequestItem key={request._id} request={request} isBusy={isBusy} onUpdate={onUpdate} />
        ))}
      </ul>
    </SectionCard>
  )
}
