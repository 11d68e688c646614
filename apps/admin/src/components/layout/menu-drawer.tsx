import type { StaffRole } from '@shop/shared'
import { type ReactNode, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { IconClose } from '../icons/icon-close.tsx'
import { IconMenu } from '../icons/icon-menu.tsx'
import { SidebarContent } from './sidebar-content.tsx'

export interface MenuDrawerProps {
  account: ReactNode
  role: StaffRole
}

/**
 * The phone's sidebar: a native modal <dialog> (focus kept inside, Escape closes, the page behind is inert)
 * sliding in from the start edge, which is the right edge in Arabic. Its content exists only while open,
 * so the page never holds two copies of the navigation for assistive technologies.
 */
export function MenuDrawer({ account, role }: MenuDrawerProps) {
  const { t } = useTranslation()
  const dialog = useRef<HTMLDialogElement>(null)
  const [isOpen, setIsOpen] = useState(false)
  const close = () => dialog.current?.close()

  return (
    <>
      <button
        type="button"
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        onClick={() => {
          dialog.current?.showModal()
          setIsOpen(true)
        }}
        className="inline-flex size-11 items-center justify-center rounded-md hover:bg-ink/5"
      >
        <IconMenu className="size-6" />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard way out is Escape, handled by the modal dialog itself */}
      <dialog
        ref={dialog}
        aria-label={t('nav.menuTitle')}
        onClose={() => setIsOpen(false)}
        // A click on the backdrop lands on the dialog itself, outside the panel.
        onClick={(event) => {
          // the backdrop, or any link followed (the account link comes from outside the navigation)
          if (event.target === event.currentTarget || (event.target instanceof Element && event.target.closest('a'))) close()
        }}
        className="fixed inset-y-0 start-0 m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-surface p-0 text-ink transition-transform duration-200 ease-out motion-reduce:transition-none backdrop:bg-ink/40 starting:open:ltr:-translate-x-full starting:open:rtl:translate-x-full"
      >
        {isOpen ? (
          <SidebarContent
            account={account}
            role={role}
            onNavigate={close}
            header={
              <button
                type="button"
                aria-label={t('nav.closeMenu')}
                onClick={close}
                className="-me-1 inline-flex size-11 items-center justify-center rounded-md hover:bg-ink/5"
              >
                <IconClose className="size-6" />
              </button>
            }
          />
        ) : null}
      </dialog>
    </>
  )
}
