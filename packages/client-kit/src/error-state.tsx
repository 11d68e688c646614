import { useKitTexts } from './kit-texts.ts'

export interface ErrorStateProps {
  title: string
  message?: string
  onRetry: () => void
  isRetrying?: boolean
}

/**
 * A failed query in place of its content: what failed, why (in the reader's language), and a retry
 * button drawn in the app's own secondary button style.
 */
export function ErrorState({ title, message, onRetry, isRetrying = false, retryClassName }: ErrorStateProps & { retryClassName: string }) {
  const t = useKitTexts()
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-12 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {message ? <p className="text-sm text-muted">{message}</p> : null}
      <button type="button" onClick={onRetry} disabled={isRetrying} className={retryClassName}>
        {t('actions.retry')}
      </button>
    </div>
  )
}
