import type { StaffNote } from '@shop/shared'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { TextareaField } from '../../../components/ui/textarea-field.tsx'
import { formatDateTime } from '../../../lib/dates.ts'
import { useLocale } from '@shop/client-kit'

export interface StaffNotesProps {
  notes: StaffNote[]
  isBusy: boolean
  onAdd: (text: string) => Promise<boolean>
}

/**
 * What staff write about the order, oldest first, with who and when. Append-only: a note is never edited,
 * never mixed with the customer's note and never sent to the courier.
 */
export function StaffNotes({ notes, isBusy, onAdd }: StaffNotesProps) {
  const { t } = useTranslation('orders')
  const locale = useLocale()
  const [text, setText] = useState('')
  const [isAdded, setIsAdded] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = text.trim()
    if (!value) return
    // the typed text stays until the server has the note
    if (await onAdd(value)) {
      setText('')
      setIsAdded(true)
    }
  }

  return (
    <SectionCard title={t('staffNotes.title')}>
      {notes.length === 0 ? (
        <p className="text-sm text-muted">{t('staffNotes.empty')}</p>
      ) : (
        <ol aria-label={t('staffNotes.listLabel')} className="flex flex-col gap-2">
          {notes.map((note) => (
            <li key={note._id} className="rounded-md border border-line bg-paper px-3 py-2">
              <p className="text-sm break-words whitespace-pre-line">
                <bdi>{note.text}</bdi>
              </p>
              <p className="mt-1 text-xs text-muted">
                {note.staffName ? <bdi>{note.staffName}</bdi> : t('history.bySystem')}
                {' · '}
                {formatDateTime(note.createdAt, locale)}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={onSubmit} className="mt-3 flex flex-col gap-2">
        <TextareaField
          label={t('staffNotes.label')}
          name="staffNote"
          rows={2}
          maxLength={1000}
          value={text}
          onChange={(event) => {
            setIsAdded(false)
            setText(event.target.value)
          }}
        />
        <p className="text-xs text-muted">{t('staffNotes.hint')}</p>
        <div className="flex items-center gap-3">
          <button type="submit" disabled={isBusy || text.trim() === ''} className={buttonClass('secondary')}>
            {t('staffNotes.add')}
          </button>
          {isAdded ? (
            <p role="status" className="text-sm text-brand">
              {t('staffNotes.added')}
            </p>
          ) : null}
        </div>
      </form>
    </SectionCard>
  )
}
