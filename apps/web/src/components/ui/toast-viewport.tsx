import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { IconClose } from '../icons/icon-close.tsx'
import { dismissToast, getToasts, subscribeToasts, type ToastTone } from './toast.ts'

const TONE: Record<ToastTone, string> = {
  success: 'bg-brand text-on-brand',
  error: 'bg-sale text-white',
  info: 'bg-ink text-paper',
}

/** Where toasts appear: top of the screen, centred on phones and at the end edge on wide screens. */
export function ToastViewport() {
  const { t } = useTranslation('pages')
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts)
  return (
    <section
      aria-label={t('toast.region')}
      className="pointer-events-none fixed inset-x-0 top-2 z-50 flex flex-col items-center gap-2 px-3 sm:items-end sm:px-6"
    >
      {toasts.map((item) => (
        <div
          key={item.id}
          role={item.tone === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex w-full max-w-sm items-center gap-2 rounded-md py-2 ps-4 pe-1 text-sm font-medium shadow-md ${TONE[item.tone]}`}
        >
          <p className="flex-1">{item.message}</p>
          <button
            type="button"
            onClick={() => dismissToast(item.id)}
            aria-label={t('toast.dismiss')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-md opacity-80 hover:opacity-100"
          >
            <IconClose />
          </button>
        </div>
      ))}
    </section>
  )
}
