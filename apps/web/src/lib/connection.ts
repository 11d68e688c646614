/**
 * Whether the shopper can reach the store right now, as one small store the banner reads:
 * - the browser says it is offline (the `offline` / `online` events), or
 * - the last call to the API got no reply at all (a dead network that still reports "online",
 *   or the store's server out of reach); the next reply that arrives clears it.
 */

export type ConnectionState = 'online' | 'offline' | 'unreachable'

let browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false
let unreachable = false
const listeners = new Set<() => void>()

function emit(): void {
  for (const listener of listeners) listener()
}

/** api() calls this when a request got no reply (NETWORK_ERROR or TIMEOUT). */
export function reportNoReply(): void {
  if (unreachable) return
  unreachable = true
  emit()
}

/** api() calls this whenever the store answered, whatever the answer. */
export function reportReply(): void {
  if (!unreachable) return
  unreachable = false
  emit()
}

export function getConnectionState(): ConnectionState {
  if (browserOffline) return 'offline'
  return unreachable ? 'unreachable' : 'online'
}

export function isBrowserOffline(): boolean {
  return browserOffline
}

let watching = false

function watchBrowser(): void {
  if (watching || typeof window === 'undefined') return
  watching = true
  window.addEventListener('offline', () => {
    browserOffline = true
    emit()
  })
  window.addEventListener('online', () => {
    browserOffline = false
    emit()
  })
}

/** For useSyncExternalStore. */
export function subscribeConnection(listener: () => void): () => void {
  watchBrowser()
  browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Tests start from a reachable store. */
export function resetConnection(): void {
  browserOffline = false
  unreachable = false
  emit()
}
