import { useTranslation } from 'react-i18next'
import { buttonClass } from './button-class.ts'

export interface ErrorStateProps {
  title: string
  message?: string
  onRetry: () => void
  isRetrying?: boolean
}

export function ErrorState({ title, message, onRetry, isRetrying = false }: ErrorStateProps) {
  const { t } = useTranslation()
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-12 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {message ? <p className="text-sm text-muted">{message}</p> : null}
      <button type="button" onClick={onRetry} disabled={isRetrying} className={buttonClass('secondary', 'mt-2')}>
        {t('actions.retry')}
      </button>
    </div>
  )
}
