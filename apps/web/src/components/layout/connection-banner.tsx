import { useQueryClient } from '@tanstack/react-query'
import { useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { getConnectionState, subscribeConnection } from '../../lib/connection.ts'

/**
 * "No connection", shown at the bottom of every page while the browser is offline or the store gave no
 * reply, whatever the page or form that found out. Retry asks again for what failed (and the shop
 * settings, which every page shows): the first reply hides the banner.
 */
export function ConnectionBanner() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const state = useSyncExternalStore(subscribeConnection, getConnectionState, () => 'online' as const)
  const [retrying, setRetrying] = useState(false)
  if (state === 'online') return null

  const retry = async () => {
    setRetrying(true)
    try {
      await queryClient.refetchQueries({
        type: 'active',
        predicate: (query) => query.state.status === 'error' || query.queryKey[0] === 'settings',
      })
    } finally {
      setRetrying(false)
    }
  }

  return (
    <div
      role="alert"
      aria-label={t('connection.title')}
      className="fixed inset-x-0 bottom-0 z-40 flex items-center gap-3 bg-ink px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] text-paper shadow-md"
    >
      <p className="flex-1 text-sm font-medium">{t(state === 'offline' ? 'connection.offline' : 'connection.unreachable')}</p>
      <button
        type="button"
        onClick={() => void retry()}
        disabled={retrying}
        className="inline-flex min-h-11 shrink-0 items-center rounded-md border border-paper/40 px-4 text-sm font-semibold disabled:opacity-60"
      >
        {t('actions.retry')}
      </button>
    </div>
  )
}
