import { type ReactNode, useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useBlocker } from 'react-router'
import { buttonClass } from '../components/ui/button-class.ts'

/**
 * Warns before unsaved changes are lost: a link or Back inside the back office asks first (React Router's
 * blocker), closing or reloading the tab gets the browser's own "leave site?" prompt (beforeunload).
 * `allowNextNavigation()` lets one navigation the form itself starts (after a save, a delete) go through.
 */
export function useUnsavedChanges(isDirty: boolean, texts: { title: string; message: string; stay: string; leave: string }) {
  const allowOnce = useRef(false)
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowOnce.current) {
      allowOnce.current = false
      return false
    }
    return isDirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search)
  })

  useEffect(() => {
    if (!isDirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // older browsers show the prompt only when returnValue is set
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [isDirty])

  const allowNextNavigation = useCallback(() => {
    allowOnce.current = true
  }, [])

  const dialog: ReactNode =
    blocker.state === 'blocked' ? (
      <UnsavedChangesDialog {...texts} onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
    ) : null
  return { dialog, allowNextNavigation }
}

function UnsavedChangesDialog({
  title,
  message,
  stay,
  leave,
  onStay,
  onLeave,
}: {
  title: string
  message: string
  stay: string
  leave: string
  onStay: () => void
  onLeave: () => void
}) {
  const { i18n } = useTranslation()
  const stayButton = useRef<HTMLButtonElement>(null)
  useEffect(() => stayButton.current?.focus(), [])
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-ink/40 p-4 sm:items-center" dir={i18n.dir()}>
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="unsaved-title"
        aria-describedby="unsaved-message"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onStay()
        }}
        className="flex w-full max-w-md flex-col gap-3 rounded-lg bg-white p-4 shadow-lg"
      >
        <h2 id="unsaved-title" className="text-lg font-bold">
          {title}
        </h2>
        <p id="unsaved-message" className="text-sm">
          {message}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <button ref={stayButton} type="button" className={buttonClass('primary')} onClick={onStay}>
            {stay}
          </button>
          <button type="button" className={buttonClass('secondary', 'text-danger')} onClick={onLeave}>
            {leave}
          </button>
        </div>
      </div>
    </div>
  )
}
