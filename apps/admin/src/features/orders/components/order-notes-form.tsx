import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { TextareaField } from '../../../components/ui/textarea-field.tsx'

export interface OrderNotesFormProps {
  notes: string
  deliveryTrackingId: string
  isBusy: boolean
  onSave: (values: { notes: string; deliveryTrackingId: string }) => Promise<boolean>
}

/**
 * The order's note and the delivery company's parcel number. What staff type stays here until saved, even when
 * the order is read again (after a conflict); untouched fields follow the server's values.
 */
export function OrderNotesForm({ notes, deliveryTrackingId, isBusy, onSave }: OrderNotesFormProps) {
  const { t } = useTranslation('orders')
  const [typed, setTyped] = useState<Partial<{ notes: string; deliveryTrackingId: string }>>({})
  const values = { notes: typed.notes ?? notes, deliveryTrackingId: typed.deliveryTrackingId ?? deliveryTrackingId }
  const setValues = (next: { notes: string; deliveryTrackingId: string }) =>
    setTyped({
      ...(next.notes !== values.notes || typed.notes !== undefined ? { notes: next.notes } : {}),
      ...(next.deliveryTrackingId !== values.deliveryTrackingId || typed.deliveryTrackingId !== undefined
        ? { deliveryTrackingId: next.deliveryTrackingId }
        : {}),
    })
  const [isSaved, setIsSaved] = useState(false)
  const isDirty = values.notes !== notes || values.deliveryTrackingId !== deliveryTrackingId

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const saved = await onSave(values)
    // saved: the server's values are now these; the form follows them again
    if (saved) setTyped({})
    setIsSaved(saved)
  }

  return (
    <SectionCard title={t('edit.title')}>
      <form onSubmit={onSubmit} className="flex flex-col gap-3">
        <TextareaField
          label={t('edit.notes')}
          name="notes"
          maxLength={500}
          value={values.notes}
          onChange={(event) => {
            setIsSaved(false)
            setValues({ ...values, notes: event.target.value })
          }}
        />
        <TextField
          label={t('edit.deliveryTrackingId')}
          name="deliveryTrackingId"
          dir="ltr"
          value={values.deliveryTrackingId}
          onChange={(event) => {
            setIsSaved(false)
            setValues({ ...values, deliveryTrackingId: event.target.value })
          }}
        />
        <div className="flex items-center gap-3">
          <button type="submit" disabled={isBusy || !isDirty} className={buttonClass('secondary')}>
            {t('edit.save')}
          </button>
          {isSaved ? (
            <p role="status" className="text-sm text-brand">
              {t('edit.saved')}
            </p>
          ) : null}
        </div>
      </form>
    </SectionCard>
  )
}
