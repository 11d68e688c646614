import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * A value the component keeps from when it is set until the component goes, then hands to `whenGone` (once).
 * The checkout keeps the placed order so: its button stays busy while the thank-you page's code is on its way,
 * and the cart is emptied once the thank-you page has replaced it. Returns the value (null until set) and its
 * setter.
 */
export function useKeptUntilGone<T>(whenGone: (value: T) => void): [T | null, (value: T) => void] {
  const [value, setValue] = useState<T | null>(null)
  // the clean-up of the last render reads these: it sees neither later state nor a later callback otherwise
  const kept = useRef<T | null>(null)
  const handOver = useRef(whenGone)
  useEffect(() => {
    handOver.current = whenGone
  }, [whenGone])
  useEffect(
    () => () => {
      if (kept.current !== null) handOver.current(kept.current)
    },
    [],
  )
  const keep = useCallback((next: T) => {
    kept.current = next
    setValue(next)
  }, [])
  return [value, keep]
}
