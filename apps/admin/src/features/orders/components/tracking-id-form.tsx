import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'

export interface TrackingIdFormProps {
  deliveryTrackingId: string
  isBusy: boolean
  onSave: (deliveryTrackingId: string) => Promise<boolean>
}

/** The delivery company's parcel number; every change is kept in the history with who and when. */
export function TrackingIdForm({ deliveryTrackingId, isBusy, onSave }: TrackingIdFormProps) {
  const { t } = useTranslation('orders')
  const [value, setValue] = useState(deliveryTrackingId)
  const [isSaved, setIsSaved] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setIsSaved(await onSave(value.trim()))
  }

  return (
    <SectionCard title={t('edit.title')}>
      <form onSubmit={onSubmit} className="flex flex-col gap-3">
        <TextField
          label={t('edit.deliveryTrackingId')}
          name="deliveryTrackingId"
          dir="ltr"
          maxLength={100}
          value={value}
          onChange={(event) => {
            setIsSaved(false)
            setValue(event.target.value)
          }}
        />
        <div className="flex items-center gap-3">
          <button type="submit" disabled={isBusy || value.trim() === deliveryTrackingId} className={buttonClass('secondary')}>
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
