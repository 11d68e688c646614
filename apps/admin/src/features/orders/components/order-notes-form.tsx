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

/** The order's note and the delivery company's parcel number. */
export function OrderNotesForm({ notes, deliveryTrackingId, isBusy, onSave }: OrderNotesFormProps) {
  const { t } = useTranslation('orders')
  const [values, setValues] = useState({ notes, deliveryTrackingId })
  const [isSaved, setIsSaved] = useState(false)
  const isDirty = values.notes !== notes || values.deliveryTrackingId !== deliveryTrackingId

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setIsSaved(await onSave(values))
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
