/** The carousel's timings (spec: banners): a move every 5 s, at most one move per 300 ms, a swipe past 50 px. */
export const AUTOPLAY_MS = 5000
export const MOVE_LOCK_MS = 300
export const SWIPE_PX = 50

/** What a key does in the carousel: arrows follow the reading direction (in Arabic the "next" arrow is ArrowLeft). */
export type CarouselMove = { kind: 'step'; by: 1 | -1 } | { kind: 'to'; index: 'first' | 'last' } | null

export function moveForKey(key: string, direction: 'rtl' | 'ltr'): CarouselMove {
  const next = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight'
  const previous = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft'
  if (key === next) return { kind: 'step', by: 1 }
  if (key === previous) return { kind: 'step', by: -1 }
  if (key === 'Home') return { kind: 'to', index: 'first' }
  if (key === 'End') return { kind: 'to', index: 'last' }
  return null
}

/**
 * A finger (or pointer) moved by dx, dy: a swipe when mostly sideways and past SWIPE_PX. Swiping against the
 * reading direction shows the next banner, as pages turn: leftwards in French, rightwards in Arabic.
 */
export function stepForSwipe(dx: number, dy: number, direction: 'rtl' | 'ltr'): 1 | -1 | 0 {
  if (Math.abs(dx) <= SWIPE_PX || Math.abs(dx) <= Math.abs(dy)) return 0
  const towardsStart = direction === 'rtl' ? dx > 0 : dx < 0
  return towardsStart ? 1 : -1
}

/** The index `by` steps away, going round at both ends. */
export function wrapIndex(index: number, total: number): number {
  return total === 0 ? 0 : ((index % total) + total) % total
}

/**
 * `object-position` for a 16:9 picture shown in a phone's square frame: the frame is centred on the
 * picture's subject as far as the picture allows (plain percentages would only align the subject's
 * relative position, leaving a subject at 75 % half out of frame).
 */
export function squareCropPosition(focal: { x: number; y: number } | undefined, pictureAspect = 16 / 9): string {
  if (!focal) return '50% 50%'
  // The picture is as tall as the square and `pictureAspect` times as wide: the crop slides along x only.
  const spare = pictureAspect - 1
  const offset = (focal.x / 100) * pictureAspect - 0.5
  const x = spare <= 0 ? 50 : Math.min(100, Math.max(0, (offset / spare) * 100))
  return `${Math.round(x)}% ${focal.y}%`
}

/** The side of a wide banner for its text: away from the picture's subject (the picture is never mirrored). */
export function textSide(focal: { x: number; y: number } | undefined): 'left' | 'right' | 'start' {
  if (!focal || (focal.x > 40 && focal.x < 60)) return 'start'
  return focal.x >= 60 ? 'left' : 'right'
}
