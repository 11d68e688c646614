/**
 * Scroll positions are kept per history entry, under the entry's key. A page opened by a full load
 * (a new visit, a link from outside, a typed address) has no key yet, and the router would file it under
 * "default", shared by every such load in the tab: the next one would open at a position scrolled on
 * another page. Giving the entry its own key before the router starts keeps each load to itself: a new
 * visit opens at the top, a reload of the same entry finds its own position, Back finds the old one.
 */
export function keyHistoryEntry(): void {
  try {
    const state: unknown = window.history.state
    const current = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {}
    if (typeof current.key === 'string' && current.key !== '') return
    const key = Math.random().toString(36).slice(2, 10)
    window.history.replaceState({ usr: null, idx: 0, ...current, key }, '')
  } catch {
    // History can refuse in odd embedded browsers: scrolling still works, only restoration may not.
  }
}
