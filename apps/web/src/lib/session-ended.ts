import { useSyncExternalStore } from 'react'

/**
 * Set when the API answered 401 to a signed-in shopper's cart or orders (the session ended elsewhere or
 * expired): the cart page then says "Please login to continue" with a sign-in button instead of quietly
 * showing an empty guest cart. Cleared by the next sign-in.
 */
let ended = false
const listeners = new Set<() => void>()

function emit(value: boolean): void {
  if (ended === value) return
  ended = value
  for (const listener of listeners) listener()
}

export const markSessionEnded = (): void => emit(true)
export const clearSessionEnded = (): void => emit(false)

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useSessionEnded(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => ended,
    () => false,
  )
}
