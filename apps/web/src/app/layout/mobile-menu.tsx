import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { IconClose } from '../../components/icons/icon-close.tsx'
import { IconMenu } from '../../components/icons/icon-menu.tsx'
import { MobileAccountLinks } from '../../features/auth/components/mobile-account-links.tsx'
import { InfoLinks } from '../../components/layout/info-links.tsx'
import { MainNav } from '../../components/layout/main-nav.tsx'

/**
 * The phone menu: a native modal <dialog> (focus kept inside, Escape closes, the page behind is inert)
 * sliding in from the start edge, which is the right edge in Arabic.
 */
export function MobileMenu() {
  const { t } = useTranslation()
  const dialog = useRef<HTMLDialogElement>(null)
  const close = () => dialog.current?.close()

  return (
    <>
      <button
        type="button"
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
        className="inline-flex size-11 items-center justify-center rounded-md hover:bg-surface md:hidden"
      >
        <IconMenu />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard way out is Escape, handled by the modal dialog itself */}
      <dialog
        ref={dialog}
        aria-label={t('nav.menuTitle')}
        // A click on the backdrop lands on the dialog itself, outside the panel.
        onClick={(event) => {
          if (event.target === event.currentTarget) close()
        }}
        className="fixed inset-y-0 start-0 m-0 h-dvh max-h-none w-80 max-w-[85vw] bg-paper p-0 text-ink transition-transform duration-200 ease-out motion-reduce:transition-none backdrop:bg-ink/40 starting:open:ltr:-translate-x-full starting:open:rtl:translate-x-full"
      >
        <div className="flex h-full flex-col gap-6 px-5 pt-3 pb-8">
          <div className="flex items-center justify-between">
            <p className="text-lg font-semibold">{t('nav.menuTitle')}</p>
            <button
              type="button"
              aria-label={t('nav.closeMenu')}
              onClick={close}
              className="-me-2 inline-flex size-11 items-center justify-center rounded-md hover:bg-surface"
            >
              <IconClose />
            </button>
          </div>
          <MainNav layout="column" onNavigate={close} />
          <MobileAccountLinks onNavigate={close} />
          <InfoLinks variant="menu" onNavigate={close} />
        </div>
      </dialog>
    </>
  )
}
