import { CALL_OUTCOMES, type CallOutcome } from '@shop/shared'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useLocale } from '@shop/client-kit'
import { formatDateTime } from '../../../lib/dates.ts'
import type { CallRecord } from '../api/use-call-queue.ts'
import { callbackChoices, isShortcutEvent, OUTCOME_KEYS } from '../call-shortcuts.ts'

export interface CallOutcomePadProps {
  isBusy: boolean
  /** Field errors of the last attempt, by field (callbackAt, note). */
  fieldError: (field: string) => string | undefined
  onRecord: (call: CallRecord) => void
}

/** Outcomes that need more before they are sent: a callback time, a reason. */
type Pending = 'postponed' | 'cancelled' | null

const TONE: Partial<Record<CallOutcome, string>> = {
  confirmed: 'primary',
}

/** 'YYYY-MM-DDTHH:mm' of the device's clock, for a datetime-local field. */
function localInputValue(date: Date): string {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  return shifted.toISOString().slice(0, 19)
}

/** Save (submits the form) and back (closes it without sending). */
function FormActions({ isBusy, save, back, onBack }: { isBusy: boolean; save: string; back: string; onBack: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" disabled={isBusy} className={buttonClass('primary')}>
        {save}
      </button>
      <button type="button" className={buttonClass('ghost')} onClick={onBack}>
        {back}
      </button>
    </div>
  )
}

/**
 * The eight outcomes as buttons, each with its key (1-8). Postponed asks when (quick choices or a date and
 * time), cancelled asks why; the others are sent at once. Keys typed into a field are text, not shortcuts.
 */
export function CallOutcomePad({ isBusy, fieldError, onRecord }: CallOutcomePadProps) {
  const { t } = useTranslation('orders')
  const locale = useLocale()
  const [pending, setPending] = useState<Pending>(null)
  const [reason, setReason] = useState('')
  const [when, setWhen] = useState('')
  const choose = useRef<(outcome: CallOutcome) => void>(() => {})
  choose.current = (outcome: CallOutcome) => {
    if (isBusy) return
    if (outcome === 'postponed' || outcome === 'cancelled') {
      setPending(outcome)
      return
    }
    onRecord({ outcome })
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcutEvent(event)) return
      const outcome = CALL_OUTCOMES.find((value) => OUTCOME_KEYS[value] === event.key)
      if (!outcome) return
      event.preventDefault()
      choose.current(outcome)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const choices = callbackChoices(new Date())
  const postpone = (at: Date) => onRecord({ outcome: 'postponed', callbackAt: at.toISOString() })
  const onPostpone = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const at = new Date(when)
    if (when && !Number.isNaN(at.getTime())) postpone(at)
    else onRecord({ outcome: 'postponed' })
  }
  const onCancel = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onRecord({ outcome: 'cancelled', note: reason.trim() })
  }

  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label={t('queue.outcomes')} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {CALL_OUTCOMES.map((outcome) => (
          <button
            key={outcome}
            type="button"
            disabled={isBusy}
            aria-keyshortcuts={OUTCOME_KEYS[outcome]}
            aria-pressed={pending === outcome ? true : undefined}
            onClick={() => choose.current(outcome)}
            className={buttonClass(TONE[outcome] === 'primary' ? 'primary' : 'secondary', 'justify-between text-start')}
          >
            <span>{t(`call.outcomes.${outcome}`)}</span>
            <kbd className="rounded border border-current/30 px-1.5 font-mono text-xs" aria-hidden="true">
              {OUTCOME_KEYS[outcome]}
            </kbd>
          </button>
        ))}
      </div>

      {pending === 'postponed' ? (
        <form onSubmit={onPostpone} className="flex flex-col gap-2 rounded-md bg-surface p-3" aria-label={t('queue.postpone.title')}>
          <p className="text-sm font-medium">{t('queue.postpone.title')}</p>
          <div className="flex flex-wrap gap-2">
            {(['inAnHour', 'thisEvening', 'tomorrow'] as const).map((choice) => (
              <button key={choice} type="button" disabled={isBusy} className={buttonClass('secondary')} onClick={() => postpone(choices[choice])}>
                {t(`queue.postpone.${choice}`)}
                <span className="text-xs font-normal text-muted">
                  <bdi dir="ltr">{formatDateTime(choices[choice], locale)}</bdi>
                </span>
              </button>
            ))}
          </div>
          <TextField
            label={t('queue.postpone.at')}
            name="callbackAt"
            type="datetime-local"
            step={1}
            dir="ltr"
            min={localInputValue(new Date())}
            value={when}
            onChange={(event) => setWhen(event.target.value)}
            error={fieldError('callbackAt')}
          />
          <FormActions isBusy={isBusy} save={t('queue.postpone.save')} back={t('queue.back')} onBack={() => setPending(null)} />
        </form>
      ) : null}

      {pending === 'cancelled' ? (
        <form onSubmit={onCancel} className="flex flex-col gap-2 rounded-md bg-surface p-3" aria-label={t('queue.cancel.title')} noValidate>
          <TextField
            label={t('queue.cancel.reason')}
            name="cancelReason"
            maxLength={500}
            autoFocus
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={fieldError('note')}
          />
          <FormActions isBusy={isBusy} save={t('queue.cancel.save')} back={t('queue.back')} onBack={() => setPending(null)} />
        </form>
      ) : null}
    </div>
  )
}
