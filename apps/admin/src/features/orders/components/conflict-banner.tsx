import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'

export interface ConflictBannerProps {
  isReloading: boolean
  /** Reads the order again; what staff typed stays in the forms, to save again on the fresh version. */
  onReload: () => void
  /** Drops what staff typed and shows the fresh values: an explicit choice, never a side effect. */
  onDiscard: () => void
}

/**
 * Someone else changed the order while staff were typing (409 ORDER_CONFLICT). The banner is scrolled into view
 * and focused, wherever the form that failed sits on the page, so it is never missed below the fold.
 */
export function ConflictBanner({ isReloading, onReload, onDiscard }: ConflictBannerProps) {
  const { t } = useTranslation('orders')
  const banner = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = banner.current
    if (!element) return
    element.scrollIntoView?.({ block: 'center', behavior: 'smooth' })
    element.focus({ preventScroll: true })
  }, [])
  return (
    <div
      ref={banner}
      role="alert"
      tabIndex={-1}
      className="sticky top-16 z-10 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-danger/40 bg-white p-3 shadow-md focus:outline-2 focus:outline-danger lg:top-2"
    >
      <p className="text-sm">
        <strong className="block text-danger">{t('conflict.title')}</strong>
        {t('conflict.message')}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass('primary')} disabled={isReloading} onClick={onReload}>
          {t('conflict.reload')}
        </button>
        <button type="button" className={buttonClass('ghost')} disabled={isReloading} onClick={onDiscard}>
          {t('conflict.discard')}
        </button>
      </div>
    </div>
  )
}
