import type { OrderStatus } from '@shop/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { TextareaField } from '../../../components/ui/textarea-field.tsx'

export interface StatusMovesProps {
  /** From the server (`allowedMoves`): the back office never works the table out on its own. */
  moves: OrderStatus[]
  isBusy: boolean
  onMove: (status: OrderStatus, note: string) => Promise<boolean>
}

// Moves that end or undo an order ask before going.
const ASKS_FIRST: readonly OrderStatus[] = ['cancelled', 'deleted', 'returned']

export function StatusMoves({ moves, isBusy, onMove }: StatusMovesProps) {
  const { t } = useTranslation(['orders', 'common'])
  const [note, setNote] = useState('')
  return (
    <SectionCard title={t('moves.title')}>
      {moves.length === 0 ? (
        <p className="text-sm text-muted">{t('moves.none')}</p>
      ) : (
        <div className="flex flex-col gap-3">
          <TextareaField
            label={t('moves.note')}
            name="moveNote"
            rows={2}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            {moves.map((status) => (
              <button
                key={status}
                type="button"
                disabled={isBusy}
                className={buttonClass(ASKS_FIRST.includes(status) ? 'secondary' : 'primary')}
                onClick={async () => {
                  if (ASKS_FIRST.includes(status) && !window.confirm(t('moves.confirm', { status: t(`common:orderStatus.${status}`) }))) return
                  if (await onMove(status, note)) setNote('')
                }}
              >
                {t(`moves.to.${status}`)}
              </button>
            ))}
          </div>
        </div>
      )}
    </SectionCard>
  )
}
