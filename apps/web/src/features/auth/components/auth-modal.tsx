import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { IconClose } from '../../../components/icons/icon-close.tsx'
import { type AuthTab, AuthPanel } from './auth-panel.tsx'

export interface AuthModalProps {
  open: boolean
  initialTab?: AuthTab
  onClose: () => void
}

/** Sign-in / sign-up in a native modal dialog (focus kept inside, Escape closes). */
export function AuthModal({ open, initialTab = 'login', onClose }: AuthModalProps) {
  const { t } = useTranslation('account')
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal?.()
    if (!open && element.open) element.close?.()
  }, [open])

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled by the modal dialog itself
    <dialog
      ref={dialog}
      aria-label={t('modal.title')}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
      className="m-auto w-[min(28rem,calc(100vw-1rem))] rounded-lg bg-paper p-0 text-ink backdrop:bg-ink/40"
    >
      {open ? (
        <div className="flex flex-col gap-4 p-5">
          <div className="flex items-center justify-between">
            <p className="text-lg font-semibold">{t('modal.title')}</p>
            <button type="button" onClick={onClose} aria-label={t('modal.close')} className="-me-2 inline-flex size-11 items-center justify-center rounded-md hover:bg-surface">
              <IconClose />
            </button>
          </div>
          <AuthPanel initialTab={initialTab} onSignedIn={onClose} />
        </div>
      ) : null}
    </dialog>
  )
}
