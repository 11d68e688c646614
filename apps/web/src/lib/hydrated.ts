import { useSyncExternalStore } from 'react'

const subscribe = () => () => undefined

/**
 * False while the server renders the page and while the browser hydrates it, true from the render after: what a
 * plain HTML form needs (a button the scripts would disable stays usable in the server's HTML, which posts the
 * form to the server when the scripts have not run).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
