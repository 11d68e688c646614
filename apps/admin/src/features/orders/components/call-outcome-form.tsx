import { ORDER_PAGE_CALL_OUTCOMES, type OrderPageCallOutcome } from '@shop/shared'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { TextareaField } from '../../../components/ui/textarea-field.tsx'
import { CustomerNote } from './order-customer.tsx'

export interface CallOutcomeFormProps {
  phone: string
  /** The shopper's note ("call after 5 pm"), read before dialling. */
  customerNote?: string | null
  attempts: number
  isBusy: boolean
  onRecord: (outcome: OrderPageCallOutcome, note: string) => Promise<boolean>
}

/** The confirmation call: tap the number, then record what happened (a no-answer counts one more attempt). */
export function CallOutcomeForm({ phone, customerNote, attempts, isBusy, onRecord }: CallOutcomeFormProps) {
  const { t } = useTranslation(['orders', 'validation'])
  const [outcome, setOutcome] = useState<OrderPageCallOutcome | null>(null)
  const [note, setNote] = useState('')
  const [isMissing, setIsMissing] = useState(false)
  // a cancellation says why (the history, the customer card and the risk score read it)
  const [isReasonMissing, setIsReasonMissing] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!outcome) {
      setIsMissing(true)
      return
    }
    if (outcome === 'cancelled' && note.trim() === '') {
      setIsReasonMissing(true)
      return
    }
    if (await onRecord(outcome, note)) {
      setOutcome(null)
      setNote('')
    }
  }

  return (
    <SectionCard
      title={t('call.title')}
      actions={<span className="text-sm text-muted">{t('call.attempts', { count: attempts })}</span>}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
        <a href={`tel:${phone}`} className={buttonClass('secondary', 'self-start')}>
          {t('call.dial')} <bdi dir="ltr">{phone}</bdi>
        </a>
        {customerNote ? (
          <div className="text-sm">
            <p className="mb-1 font-medium">{t('customer.note')}</p>
            <CustomerNote note={customerNote} />
          </div>
        ) : null}
        <fieldset className="flex flex-col gap-1" aria-invalid={isMissing && !outcome ? true : undefined}>
          <legend className="mb-1 text-sm font-medium">{t('call.outcome')}</legend>
          <div className="flex flex-wrap gap-2">
            {ORDER_PAGE_CALL_OUTCOMES.map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-ink/20 px-3 text-sm has-checked:border-brand has-checked:bg-brand-soft has-checked:font-semibold lg:min-h-9"
              >
                <input
                  type="radio"
                  name="outcome"
                  value={value}
                  checked={outcome === value}
                  onChange={() => {
                    setOutcome(value)
                    setIsMissing(false)
                  }}
                  className="accent-brand"
                />
                {t(`call.outcomes.${value}`)}
              </label>
            ))}
          </div>
          {isMissing && !outcome ? <p className="text-sm text-danger">{t('call.pickOutcome')}</p> : null}
        </fieldset>
        <TextareaField
          label={t('call.note')}
          name="callNote"
          rows={2}
          maxLength={500}
          value={note}
          error={isReasonMissing && outcome === 'cancelled' && note.trim() === '' ? t('validation:cancelReason.required') : undefined}
          onChange={(event) => {
            setNote(event.target.value)
            setIsReasonMissing(false)
          }}
        />
        <button type="submit" disabled={isBusy} className={buttonClass('primary', 'self-start')}>
          {t('call.submit')}
        </button>
      </form>
    </SectionCard>
  )
}
