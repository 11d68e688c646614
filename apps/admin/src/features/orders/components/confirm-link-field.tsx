import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'

export interface ConfirmLinkFieldProps {
  /** The full address of the customer's confirmation link. */
  link: string
}

/** The customer's confirmation link, to read out, paste in a message or copy. */
export function ConfirmLinkField({ link }: ConfirmLinkFieldProps) {
  const { t } = useTranslation('orders')
  const [isCopied, setIsCopied] = useState(false)
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-line bg-white p-4">
      <label htmlFor="confirm-link" className="text-sm font-medium">
        {t('queue.confirmLink')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="confirm-link"
          readOnly
          dir="ltr"
          value={link}
          onFocus={(event) => event.target.select()}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-ink/25 bg-surface px-3 font-mono text-xs"
        />
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(link)
              setIsCopied(true)
            } catch {
              setIsCopied(false)
            }
          }}
        >
          {isCopied ? t('queue.copied') : t('queue.copy')}
        </button>
      </div>
      <p className="text-xs text-muted">{t('queue.confirmLinkHelp')}</p>
    </div>
  )
}
