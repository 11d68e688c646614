import { useEffect, useLayoutEffect } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/** The navigation state that keeps the page where it is scrolled (a filter or a sort changing the list in place). */
export const KEEP_SCROLL = { keepScroll: true } as const

const STORAGE_KEY = 'scroll-positions'
/** Kept positions, the most recent last: enough for a long visit, never a growing store. */
const KEPT = 50

function keptPositions(): [string, number][] {
  try {
    const kept: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]')
    return Array.isArray(kept) ? (kept as [string, number][]) : []
  } catch {
    return []
  }
}

function keepPosition(key: string, y: number): void {
  const kept = keptPositions().filter(([k]) => k !== key)
  kept.push([key, y])
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept.slice(-KEPT)))
  } catch {
    // storage full or refused: Back opens at the top
  }
}

/**
 * Scroll positions in the app: a new page opens at the top (or at its #anchor), Back and Forward come back to
 * where the shopper was, a filter changing the list in place (`state: KEEP_SCROLL`) leaves the page where it is.
 * The position of the page being left is the last one seen before the new page is drawn (a scroll listener):
 * once drawn, a shorter page may already have moved it.
 */
export function ScrollRestorer() {
  const location = useLocation()
  const type = useNavigationType()

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
  }, [])

  useLayoutEffect(() => {
    const key = location.key
    let lastY = window.scrollY
    let frame = 0
    const onScroll = () => {
      if (frame) return
      frame = window.requestAnimationFrame(() => {
        frame = 0
        lastY = window.scrollY
      })
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    const onLeave = () => keepPosition(key, window.scrollY)
    window.addEventListener('pagehide', onLeave)
    return () => {
      window.cancelAnimationFrame(frame)
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('pagehide', onLeave)
      // "default" is a page loaded afresh (no entry of the app's own): its position is not the next fresh page's
      if (key !== 'default') keepPosition(key, lastY)
    }
  }, [location.key])

  useLayoutEffect(() => {
    // a page loaded afresh: where the browser put it
    if (location.key === 'default') return
    if (type === 'POP') {
      const kept = keptPositions().find(([key]) => key === location.key)
      window.scrollTo(0, kept ? kept[1] : 0)
      return
    }
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView()
      return
    }
    if ((location.state as { keepScroll?: boolean } | null)?.keepScroll) return
    window.scrollTo(0, 0)
  }, [location.key, location.hash, location.state, type])
  return null
}
